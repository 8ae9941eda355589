import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { checkPasswordStrength } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../app/form-errors';
import { isHttpError } from '../../app/http';
import { showSuccessToast } from '../../app/notify';
import { PasswordField } from '../../components/password-field';
import { useChangePassword } from './api';
import { accountErrorOptions, issueText } from './form-errors';
import { PasswordChecklist } from './password-checklist';

type Values = { currentPassword: string; newPassword: string; repeat: string };
const FIELDS = ['currentPassword', 'newPassword'] as const;

/** The password tab (spec 001 §2, own profile only): current, new and repeated, with the live rule. */
export function PasswordForm({ userId, email }: { userId: string; email: string }) {
  const { t } = useTranslation();
  const change = useChangePassword(userId);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { currentPassword: '', newPassword: '', repeat: '' },
    validate: {
      currentPassword: (value) => (value ? null : t('ACCOUNTS.INVALID.REQUIRED')),
      newPassword: (value, values) => {
        const issue = checkPasswordStrength(value, { email, path: ['newPassword'] })[0];
        if (issue) return issueText(t, issue);
        return value === values.currentPassword ? t('ACCOUNTS.PASSWORD_RULES.SAME_AS_CURRENT') : null;
      },
      repeat: (value, values) => (value === values.newPassword ? null : t('ACCOUNTS.INVALID.MISMATCH')),
    },
  });

  const handleSubmit = ({ currentPassword, newPassword }: Values) => {
    setProblem(null);
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset();
          showSuccessToast(t('ACCOUNTS.PASSWORD_TAB.CHANGED'));
        },
        onError: (error) => {
          if (isHttpError(error) && error.body?.type === 'EXCEED_NO_ATTEMPTS') {
            setProblem(t('ACCOUNTS.PASSWORD_TAB.BLOCKED'));
            return;
          }
          setProblem(applyServerErrors(form, error, accountErrorOptions(t, FIELDS)).message);
        },
      },
    );
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack gap="md" maw={420}>
        <Text size="sm" c="dimmed">
          {t('ACCOUNTS.PASSWORD_TAB.INTRO')}
        </Text>
        {problem && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {problem}
          </Alert>
        )}
        <PasswordField
          {...form.getInputProps('currentPassword')}
          label={t('ACCOUNTS.FIELDS.CURRENT_PASSWORD')}
          autoComplete="current-password"
          required
        />
        <PasswordField
          {...form.getInputProps('newPassword')}
          label={t('ACCOUNTS.FIELDS.NEW_PASSWORD')}
          autoComplete="new-password"
          required
        />
        <PasswordChecklist password={form.values.newPassword} email={email} />
        <PasswordField
          {...form.getInputProps('repeat')}
          label={t('ACCOUNTS.FIELDS.REPEAT_PASSWORD')}
          autoComplete="new-password"
          required
        />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            {t('ACCOUNTS.PASSWORD_TAB.SUBMIT')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
