import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { checkPasswordStrength } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { applyServerErrors } from '../../app/form-errors';
import { AuthCard } from '../../components/auth-card';
import { PasswordField } from '../../components/password-field';
import { BackToLogin } from './account-links';
import { useResetPassword } from './api';
import { accountErrorOptions, issueText } from './form-errors';
import { PasswordChecklist } from './password-checklist';

/** /authentication/reset?token=: sets a new password from the emailed link (spec 000 §2 forgot). */
export function ResetPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const reset = useResetPassword();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({
    initialValues: { password: '', repeat: '' },
    validate: {
      password: (value) => {
        const issue = checkPasswordStrength(value)[0];
        return issue ? issueText(t, issue) : null;
      },
      repeat: (value, values) => (value === values.password ? null : t('ACCOUNTS.INVALID.MISMATCH')),
    },
  });

  const handleSubmit = (values: { password: string }) => {
    setProblem(null);
    reset.mutate(
      { token, password: values.password },
      {
        onError: (error) =>
          setProblem(applyServerErrors(form, error, accountErrorOptions(t, ['password'])).message),
      },
    );
  };

  if (reset.isSuccess) {
    return (
      <AuthCard title={t('ACCOUNTS.RESET.TITLE')}>
        <Stack gap="md">
          <Alert color="teal" icon={<IconCircleCheck aria-hidden />} role="status">
            {t('ACCOUNTS.RESET.DONE')}
          </Alert>
          <BackToLogin email={reset.data.email} />
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('ACCOUNTS.RESET.TITLE')}>
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
        <Stack gap="sm">
          {(problem || !token) && (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {token ? problem : t('ACCOUNTS.VERIFY.MISSING')}{' '}
              <Anchor component={Link} to="/authentication/forgot" size="sm">
                {t('ACCOUNTS.RESET.NEW_LINK')}
              </Anchor>
            </Alert>
          )}
          <PasswordField
            {...form.getInputProps('password')}
            label={t('ACCOUNTS.FIELDS.NEW_PASSWORD')}
            autoComplete="new-password"
            required
            autoFocus
          />
          <PasswordChecklist password={form.values.password} />
          <PasswordField
            {...form.getInputProps('repeat')}
            label={t('ACCOUNTS.FIELDS.REPEAT_PASSWORD')}
            autoComplete="new-password"
            required
          />
          <Button type="submit" fullWidth loading={reset.isPending} disabled={!token} mt="xs">
            {t('ACCOUNTS.RESET.SUBMIT')}
          </Button>
          <BackToLogin />
        </Stack>
      </form>
    </AuthCard>
  );
}
