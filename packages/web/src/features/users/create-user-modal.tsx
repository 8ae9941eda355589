import {
  Alert,
  Button,
  Checkbox,
  CopyButton,
  Group,
  Modal,
  Radio,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCopy } from '@tabler/icons-react';
import {
  AdminCreateUserRequestSchema,
  type AdminCreateUserResult,
  type InitialPasswordMode,
} from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../app/form-errors';
import { useCreateUser } from './api';
import { accountErrorOptions, checkField } from './form-errors';

type Values = {
  firstName: string;
  lastName: string;
  email: string;
  passwordMode: InitialPasswordMode;
  isSystemAdmin: boolean;
};
const FIELDS = ['firstName', 'lastName', 'email', 'passwordMode'] as const;

/** Create a staff user (system admins): a temporary password shown once, or an emailed set-password link. */
export function CreateUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateUser();
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<AdminCreateUserResult | null>(null);
  const shape = AdminCreateUserRequestSchema.shape;
  const form = useForm<Values>({
    initialValues: {
      firstName: '',
      lastName: '',
      email: '',
      passwordMode: 'TEMPORARY',
      isSystemAdmin: false,
    },
    validate: {
      firstName: (value) => checkField(t, shape.firstName, value),
      lastName: (value) => checkField(t, shape.lastName, value),
      email: (value) => checkField(t, shape.email, value),
    },
  });

  const handleClose = () => {
    form.reset();
    setProblem(null);
    setResult(null);
    onClose();
  };

  const handleSubmit = (values: Values) => {
    setProblem(null);
    create.mutate(values, {
      onSuccess: setResult,
      onError: (error) => setProblem(applyServerErrors(form, error, accountErrorOptions(t, FIELDS)).message),
    });
  };

  const name = result ? `${result.user.firstName} ${result.user.lastName}` : '';
  return (
    <Modal opened={opened} onClose={handleClose} title={t('ACCOUNTS.ADMIN.CREATE_MODAL.TITLE')} size="lg">
      {result ? (
        <Stack gap="md">
          <Text fw={600}>{t('ACCOUNTS.ADMIN.CREATE_MODAL.CREATED_TITLE', { name })}</Text>
          {result.temporaryPassword ? (
            <>
              <Text size="sm">{t('ACCOUNTS.ADMIN.CREATE_MODAL.TEMP_PASSWORD_TEXT', { name })}</Text>
              <Group gap="xs" wrap="nowrap">
                <TextInput
                  value={result.temporaryPassword}
                  readOnly
                  flex={1}
                  ff="monospace"
                  dir="ltr"
                  aria-label={t('ACCOUNTS.ADMIN.CREATE_MODAL.TEMP_PASSWORD')}
                  data-testid="temporary-password"
                />
                <CopyButton value={result.temporaryPassword}>
                  {({ copied, copy }) => (
                    <Button variant="light" leftSection={<IconCopy size={16} aria-hidden />} onClick={copy}>
                      {copied
                        ? t('ACCOUNTS.ADMIN.CREATE_MODAL.COPIED')
                        : t('ACCOUNTS.ADMIN.CREATE_MODAL.COPY')}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </>
          ) : (
            <Text size="sm">
              {t('ACCOUNTS.ADMIN.CREATE_MODAL.EMAIL_SENT_TEXT', { email: result.user.email })}
            </Text>
          )}
          <Group justify="flex-end">
            <Button onClick={handleClose}>{t('ACCOUNTS.ADMIN.CREATE_MODAL.DONE')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
          <Stack gap="md">
            {problem && (
              <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
                {problem}
              </Alert>
            )}
            <Group grow align="flex-start" wrap="wrap" gap="sm">
              <TextInput
                {...form.getInputProps('firstName')}
                label={t('ACCOUNTS.FIELDS.FIRST_NAME')}
                miw={180}
                required
              />
              <TextInput
                {...form.getInputProps('lastName')}
                label={t('ACCOUNTS.FIELDS.LAST_NAME')}
                miw={180}
                required
              />
            </Group>
            <TextInput
              {...form.getInputProps('email')}
              label={t('ACCOUNTS.FIELDS.EMAIL')}
              type="email"
              required
            />
            <Radio.Group
              {...form.getInputProps('passwordMode')}
              label={t('ACCOUNTS.ADMIN.CREATE_MODAL.MODE')}
            >
              <Stack gap="xs" mt="xs">
                <Radio
                  value="TEMPORARY"
                  label={t('ACCOUNTS.ADMIN.CREATE_MODAL.MODE_TEMPORARY')}
                  description={t('ACCOUNTS.ADMIN.CREATE_MODAL.MODE_TEMPORARY_HINT')}
                />
                <Radio
                  value="EMAIL_LINK"
                  label={t('ACCOUNTS.ADMIN.CREATE_MODAL.MODE_EMAIL')}
                  description={t('ACCOUNTS.ADMIN.CREATE_MODAL.MODE_EMAIL_HINT')}
                />
              </Stack>
            </Radio.Group>
            <Checkbox
              {...form.getInputProps('isSystemAdmin', { type: 'checkbox' })}
              label={t('ACCOUNTS.ADMIN.CREATE_MODAL.SYSTEM_ADMIN')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={handleClose}>
                {t('ACCOUNTS.ADMIN.CANCEL')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('ACCOUNTS.ADMIN.CREATE_MODAL.SUBMIT')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
