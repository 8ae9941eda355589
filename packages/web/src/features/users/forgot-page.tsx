import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { ForgotPasswordRequestSchema } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { applyServerErrors } from '../../app/form-errors';
import { AuthCard } from '../../components/auth-card';
import { BackToLogin } from './account-links';
import { useForgotPassword } from './api';
import { accountErrorOptions, checkField } from './form-errors';

/** /authentication/forgot: asks for a reset link; the answer never says whether the account exists (spec 000 §2). */
export function ForgotPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const forgot = useForgotPassword();
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: searchParams.get('email') ?? '' },
    validate: { email: (value) => checkField(t, ForgotPasswordRequestSchema.shape.email, value) },
  });

  const handleSubmit = (values: { email: string }) => {
    setProblem(null);
    const body = ForgotPasswordRequestSchema.parse(values);
    forgot.mutate(body, {
      onSuccess: () => setSentTo(body.email),
      onError: (error) =>
        setProblem(applyServerErrors(form, error, accountErrorOptions(t, ['email'])).message),
    });
  };

  return (
    <AuthCard title={t('ACCOUNTS.FORGOT.TITLE')}>
      {sentTo ? (
        <Stack gap="md">
          <Alert color="teal" icon={<IconMailCheck aria-hidden />} role="status">
            {t('ACCOUNTS.FORGOT.DONE', { email: sentTo })}
          </Alert>
          <BackToLogin email={sentTo} />
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('ACCOUNTS.FORGOT.INTRO')}
            </Text>
            {problem && (
              <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
                {problem}
              </Alert>
            )}
            <TextInput
              {...form.getInputProps('email')}
              label={t('ACCOUNTS.FIELDS.EMAIL')}
              type="email"
              autoComplete="email"
              required
              autoFocus
            />
            <Button type="submit" fullWidth loading={forgot.isPending}>
              {t('ACCOUNTS.FORGOT.SUBMIT')}
            </Button>
            <BackToLogin />
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
