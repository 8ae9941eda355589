import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { checkPasswordStrength, SignupRequestSchema } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { applyServerErrors } from '../../app/form-errors';
import { AuthCard } from '../../components/auth-card';
import { PasswordField } from '../../components/password-field';
import { BackToLogin } from './account-links';
import { useSignup } from './api';
import { accountErrorOptions, checkField, issueText } from './form-errors';
import { PasswordChecklist } from './password-checklist';

type SignupValues = { firstName: string; lastName: string; email: string; password: string; repeat: string };
const FIELDS = ['firstName', 'lastName', 'email', 'password'] as const;

/** /authentication/signup: staff sign-up with email verification (spec 000 §2 signup). */
export function SignupPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const signup = useSignup();
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const shape = SignupRequestSchema.shape;
  const form = useForm<SignupValues>({
    initialValues: {
      firstName: '',
      lastName: '',
      email: searchParams.get('email') ?? '',
      password: '',
      repeat: '',
    },
    validate: {
      firstName: (value) => checkField(t, shape.firstName, value),
      lastName: (value) => checkField(t, shape.lastName, value),
      email: (value) => checkField(t, shape.email, value),
      password: (value, values) => {
        const issue = checkPasswordStrength(value, { email: values.email })[0];
        return issue ? issueText(t, issue) : null;
      },
      repeat: (value, values) => (value === values.password ? null : t('ACCOUNTS.INVALID.MISMATCH')),
    },
  });

  const handleSubmit = ({ repeat: _repeat, ...values }: SignupValues) => {
    setProblem(null);
    signup.mutate(SignupRequestSchema.parse(values), {
      onSuccess: (result) => setSentTo(result.email),
      onError: (error) => setProblem(applyServerErrors(form, error, accountErrorOptions(t, FIELDS)).message),
    });
  };

  if (sentTo) {
    return (
      <AuthCard title={t('ACCOUNTS.SIGNUP.DONE_TITLE')}>
        <Alert color="teal" icon={<IconMailCheck aria-hidden />} role="status" mb="md">
          {t('ACCOUNTS.SIGNUP.DONE_TEXT', { email: sentTo })}
        </Alert>
        <BackToLogin email={sentTo} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('ACCOUNTS.SIGNUP.TITLE')}>
      <Text size="sm" c="dimmed" mb="md">
        {t('ACCOUNTS.SIGNUP.INTRO')}
      </Text>
      {problem && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" mb="md">
          {problem}
        </Alert>
      )}
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
        <Stack gap="sm">
          <Group grow align="flex-start" wrap="wrap" gap="sm">
            <TextInput
              {...form.getInputProps('firstName')}
              label={t('ACCOUNTS.FIELDS.FIRST_NAME')}
              autoComplete="given-name"
              miw={160}
              required
              autoFocus
            />
            <TextInput
              {...form.getInputProps('lastName')}
              label={t('ACCOUNTS.FIELDS.LAST_NAME')}
              autoComplete="family-name"
              miw={160}
              required
            />
          </Group>
          <TextInput
            {...form.getInputProps('email')}
            label={t('ACCOUNTS.FIELDS.EMAIL')}
            type="email"
            autoComplete="email"
            required
          />
          <PasswordField
            {...form.getInputProps('password')}
            label={t('ACCOUNTS.FIELDS.PASSWORD')}
            autoComplete="new-password"
            required
          />
          <PasswordChecklist password={form.values.password} email={form.values.email} />
          <PasswordField
            {...form.getInputProps('repeat')}
            label={t('ACCOUNTS.FIELDS.REPEAT_PASSWORD')}
            autoComplete="new-password"
            required
          />
          <Button type="submit" fullWidth loading={signup.isPending} mt="xs">
            {t('ACCOUNTS.SIGNUP.SUBMIT')}
          </Button>
          <Anchor component={Link} to="/authentication/login" size="sm" ta="center">
            {t('ACCOUNTS.LINKS.HAVE_ACCOUNT')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
