import { Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  type CreateMedicationRequest,
  MEDICATION_DOSE_UNITS,
  type MedicationDoseUnit,
  medicationCodedIssues,
  medicationDateIssues,
  type StudyDateFormat,
} from '@trialbase/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { AeDateField } from '../../adverse-events/ae-date-field';

/** The fields the question's quick form asks; route and frequency are left to the medication tab. */
export type QuickMedication = {
  registrationType: 'CONCOMITANT' | 'IMP';
  name: string;
  indication: string;
  dose: number | null;
  doseUnit: MedicationDoseUnit | null;
  startDate: string | null;
  endDate: string | null;
  ongoing: boolean;
};

export type QuickMedicationErrors = Partial<Record<keyof QuickMedication, string>>;

export const EMPTY_QUICK_MEDICATION: QuickMedication = {
  registrationType: 'CONCOMITANT',
  name: '',
  indication: '',
  dose: null,
  doseUnit: null,
  startDate: null,
  endDate: null,
  ongoing: true,
};

/** Units the quick form offers: OTHER needs its own name, which the full medication form asks. */
const QUICK_UNITS = MEDICATION_DOSE_UNITS.filter((unit) => unit !== 'OTHER');

/** The create request of the quick form's values (spec 000 §3 record fields; the rest empty). */
export function quickMedicationBody(values: QuickMedication): CreateMedicationRequest {
  return {
    registrationType: values.registrationType,
    name: values.name.trim(),
    indication: values.indication.trim() === '' ? null : values.indication.trim(),
    dose: values.dose,
    doseUnit: values.dose === null ? null : values.doseUnit,
    doseUnitOther: null,
    route: null,
    routeOther: null,
    frequency: null,
    frequencyOther: null,
    startDate: values.startDate,
    endDate: values.ongoing ? null : values.endDate,
    ongoing: values.ongoing,
    aeId: null,
    comment: null,
  };
}

const FIELDS: readonly (keyof QuickMedication)[] = [
  'registrationType',
  'name',
  'indication',
  'dose',
  'doseUnit',
  'startDate',
  'endDate',
  'ongoing',
];

/** A reason the domain or the server gives (MEDICATION_…), as the REF catalog's text. */
export function reasonText(t: TFunction, reason: string): string {
  const key = `REF.ERRORS.${reason.replace(/^SERVER_ERRORS\.REASON\./, '')}`;
  return t(key as 'REF.ERRORS.INVALID', { defaultValue: t('REF.ERRORS.INVALID') });
}

/** Field errors of a path and reason list, on the quick form's fields only. */
export function quickErrorsOf(
  t: TFunction,
  issues: readonly { path: string; reason: string }[],
): QuickMedicationErrors {
  const errors: QuickMedicationErrors = {};
  for (const issue of issues) {
    const field = FIELDS.find((f) => f === issue.path);
    if (field) errors[field] ??= reasonText(t, issue.reason);
  }
  return errors;
}

/**
 * The same checks the server makes on a new record (spec 000 §5 dates 1901-01-01 to today, end not
 * before start, ongoing or an end date; a dose needs its unit), and a name.
 */
export function checkQuickMedication(
  t: TFunction,
  values: QuickMedication,
  today: string,
): QuickMedicationErrors {
  const body = quickMedicationBody(values);
  const errors = quickErrorsOf(t, [...medicationDateIssues(body, today), ...medicationCodedIssues(body)]);
  if (body.name === '') errors.name = t('REF.ERRORS.NAME_REQUIRED');
  return errors;
}

type QuickFormProps = {
  values: QuickMedication;
  errors: QuickMedicationErrors;
  format: StudyDateFormat;
  disabled: boolean;
  onChange: (next: QuickMedication) => void;
};

/** The quick medication form of a MEDICATION_REF question's create dialog (issue 21 item 4). */
export function MedicationQuickForm({ values, errors, format, disabled, onChange }: QuickFormProps) {
  const { t } = useTranslation(['common', 'medication']);
  const set = <K extends keyof QuickMedication>(key: K, value: QuickMedication[K]) =>
    onChange({ ...values, [key]: value });
  return (
    <Stack gap="sm">
      <Select
        label={t('REF.FIELDS.TYPE')}
        data={(['CONCOMITANT', 'IMP'] as const).map((type) => ({
          value: type,
          label: t(`REF.TYPES.${type}`),
        }))}
        value={values.registrationType}
        allowDeselect={false}
        disabled={disabled}
        onChange={(v) => v && set('registrationType', v as QuickMedication['registrationType'])}
        comboboxProps={{ withinPortal: true, zIndex: 1000 }}
        data-testid="medication-ref-type"
      />
      <TextInput
        label={t('REF.FIELDS.NAME')}
        value={values.name}
        required
        maxLength={256}
        disabled={disabled}
        error={errors.name}
        onChange={(e) => set('name', e.currentTarget.value)}
        data-autofocus
        data-testid="medication-ref-name"
      />
      <TextInput
        label={t('REF.FIELDS.INDICATION')}
        value={values.indication}
        maxLength={1024}
        disabled={disabled}
        onChange={(e) => set('indication', e.currentTarget.value)}
        data-testid="medication-ref-indication"
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <NumberInput
          label={t('REF.FIELDS.DOSE')}
          value={values.dose ?? ''}
          min={0}
          decimalScale={4}
          disabled={disabled}
          error={errors.dose}
          onChange={(v) => set('dose', typeof v === 'number' && v > 0 ? v : null)}
          data-testid="medication-ref-dose"
        />
        <Select
          label={t('REF.FIELDS.DOSE_UNIT')}
          data={QUICK_UNITS.map((unit) => ({ value: unit, label: t(`REF.UNITS.${unit}`) }))}
          value={values.doseUnit}
          searchable
          clearable
          disabled={disabled}
          error={errors.doseUnit}
          onChange={(v) => set('doseUnit', (v as MedicationDoseUnit | null) ?? null)}
          comboboxProps={{ withinPortal: true, zIndex: 1000 }}
          data-testid="medication-ref-dose-unit"
        />
        <AeDateField
          label={t('REF.FIELDS.START')}
          value={values.startDate}
          onChange={(v) => set('startDate', v)}
          format={format}
          error={errors.startDate}
          invalidText={t('REF.ERRORS.INVALID_DATE')}
          disabled={disabled}
          testId="medication-ref-start"
        />
        {!values.ongoing && (
          <AeDateField
            label={t('REF.FIELDS.END')}
            value={values.endDate}
            onChange={(v) => set('endDate', v)}
            format={format}
            error={errors.endDate}
            invalidText={t('REF.ERRORS.INVALID_DATE')}
            disabled={disabled}
            testId="medication-ref-end"
          />
        )}
      </SimpleGrid>
      <Group>
        <Checkbox
          label={t('REF.FIELDS.ONGOING')}
          checked={values.ongoing}
          disabled={disabled}
          onChange={(e) => onChange({ ...values, ongoing: e.currentTarget.checked, endDate: null })}
          data-testid="medication-ref-ongoing"
        />
      </Group>
    </Stack>
  );
}
