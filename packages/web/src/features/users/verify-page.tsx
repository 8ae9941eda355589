import { Alert, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { serverIssues } from '../../app/form-errors';
import { AuthCard } from '../../components/auth-card';
import { BackToLogin } from './account-links';
import { useVerifyEmail } from './api';

/** /authentication/verify?token=: confirms the email from the emailed link (spec 000 §2 signup). */
export function VerifyPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const verify = useVerifyEmail();
  const sent = useRef(false);

  useEffect(() => {
    // A link is single use: send it once, also under React's development double effects.
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  const failure = serverIssues(verify.error)[0]?.message;
  return (
    <AuthCard title={t('ACCOUNTS.VERIFY.TITLE')}>
      <Stack gap="md">
        {!token && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {t('ACCOUNTS.VERIFY.MISSING')}
          </Alert>
        )}
        {token && verify.isPending && (
          <Stack align="center" gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">{t('ACCOUNTS.VERIFY.WORKING')}</Text>
          </Stack>
        )}
        {verify.isSuccess && (
          <Alert color="teal" icon={<IconCircleCheck aria-hidden />} role="status">
            {t('ACCOUNTS.VERIFY.DONE', { email: verify.data.email })}
          </Alert>
        )}
        {verify.isError && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {failure === 'ACCOUNTS.LINK.EXPIRED' ? t('ACCOUNTS.LINK.EXPIRED') : t('ACCOUNTS.LINK.INVALID')}
          </Alert>
        )}
        <BackToLogin email={verify.data?.email} />
      </Stack>
    </AuthCard>
  );
}
