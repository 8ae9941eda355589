import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  cancelExtendedValidation,
  submitExtendedValidation,
  useExtendedValidationState,
} from '../app/extended-validation';
import { useSession } from '../features/auth/api';
import { PasswordField } from './password-field';

/**
 * Spec 000 §6, DESIGN.md signatures (STANDARDS.md ES-1): asks for the password before a
 * sensitive action, showing what the signature means and the signer's printed name.
 * Render once per page (or in the app shell); `useExtendedValidation()` opens it.
 */
export function ExtendedValidationDialog() {
  const { t } = useTranslation(['common', 'integrations']);
  const state = useExtendedValidationState();
  const session = useSession();
  const [password, setPassword] = useState('');
  const [isEmpty, setIsEmpty] = useState(false);
  const user = session.data?.user;
  const printedName = user ? `${user.firstName} ${user.lastName}`.trim() : '';

  useEffect(() => {
    if (!state.isOpen) {
      setPassword('');
      setIsEmpty(false);
    }
  }, [state.isOpen]);

  useEffect(() => {
    if (state.error) setPassword('');
  }, [state.error]);

  const handleSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setIsEmpty(true);
      return;
    }
    setIsEmpty(false);
    void submitExtendedValidation(password);
  };

  const fieldError = isEmpty
    ? t('INTEGRATIONS.SIGNATURE.PASSWORD_REQUIRED')
    : state.error?.type === 'EXTENDED_VALIDATION'
      ? t('INTEGRATIONS.SIGNATURE.WRONG_PASSWORD')
      : null;

  return (
    <Modal
      opened={state.isOpen}
      onClose={cancelExtendedValidation}
      title={t('INTEGRATIONS.SIGNATURE.TITLE')}
      centered
      zIndex={400}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('INTEGRATIONS.SIGNATURE.INTRO')}</Text>
          <Alert
            variant="light"
            color="blue"
            icon={<IconSignature size={18} />}
            title={t('INTEGRATIONS.SIGNATURE.MEANING')}
          >
            <Text size="sm" data-testid="signature-meaning">
              {state.meaning}
            </Text>
          </Alert>
          <TextInput label={t('INTEGRATIONS.SIGNATURE.PRINTED_NAME')} value={printedName} readOnly />
          <PasswordField
            label={t('INTEGRATIONS.SIGNATURE.PASSWORD')}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={fieldError}
            autoComplete="current-password"
            data-autofocus
            required
          />
          {state.error?.type === 'EXCEED_NO_ATTEMPTS' && (
            <Alert color="red" variant="light" role="alert">
              {t('INTEGRATIONS.SIGNATURE.TOO_MANY')}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={cancelExtendedValidation} disabled={state.isSubmitting}>
              {t('INTEGRATIONS.SIGNATURE.CANCEL')}
            </Button>
            <Button type="submit" loading={state.isSubmitting}>
              {t('INTEGRATIONS.SIGNATURE.SIGN')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
