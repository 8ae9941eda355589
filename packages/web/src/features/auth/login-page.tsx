import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { LoginRequestSchema } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { formatDateTime } from '../../app/format';
import { isHttpError } from '../../app/http';
import { safeRedirectPath } from '../../app/url-rules';
import { AuthCard } from '../../components/auth-card';
import { FullPageLoader } from '../../components/full-page-loader';
import { PasswordField } from '../../components/password-field';
import { AccountLinks } from '../users/account-links';
import { useLogin, useSession } from './api';
import { describeLoginError, type LoginProblem } from './login-errors';

type LoginValues = { email: string; password: string };

function useProblemText(problem: LoginProblem | null): string | null {
  const { t } = useTranslation();
  if (!problem) return null;
  switch (problem.kind) {
    case 'none':
      return null;
    case 'server':
      return t('ERRORS.500');
    case 'locked':
      return problem.until
        ? t('LOGIN.LOCKED', { time: formatDateTime(problem.until) })
        : t('LOGIN.LOCKED_NO_TIME');
    case 'message':
      return problem.text ?? t('LOGIN.FAILED');
    case 'fields':
      return problem.text;
  }
}

/** /authentication/login: staff sign in (spec 000 §2). */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const session = useSession();
  const loginMutation = useLogin();
  const [problem, setProblem] = useState<LoginProblem | null>(null);
  const problemText = useProblemText(problem);
  const target = safeRedirectPath(searchParams.get('redirect'), '/study');

  // The same domain schema the server validates with; messages are the UI's own.
  const form = useForm<LoginValues>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) =>
        LoginRequestSchema.shape.email.safeParse(value).success ? null : t('LOGIN.INVALID_EMAIL'),
      password: (value) =>
        LoginRequestSchema.shape.password.safeParse(value).success ? null : t('LOGIN.PASSWORD_REQUIRED'),
    },
  });

  const handleSubmit = (values: LoginValues) => {
    setProblem(null);
    loginMutation.mutate(LoginRequestSchema.parse(values), {
      onSuccess: () => {
        void navigate(target, { replace: true });
      },
      onError: (error) => {
        if (!isHttpError(error)) return;
        const next = describeLoginError(error);
        if (next.kind === 'fields') form.setErrors(next.fields);
        setProblem(next);
      },
    });
  };

  if (session.isPending) return <FullPageLoader />;
  if (session.data && !loginMutation.isPending) return <Navigate to={target} replace />;

  return (
    <AuthCard title={t('LOGIN.TITLE')}>
      {problemText && (
        <Alert
          color={problem?.kind === 'locked' ? 'orange' : 'red'}
          icon={problem?.kind === 'locked' ? <IconLock aria-hidden /> : <IconAlertCircle aria-hidden />}
          role="alert"
          mb="md"
        >
          {problemText}
        </Alert>
      )}
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
        <Stack gap="md">
          <TextInput
            {...form.getInputProps('email')}
            key={form.key('email')}
            label={t('LOGIN.EMAIL')}
            type="email"
            autoComplete="username"
            required
            autoFocus
          />
          <PasswordField
            {...form.getInputProps('password')}
            key={form.key('password')}
            label={t('LOGIN.PASSWORD')}
            autoComplete="current-password"
            required
          />
          <Button type="submit" fullWidth loading={loginMutation.isPending} mt="xs">
            {t('LOGIN.SUBMIT')}
          </Button>
        </Stack>
      </form>
      <AccountLinks />
    </AuthCard>
  );
}
