import { Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { STUDY_LANGUAGES } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { fieldLabel, HiddenBadge } from '../display';
import {
  ADDRESS_PARTS,
  type HiddenFields,
  PHONE_FIELDS,
  type PhoneDraft,
  type PhoneField,
  type SubjectDraft,
  type TextField,
} from './form-model';

export type FieldsProps = {
  draft: SubjectDraft;
  hidden: HiddenFields;
  errors: Record<string, string>;
  languages: readonly string[];
  canSeeTrialGroup: boolean;
  onChange: (patch: Partial<SubjectDraft>) => void;
};

const MAX: Partial<Record<TextField, number>> = {
  firstName: 64,
  lastName: 64,
  initials: 6,
  email: 128,
  ssChecksum: 128,
  nationality: 2,
  guardian1: 256,
  guardian2: 256,
  trialGroup: 32,
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder padding="md">
      <Title order={2} fz="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** A field the viewer may not see (spec 000 §3): its label and the Hidden badge, kept unchanged. */
function HiddenField({ field }: { field: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid={`hidden-${field}`}>
      <Text size="sm" fw={500}>
        {fieldLabel(t, field)}
      </Text>
      <Group gap="xs">
        <HiddenBadge />
        <Text size="xs" c="dimmed">
          {t('SUBJECTS.FORM.HIDDEN_KEPT')}
        </Text>
      </Group>
    </Stack>
  );
}

function TextFieldInput({ field, props }: { field: TextField; props: FieldsProps }) {
  const { t } = useTranslation();
  if (props.hidden.has(field)) return <HiddenField field={field} />;
  return (
    <TextInput
      label={fieldLabel(t, field)}
      value={props.draft[field]}
      maxLength={MAX[field]}
      type={field === 'email' ? 'email' : 'text'}
      error={props.errors[field]}
      onChange={(e) => props.onChange({ [field]: e.currentTarget.value })}
      data-testid={`field-${field}`}
    />
  );
}

function PhoneInput({ field, props }: { field: PhoneField; props: FieldsProps }) {
  const { t } = useTranslation();
  if (props.hidden.has(field)) return <HiddenField field={field} />;
  const value = props.draft[field];
  const set = (patch: Partial<PhoneDraft>) => props.onChange({ [field]: { ...value, ...patch } });
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <TextInput
        label={t('SUBJECTS.FIELDS.countryCode')}
        leftSection={<Text size="sm">+</Text>}
        value={value.countryCode}
        maxLength={4}
        inputMode="numeric"
        w={110}
        error={props.errors[`${field}.countryCode`]}
        onChange={(e) => set({ countryCode: e.currentTarget.value.replace(/[^\d]/g, '') })}
        data-testid={`field-${field}-code`}
      />
      <TextInput
        label={fieldLabel(t, field)}
        value={value.number}
        maxLength={32}
        inputMode="tel"
        style={{ flex: 1 }}
        error={props.errors[`${field}.number`]}
        onChange={(e) => set({ number: e.currentTarget.value.replace(/[^\d]/g, '') })}
        data-testid={`field-${field}`}
      />
    </Group>
  );
}

/** Spec 000 §3 subject attributes, grouped: personal details, contact, address, guardians, study. */
export function SubjectFields(props: FieldsProps) {
  const { t } = useTranslation();
  const { draft, hidden, errors, onChange } = props;
  const languageOptions = props.languages.map((code) => ({
    value: code,
    label: STUDY_LANGUAGES.find((l) => l.code === code)?.nativeName ?? code,
  }));
  const genders = [
    { value: '0', label: t('SUBJECTS.GENDER.UNKNOWN') },
    { value: '1', label: t('SUBJECTS.GENDER.MALE') },
    { value: '2', label: t('SUBJECTS.GENDER.FEMALE') },
  ];
  return (
    <Stack gap="md">
      <Section title={t('SUBJECTS.FORM.PERSONAL')}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <TextFieldInput field="firstName" props={props} />
          <TextFieldInput field="lastName" props={props} />
          <TextFieldInput field="initials" props={props} />
          {hidden.has('dateOfBirth') ? (
            <HiddenField field="dateOfBirth" />
          ) : (
            <TextInput
              type="date"
              label={t('SUBJECTS.FIELDS.dateOfBirth')}
              value={draft.dateOfBirth}
              min="1901-01-01"
              max={new Date().toISOString().slice(0, 10)}
              error={errors.dateOfBirth}
              onChange={(e) => onChange({ dateOfBirth: e.currentTarget.value })}
              data-testid="field-dateOfBirth"
            />
          )}
          <TextInput
            label={t('SUBJECTS.FIELDS.birthYear')}
            value={draft.birthYear}
            maxLength={4}
            inputMode="numeric"
            error={errors.birthYear}
            onChange={(e) => onChange({ birthYear: e.currentTarget.value.replace(/[^\d]/g, '') })}
            data-testid="field-birthYear"
          />
          {hidden.has('gender') ? (
            <HiddenField field="gender" />
          ) : (
            <Select
              label={t('SUBJECTS.FIELDS.gender')}
              placeholder={t('SUBJECTS.FORM.CHOOSE')}
              data={genders}
              value={draft.gender}
              clearable
              error={errors.gender}
              onChange={(value) => onChange({ gender: value })}
              data-testid="field-gender"
            />
          )}
          <TextFieldInput field="nationality" props={props} />
          <Select
            label={t('SUBJECTS.FIELDS.language')}
            placeholder={t('SUBJECTS.FORM.CHOOSE')}
            data={languageOptions}
            value={draft.language}
            clearable
            error={errors.language}
            onChange={(value) => onChange({ language: value })}
            data-testid="field-language"
          />
          <TextFieldInput field="ssChecksum" props={props} />
        </SimpleGrid>
      </Section>
      <Section title={t('SUBJECTS.FORM.CONTACT')}>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <TextFieldInput field="email" props={props} />
          {PHONE_FIELDS.map((field) => (
            <PhoneInput key={field} field={field} props={props} />
          ))}
        </SimpleGrid>
      </Section>
      <Section title={t('SUBJECTS.FORM.ADDRESS')}>
        {hidden.has('address') ? (
          <HiddenField field="address" />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {ADDRESS_PARTS.map((part) => (
              <TextInput
                key={part}
                label={fieldLabel(t, part)}
                value={draft[part]}
                maxLength={part === 'country' ? 2 : part === 'zip' ? 10 : 64}
                error={errors[part]}
                onChange={(e) => onChange({ [part]: e.currentTarget.value })}
                data-testid={`field-${part}`}
              />
            ))}
          </SimpleGrid>
        )}
      </Section>
      <Section title={t('SUBJECTS.FORM.GUARDIANS')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextFieldInput field="guardian1" props={props} />
          <TextFieldInput field="guardian2" props={props} />
        </SimpleGrid>
      </Section>
      {props.canSeeTrialGroup && (
        <Section title={t('SUBJECTS.FORM.STUDY')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextFieldInput field="trialGroup" props={props} />
          </SimpleGrid>
        </Section>
      )}
    </Stack>
  );
}
