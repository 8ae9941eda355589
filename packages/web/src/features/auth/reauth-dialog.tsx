import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { forgetSession, rememberSession } from '../../app/auth-state';
import { formatDateTime } from '../../app/format';
import { isHttpError } from '../../app/http';
import { currentPath, loginPathFor, navigateTo } from '../../app/navigation';
import { SESSION_QUERY_KEY } from '../../app/query-keys';
import { abandonReauthentication, completeReauthentication, useReauthState } from '../../app/reauth-store';
import { PasswordField } from '../../components/password-field';
import { login } from './api';
import { describeLoginError } from './login-errors';

/**
 * Spec 000 §8: the session expired while the page was open. The user re-enters the
 * password (the email is fixed); waiting requests are retried and failed queries refetched.
 */
export function ReauthDialog() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { isOpen, email } = useReauthState();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const reset = () => {
    setPassword('');
    setError(null);
    setIsSubmitting(false);
  };

  const handleSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email || !password) {
      setError(t('LOGIN.PASSWORD_REQUIRED'));
      return;
    }
    setIsSubmitting(true);
    try {
      const session = await login({ email, password });
      rememberSession(session);
      queryClient.setQueryData(SESSION_QUERY_KEY, session);
      reset();
      completeReauthentication();
      await queryClient.refetchQueries({ predicate: (query) => query.state.status === 'error' });
    } catch (caught) {
      setIsSubmitting(false);
      if (!isHttpError(caught)) throw caught;
      const problem = describeLoginError(caught);
      if (problem.kind === 'locked') {
        setError(
          problem.until
            ? t('LOGIN.LOCKED', { time: formatDateTime(problem.until) })
            : t('LOGIN.LOCKED_NO_TIME'),
        );
      } else if (problem.kind === 'server' || problem.kind === 'none') {
        setError(t('ERRORS.500'));
      } else if (problem.kind === 'message') {
        setError(problem.text ?? t('LOGIN.FAILED'));
      } else {
        setError(problem.fields.password ?? problem.text ?? t('LOGIN.FAILED'));
      }
    }
  };

  const handleLogout = () => {
    const returnTo = currentPath();
    reset();
    forgetSession();
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    abandonReauthentication(new Error('re-authentication abandoned'));
    navigateTo(loginPathFor(returnTo));
  };

  return (
    <Modal
      opened={isOpen}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={t('REAUTH.TITLE')}
      centered
      zIndex={500}
    >
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('REAUTH.TEXT')}
          </Text>
          <TextInput label={t('LOGIN.EMAIL')} value={email ?? ''} readOnly autoComplete="username" />
          <PasswordField
            label={t('LOGIN.PASSWORD')}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={error}
            autoComplete="current-password"
            data-autofocus
            required
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={handleLogout}>
              {t('REAUTH.CANCEL')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t('REAUTH.SUBMIT')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
