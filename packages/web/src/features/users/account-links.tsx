import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** "Create an account" and "Forgot password?" under the login form (spec 000 §2 signup, forgot). */
export function AccountLinks({ email }: { email?: string }) {
  const { t } = useTranslation();
  const query = email ? `?email=${encodeURIComponent(email)}` : '';
  return (
    <Group justify="space-between" mt="md" gap="xs">
      <Anchor component={Link} to={`/authentication/forgot${query}`} size="sm">
        {t('ACCOUNTS.LINKS.FORGOT')}
      </Anchor>
      <Anchor component={Link} to={`/authentication/signup${query}`} size="sm">
        {t('ACCOUNTS.LINKS.SIGNUP')}
      </Anchor>
    </Group>
  );
}

/** "Back to log in" on the public account pages. */
export function BackToLogin({ email }: { email?: string | null }) {
  const { t } = useTranslation();
  const query = email ? `?email=${encodeURIComponent(email)}` : '';
  return (
    <Anchor component={Link} to={`/authentication/login${query}`} size="sm">
      {t('ACCOUNTS.LINKS.BACK_TO_LOGIN')}
    </Anchor>
  );
}
