import { Alert, Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { type OwnProfile, STUDY_LANGUAGES, UpdateOwnProfileRequestSchema } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../app/form-errors';
import { showSuccessToast } from '../../app/notify';
import { useUpdateOwnProfile } from './api';
import { accountErrorOptions, checkField } from './form-errors';

type Values = {
  firstName: string;
  lastName: string;
  language: string | null;
  phone: string;
  title: string;
  organisation: string;
};
const FIELDS = ['firstName', 'lastName', 'language', 'phone', 'title', 'organisation'] as const;
const LANGUAGE_OPTIONS = STUDY_LANGUAGES.map((l) => ({ value: l.code, label: l.nativeName }));

/** The profile tab: names, language, phone, title, organisation (spec 001 §7 `PUT /user/{id}/updateOwn`). */
export function ProfileForm({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation();
  const update = useUpdateOwnProfile(profile.id);
  const [problem, setProblem] = useState<string | null>(null);
  const shape = UpdateOwnProfileRequestSchema.shape;
  const form = useForm<Values>({
    initialValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      language: profile.language,
      phone: profile.phone ?? '',
      title: profile.title ?? '',
      organisation: profile.organisation ?? '',
    },
    validate: {
      firstName: (value) => checkField(t, shape.firstName, value),
      lastName: (value) => checkField(t, shape.lastName, value),
      phone: (value) => checkField(t, shape.phone, value),
      title: (value) => checkField(t, shape.title, value),
      organisation: (value) => checkField(t, shape.organisation, value),
    },
  });

  const handleSubmit = (values: Values) => {
    setProblem(null);
    update.mutate(UpdateOwnProfileRequestSchema.parse(values), {
      onSuccess: (saved) => {
        form.resetDirty({ ...values, language: saved.language });
        showSuccessToast(t('ACCOUNTS.PROFILE.SAVED'));
      },
      onError: (error) => setProblem(applyServerErrors(form, error, accountErrorOptions(t, FIELDS)).message),
    });
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack gap="md">
        {problem && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {problem}
          </Alert>
        )}
        <TextInput
          label={t('ACCOUNTS.FIELDS.EMAIL')}
          value={profile.email}
          description={t('ACCOUNTS.PROFILE.EMAIL_HINT')}
          readOnly
          variant="filled"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            {...form.getInputProps('firstName')}
            label={t('ACCOUNTS.FIELDS.FIRST_NAME')}
            autoComplete="given-name"
            required
          />
          <TextInput
            {...form.getInputProps('lastName')}
            label={t('ACCOUNTS.FIELDS.LAST_NAME')}
            autoComplete="family-name"
            required
          />
          <TextInput {...form.getInputProps('title')} label={t('ACCOUNTS.FIELDS.TITLE')} />
          <TextInput
            {...form.getInputProps('organisation')}
            label={t('ACCOUNTS.FIELDS.ORGANISATION')}
            autoComplete="organization"
          />
          <TextInput
            {...form.getInputProps('phone')}
            label={t('ACCOUNTS.FIELDS.PHONE')}
            type="tel"
            autoComplete="tel"
          />
          <Select
            {...form.getInputProps('language')}
            label={t('ACCOUNTS.FIELDS.LANGUAGE')}
            placeholder={t('ACCOUNTS.FIELDS.NO_LANGUAGE')}
            data={LANGUAGE_OPTIONS}
            searchable
            clearable
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            {t('ACCOUNTS.PROFILE.SAVE')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
