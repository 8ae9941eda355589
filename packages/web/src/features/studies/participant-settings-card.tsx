import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  PARTICIPANT_SIGNUP_FIELDS,
  type ParticipantSettings,
  SIGNUP_PATIENT_FIELDS,
  type StudyDetail,
  validateParticipantSettings,
} from '@trialbase/domain';
import { type CSSProperties, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStudyAbilities } from '../../app/abilities';
import { applyServerErrors } from '../../app/form-errors';
import { showSuccessToast } from '../../app/notify';
import { studyKeys, useParticipantSettings, useUpdateParticipantSettings } from './api';
import { LogoPicker } from './logo-picker';
import { STUDY_FORM_ERRORS, studyErrorKey } from './server-errors';

type FieldName = (typeof PARTICIPANT_SIGNUP_FIELDS)[number];
type ListKey = 'publicSignUpRequiredFields' | 'publicSignUpOptionalFields' | 'subjectRequiredFields';
type Errors = Partial<Record<keyof ParticipantSettings, string>>;

/** Spec 002 §5 sign-up switches: the setting and its label key (with `_HINT` for the description). */
const SIGNUP_SWITCHES = [
  { key: 'checkSignUpEmailFormat', label: 'EMAIL_FORMAT' },
  { key: 'requireSignUpPhoneCountryCode', label: 'PHONE_COUNTRY_CODE' },
  { key: 'enforceSignUpLanguage', label: 'LANGUAGE_ENFORCEMENT' },
] as const;

/** Issues (from the domain rules or the server) → one message per setting, on its control. */
function errorsOf(
  issues: { path: (string | number)[]; message: string }[],
  messageOf: (message: string) => string,
): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const key = issue.path.find((part) => part !== 'body') as keyof ParticipantSettings | undefined;
    if (key && !errors[key]) errors[key] = messageOf(issue.message);
  }
  return errors;
}

type ChecklistProps = {
  label: string;
  description: string;
  fields: readonly FieldName[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
  disabled: boolean;
  testId: string;
};

/** One group of field checkboxes in the fixed order of spec 002 §3. */
function FieldChecklist({
  label,
  description,
  fields,
  value,
  onChange,
  error,
  disabled,
  testId,
}: ChecklistProps) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group label={label} description={description} value={value} onChange={onChange} error={error}>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs" verticalSpacing="xs" mt="xs" data-testid={testId}>
        {fields.map((field) => (
          <Checkbox
            key={field}
            value={field}
            label={t(`STUDY.PARTICIPANT.FIELDS.${field}`)}
            disabled={disabled}
          />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

function ParticipantSettingsForm({ study, initial }: { study: StudyDetail; initial: ParticipantSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const update = useUpdateParticipantSettings(study.id);
  const abilities = useStudyAbilities(study.id);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const canEdit = study.abilities.STUDY_UPDATE && study.editScope.settings;
  const messageOf = (message: string) => {
    const known = studyErrorKey(message);
    return known ? t(known) : t('STUDY.FORM.INVALID');
  };
  const isDirty = JSON.stringify(values) !== JSON.stringify(initial);

  const set = <K extends keyof ParticipantSettings>(key: K, value: ParticipantSettings[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  // A field ticked in one sign-up list leaves the other: it cannot be both (spec 002 §3).
  const setSignUpList = (key: ListKey, other: ListKey, next: string[]) =>
    setValues((current) => ({
      ...current,
      [key]: next,
      [other]: current[other].filter((f) => !next.includes(f)),
    }));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const local = errorsOf(validateParticipantSettings(values), messageOf);
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    try {
      await update.mutateAsync(values);
      showSuccessToast(t('STUDY.PARTICIPANT.SAVED'));
    } catch (error) {
      // A hand-made form: its values and its errors' setter stand in for Mantine's.
      const target = { getValues: () => values, setErrors: (found: Errors) => setErrors(found) };
      setProblem(applyServerErrors(target, error, STUDY_FORM_ERRORS).message);
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('STUDY.PARTICIPANT.TITLE')}>
      <Stack gap="md">
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <FieldChecklist
          label={t('STUDY.PARTICIPANT.REQUIRED_FIELDS')}
          description={t('STUDY.PARTICIPANT.REQUIRED_HINT')}
          fields={PARTICIPANT_SIGNUP_FIELDS}
          value={values.publicSignUpRequiredFields}
          onChange={(next) => setSignUpList('publicSignUpRequiredFields', 'publicSignUpOptionalFields', next)}
          error={errors.publicSignUpRequiredFields}
          disabled={!canEdit}
          testId="signup-required-fields"
        />
        <FieldChecklist
          label={t('STUDY.PARTICIPANT.OPTIONAL_FIELDS')}
          description={t('STUDY.PARTICIPANT.OPTIONAL_HINT')}
          fields={PARTICIPANT_SIGNUP_FIELDS}
          value={values.publicSignUpOptionalFields}
          onChange={(next) => setSignUpList('publicSignUpOptionalFields', 'publicSignUpRequiredFields', next)}
          error={errors.publicSignUpOptionalFields}
          disabled={!canEdit}
          testId="signup-optional-fields"
        />
        <FieldChecklist
          label={t('STUDY.PARTICIPANT.SUBJECT_FIELDS')}
          description={t('STUDY.PARTICIPANT.SUBJECT_HINT')}
          fields={SIGNUP_PATIENT_FIELDS}
          value={values.subjectRequiredFields}
          onChange={(next) => set('subjectRequiredFields', next)}
          error={errors.subjectRequiredFields}
          disabled={!canEdit}
          testId="subject-required-fields"
        />
        <Switch
          checked={values.disallowEnrollmentWhenStudyNotOngoing}
          onChange={(e) => set('disallowEnrollmentWhenStudyNotOngoing', e.currentTarget.checked)}
          label={t('STUDY.PARTICIPANT.GATE_NOT_ONGOING')}
          description={t('STUDY.PARTICIPANT.GATE_NOT_ONGOING_HINT')}
          error={errors.disallowEnrollmentWhenStudyNotOngoing}
          disabled={!canEdit}
        />
        <Switch
          checked={values.disallowEnrollmentWhenPublicSignUpDisabled}
          onChange={(e) => set('disallowEnrollmentWhenPublicSignUpDisabled', e.currentTarget.checked)}
          label={t('STUDY.PARTICIPANT.GATE_NOT_PUBLIC')}
          description={t('STUDY.PARTICIPANT.GATE_NOT_PUBLIC_HINT')}
          error={errors.disallowEnrollmentWhenPublicSignUpDisabled}
          disabled={!canEdit}
        />
        {SIGNUP_SWITCHES.map(({ key, label }) => (
          <Switch
            key={key}
            checked={values[key]}
            onChange={(e) => set(key, e.currentTarget.checked)}
            label={t(`STUDY.PARTICIPANT.${label}`)}
            description={t(`STUDY.PARTICIPANT.${label}_HINT`)}
            error={errors[key]}
            disabled={!canEdit}
          />
        ))}
        <LogoPicker
          studyId={study.id}
          value={values.logo}
          onChange={(logo) => set('logo', logo)}
          onUploaded={() => void queryClient.invalidateQueries({ queryKey: studyKeys.images(study.id) })}
          error={errors.logo}
          canList={abilities.can('IMAGE_LIST')}
          canUpload={canEdit && abilities.can('IMAGE_UPLOAD')}
          disabled={!canEdit}
        />
        {canEdit && (
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={!isDirty}>
              {t('STUDY.PARTICIPANT.SAVE')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

// Mantine's dimmed grey is below 4.5:1 on white; the hints here carry meaning, so darken them.
const DIMMED_CONTRAST = {
  '--mantine-color-dimmed': 'light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))',
} as CSSProperties;

/** Spec 002 §3/§4 participant settings of a study: sign-up fields, subject fields, gates and logo. */
export function ParticipantSettingsCard({ study }: { study: StudyDetail }) {
  const { t } = useTranslation();
  const settings = useParticipantSettings(study.id);
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby="participant-settings-title"
      style={DIMMED_CONTRAST}
    >
      <Title order={2} fz="h4" id="participant-settings-title">
        {t('STUDY.PARTICIPANT.TITLE')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('STUDY.PARTICIPANT.INTRO')}
      </Text>
      {!(study.abilities.STUDY_UPDATE && study.editScope.settings) && (
        <Text size="sm" c="dimmed" mb="xs">
          {study.abilities.STUDY_UPDATE
            ? t('STUDY.SETTINGS.READ_ONLY')
            : t('STUDY.PARTICIPANT.NO_PERMISSION')}
        </Text>
      )}
      {settings.isError && <Alert color="red">{t('STUDY.PARTICIPANT.LOAD_FAILED')}</Alert>}
      {settings.isPending && <Loader size="sm" aria-label={t('STUDY.PARTICIPANT.TITLE')} />}
      {settings.data && (
        <ParticipantSettingsForm key={JSON.stringify(settings.data)} study={study} initial={settings.data} />
      )}
    </Card>
  );
}
