import { NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import {
  ADMINISTRATION_ROUTES,
  DOSING_FREQUENCIES,
  MEDICATION_DOSE_UNITS,
  SAR_ACTIONS_TAKEN,
  SAR_EVENT_ABATE,
  SAR_OUTCOMES,
  type SarForm,
  type SarFormIssue,
  sarFormIssues,
} from '@trialbase/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { AeDateField } from './ae-date-field';
import type { AeDateFormatter } from './ae-dates';

/** The SAR fields a browser check can put an error on (spec 000 §3; domain `sarFormIssues`). */
export type SarFieldErrors = Partial<
  Record<'doseUnit' | 'routeOther' | 'frequencyOther' | 'therapyEndDate', string>
>;

const RULE_TEXT = {
  AE_SAR_DOSE_UNIT_REQUIRED: 'ADVERSE_EVENTS.SAR_RULES.DOSE_UNIT_REQUIRED',
  AE_SAR_OTHER_REQUIRED: 'ADVERSE_EVENTS.SAR_RULES.OTHER_REQUIRED',
  AE_SAR_OTHER_ONLY_WITH_OTHER: 'ADVERSE_EVENTS.SAR_RULES.OTHER_ONLY_WITH_OTHER',
  AE_SAR_THERAPY_END_BEFORE_START: 'ADVERSE_EVENTS.SAR_RULES.THERAPY_END_BEFORE_START',
} as const;

/** The domain's SAR issues as texts on their fields. */
export function sarErrorsOf(t: TFunction, issues: readonly SarFormIssue[]): SarFieldErrors {
  const errors: SarFieldErrors = {};
  for (const issue of issues) errors[issue.field as keyof SarFieldErrors] = t(RULE_TEXT[issue.reason]);
  return errors;
}

type AeSarFieldsProps = {
  sar: SarForm;
  onChange: (patch: Partial<SarForm>) => void;
  errors: SarFieldErrors;
  dates: AeDateFormatter;
  disabled?: boolean;
};

/**
 * Spec 000 §3 safety-report form (SAR) of a SAR or SUSAR: the suspected product with its dose and
 * one of the 21 dose units, route and frequency (OTHER named in a text), therapy dates, indication,
 * action taken, event abate and outcome.
 */
export function AeSarFields({ sar, onChange, errors, dates, disabled }: AeSarFieldsProps) {
  const { t } = useTranslation();
  const text = (v: string) => (v.trim() === '' ? null : v);
  // An error from the last check shows only while its rule still fails (fixed fields clear at once).
  const failing = new Set(sarFormIssues(sar).map((issue) => issue.field));
  const errorOf = (field: keyof SarFieldErrors) => (failing.has(field) ? errors[field] : undefined);
  const invalidDate = t('ADVERSE_EVENTS.FIELDS.INVALID_DATE', { format: dates.format });
  const select = <T extends string>(
    label: string,
    values: readonly T[],
    prefix: string,
    current: T | null,
    set: (next: T | null) => void,
    testId: string,
    error?: string,
  ) => (
    <Select
      label={label}
      data={values.map((v) => ({
        value: v,
        label: t(`ADVERSE_EVENTS.ENUM.${prefix}.${v}` as 'ADVERSE_EVENTS.TITLE'),
      }))}
      value={current}
      onChange={(next) => set((next as T | null) ?? null)}
      clearable
      searchable={values.length > 8}
      error={error}
      disabled={disabled}
      data-testid={testId}
      comboboxProps={{ withinPortal: true }}
    />
  );

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput
        label={t('ADVERSE_EVENTS.FIELDS.PRODUCT_NAME')}
        value={sar.productName ?? ''}
        onChange={(e) => onChange({ productName: text(e.currentTarget.value) })}
        maxLength={256}
        disabled={disabled}
      />
      <TextInput
        label={t('ADVERSE_EVENTS.FIELDS.INDICATION')}
        value={sar.indication ?? ''}
        onChange={(e) => onChange({ indication: text(e.currentTarget.value) })}
        maxLength={1024}
        disabled={disabled}
      />
      <NumberInput
        label={t('ADVERSE_EVENTS.FIELDS.DOSE')}
        value={sar.dose ?? ''}
        onChange={(v) => onChange({ dose: typeof v === 'number' && v > 0 ? v : null })}
        min={0}
        allowNegative={false}
        decimalScale={6}
        hideControls
        disabled={disabled}
        data-testid="ae-sar-dose"
      />
      {select(
        t('ADVERSE_EVENTS.FIELDS.DOSE_UNIT'),
        MEDICATION_DOSE_UNITS,
        'DOSE_UNIT',
        sar.doseUnit,
        (doseUnit) => onChange({ doseUnit }),
        'ae-sar-dose-unit',
        errorOf('doseUnit'),
      )}
      {select(
        t('ADVERSE_EVENTS.FIELDS.ROUTE'),
        ADMINISTRATION_ROUTES,
        'ROUTE',
        sar.route,
        // Only OTHER carries its own text: another choice drops it.
        (route) => onChange({ route, ...(route === 'OTHER' ? {} : { routeOther: null }) }),
        'ae-sar-route',
      )}
      {sar.route === 'OTHER' && (
        <TextInput
          label={t('ADVERSE_EVENTS.FIELDS.ROUTE_OTHER')}
          value={sar.routeOther ?? ''}
          onChange={(e) => onChange({ routeOther: text(e.currentTarget.value) })}
          maxLength={64}
          required
          error={errorOf('routeOther')}
          disabled={disabled}
          data-testid="ae-sar-route-other"
        />
      )}
      {select(
        t('ADVERSE_EVENTS.FIELDS.FREQUENCY'),
        DOSING_FREQUENCIES,
        'FREQUENCY',
        sar.frequency,
        (frequency) => onChange({ frequency, ...(frequency === 'OTHER' ? {} : { frequencyOther: null }) }),
        'ae-sar-frequency',
      )}
      {sar.frequency === 'OTHER' && (
        <TextInput
          label={t('ADVERSE_EVENTS.FIELDS.FREQUENCY_OTHER')}
          value={sar.frequencyOther ?? ''}
          onChange={(e) => onChange({ frequencyOther: text(e.currentTarget.value) })}
          maxLength={64}
          required
          error={errorOf('frequencyOther')}
          disabled={disabled}
          data-testid="ae-sar-frequency-other"
        />
      )}
      <AeDateField
        label={t('ADVERSE_EVENTS.FIELDS.THERAPY_START')}
        value={sar.therapyStartDate}
        onChange={(therapyStartDate) => onChange({ therapyStartDate })}
        format={dates.format}
        invalidText={invalidDate}
        disabled={disabled}
      />
      <AeDateField
        label={t('ADVERSE_EVENTS.FIELDS.THERAPY_END')}
        value={sar.therapyEndDate}
        onChange={(therapyEndDate) => onChange({ therapyEndDate })}
        format={dates.format}
        error={errorOf('therapyEndDate')}
        invalidText={invalidDate}
        disabled={disabled}
      />
      {select(
        t('ADVERSE_EVENTS.FIELDS.ACTION_TAKEN'),
        SAR_ACTIONS_TAKEN,
        'SAR_ACTION',
        sar.actionTaken,
        (actionTaken) => onChange({ actionTaken }),
        'ae-sar-action',
      )}
      {select(
        t('ADVERSE_EVENTS.FIELDS.EVENT_ABATE'),
        SAR_EVENT_ABATE,
        'EVENT_ABATE',
        sar.eventAbate,
        (eventAbate) => onChange({ eventAbate }),
        'ae-sar-abate',
      )}
      {select(
        t('ADVERSE_EVENTS.FIELDS.SAR_OUTCOME'),
        SAR_OUTCOMES,
        'SAR_OUTCOME',
        sar.outcome,
        (outcome) => onChange({ outcome }),
        'ae-sar-outcome',
      )}
    </SimpleGrid>
  );
}
