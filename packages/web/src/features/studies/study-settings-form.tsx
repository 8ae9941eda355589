import {
  Alert,
  Button,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  DEFAULT_STUDY_DATE_FORMAT,
  STUDY_DATE_FORMATS,
  STUDY_LANGUAGES,
  STUDY_NAME_MAX_LENGTH,
  STUDY_VERIFICATION_TYPES,
  type StudySettings,
  StudySettingsSchema,
  SUBJECT_ID_AUTOMATION_TYPES,
  validateStudySettings,
} from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../app/form-errors';
import { STUDY_FORM_ERRORS, studyErrorKey } from './server-errors';
import { listTimeZoneOptions } from './time-zones';

export const EMPTY_STUDY_SETTINGS: StudySettings = {
  studyName: '',
  description: null,
  primaryLanguage: 'en',
  languages: ['en'],
  dateFormat: DEFAULT_STUDY_DATE_FORMAT,
  dateTimeFormat: `${DEFAULT_STUDY_DATE_FORMAT} HH:mm`,
  subjectIdAutomation: 'manual',
  extendedValidation: false,
  verificationType: 'NONE',
  secondaryVerificationType: 'NONE',
};

type StudySettingsFormProps = {
  initial: StudySettings;
  submitLabel: string;
  /** Fields that cannot change in the current status (spec 001 §4). */
  lockedFields?: readonly (keyof StudySettings)[];
  onSubmit: (values: StudySettings) => Promise<unknown>;
  onCancel: () => void;
};

const languageOptions = STUDY_LANGUAGES.map((l) => ({ value: l.code, label: l.nativeName }));

/** The study settings of spec 001 §7, validated with the domain schema and rules the server uses. */
export function StudySettingsForm({
  initial,
  submitLabel,
  lockedFields = [],
  onSubmit,
  onCancel,
}: StudySettingsFormProps) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const form = useForm<StudySettings>({
    initialValues: initial,
    validate: (values) => {
      const errors: Record<string, string> = {};
      const parsed = StudySettingsSchema.safeParse(values);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const key = issue.path.join('.');
          errors[key] ??=
            issue.code === 'too_big'
              ? t('STUDY.FORM.TOO_LONG', { max: STUDY_NAME_MAX_LENGTH })
              : t('STUDY.FORM.REQUIRED');
        }
      }
      for (const issue of validateStudySettings(values)) {
        const known = studyErrorKey(issue.message);
        errors[issue.path.join('.')] ??= known ? t(known) : t('STUDY.FORM.INVALID');
      }
      return errors;
    },
  });
  const isLocked = (field: keyof StudySettings) => lockedFields.includes(field);
  const select = (field: keyof StudySettings) => ({
    ...form.getInputProps(field),
    disabled: isLocked(field),
    allowDeselect: false,
  });

  const handleSubmit = async (values: StudySettings) => {
    setProblem(null);
    setPending(true);
    try {
      await onSubmit(StudySettingsSchema.parse(values));
    } catch (error) {
      setProblem(applyServerErrors(form, error, STUDY_FORM_ERRORS).message);
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack gap="sm">
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <TextInput
          {...form.getInputProps('studyName')}
          label={t('STUDY.FORM.NAME')}
          required
          maxLength={STUDY_NAME_MAX_LENGTH}
          data-autofocus
        />
        <Textarea
          {...form.getInputProps('description')}
          value={form.values.description ?? ''}
          onChange={(e) => form.setFieldValue('description', e.currentTarget.value || null)}
          label={t('STUDY.FORM.DESCRIPTION')}
          autosize
          minRows={2}
          maxRows={6}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            {...select('primaryLanguage')}
            label={t('STUDY.FORM.PRIMARY_LANGUAGE')}
            data={languageOptions}
            searchable
            required
          />
          <MultiSelect
            {...form.getInputProps('languages')}
            disabled={isLocked('languages')}
            label={t('STUDY.FORM.LANGUAGES')}
            data={languageOptions}
            searchable
            required
          />
          <Select
            {...select('dateFormat')}
            label={t('STUDY.FORM.DATE_FORMAT')}
            data={[...STUDY_DATE_FORMATS]}
            required
          />
          <TextInput
            {...form.getInputProps('dateTimeFormat')}
            disabled={isLocked('dateTimeFormat')}
            label={t('STUDY.FORM.DATE_TIME_FORMAT')}
            maxLength={32}
            required
          />
          <Select
            {...select('subjectIdAutomation')}
            label={t('STUDY.FORM.SUBJECT_ID_AUTOMATION')}
            data={SUBJECT_ID_AUTOMATION_TYPES.map((value) => ({
              value,
              label: t(`STUDY.AUTOMATION.${value}`),
            }))}
            required
          />
          <Select
            {...select('verificationType')}
            label={t('STUDY.FORM.VERIFICATION')}
            data={STUDY_VERIFICATION_TYPES.map((value) => ({
              value,
              label: t(`STUDY.VERIFICATION.${value}`),
            }))}
          />
          <Select
            {...select('secondaryVerificationType')}
            label={t('STUDY.FORM.SECONDARY_VERIFICATION')}
            data={STUDY_VERIFICATION_TYPES.map((value) => ({
              value,
              label: t(`STUDY.VERIFICATION.${value}`),
            }))}
          />
        </SimpleGrid>
        <Select
          {...select('timeZone')}
          label={t('STUDY.FORM.TIME_ZONE')}
          description={t('STUDY.FORM.TIME_ZONE_HINT')}
          data={listTimeZoneOptions(form.values.timeZone)}
          searchable
          limit={100}
          nothingFoundMessage={t('STUDY.FORM.TIME_ZONE_NONE')}
          required
        />
        <Switch
          {...form.getInputProps('extendedValidation', { type: 'checkbox' })}
          label={t('STUDY.FORM.EXTENDED_VALIDATION')}
          description={t('STUDY.FORM.EXTENDED_VALIDATION_HINT')}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
            {t('STUDY.FORM.CANCEL')}
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
