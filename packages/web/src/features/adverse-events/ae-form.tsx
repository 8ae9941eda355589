import {
  Card,
  Checkbox,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  Title,
} from '@mantine/core';
import {
  AE_BROCHURE_RELATIONS,
  AE_OUTCOMES,
  AE_PRODUCT_ACTIONS,
  AE_PRODUCT_RELATIONS,
  AE_SERIOUS_TYPES,
  AE_SEVERITIES,
  type AeContent,
  type AeDetails,
  type ErrorId,
  SAE_CRITERIA,
  type SarForm,
  type SeForm,
} from '@trialbase/domain';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AeDateField } from './ae-date-field';
import type { AeDateFormatter } from './ae-dates';
import classes from './ae-form.module.css';
import { AeSarFields, type SarFieldErrors } from './ae-sar-fields';

export const EMPTY_DETAILS: AeDetails = {
  startDate: null,
  endDate: null,
  awarenessDate: null,
  ongoing: false,
  severity: null,
  outcome: null,
  productAction: null,
  productRelation: null,
  brochureRelation: null,
  seriousType: null,
  comment: null,
};

const EMPTY_SE_FORM: SeForm = {
  criteria: [],
  hospitalisationStart: null,
  hospitalisationEnd: null,
  dateOfDeath: null,
  causeOfDeath: null,
  autopsyPerformed: null,
  narrative: null,
};

const EMPTY_SAR_FORM: SarForm = {
  productName: null,
  dose: null,
  doseUnit: null,
  route: null,
  routeOther: null,
  frequency: null,
  frequencyOther: null,
  therapyStartDate: null,
  therapyEndDate: null,
  indication: null,
  actionTaken: null,
  eventAbate: null,
  outcome: null,
};

export function emptyAeContent(): AeContent {
  return {
    eventDescription: '',
    sae: false,
    details: EMPTY_DETAILS,
    sarForm: null,
    seForm: null,
    investigator: null,
  };
}

/** The safety-report form belongs to serious events typed SAR or SUSAR (spec 000 §3). */
export function needsSarForm(content: AeContent): boolean {
  return content.sae && (content.details.seriousType === 'SAR' || content.details.seriousType === 'SUSAR');
}

/** What is sent: the serious-event form only when serious, the SAR form only for SAR and SUSAR. */
export function normalizeAeContent(content: AeContent): AeContent {
  return {
    ...content,
    eventDescription: content.eventDescription.trim(),
    details: { ...content.details, seriousType: content.sae ? content.details.seriousType : null },
    seForm: content.sae ? (content.seForm ?? EMPTY_SE_FORM) : null,
    sarForm: needsSarForm(content) ? (content.sarForm ?? EMPTY_SAR_FORM) : null,
  };
}

export type AeFieldErrors = Partial<
  Record<'eventDescription' | 'startDate' | 'endDate' | 'awarenessDate', string>
> & { sar?: SarFieldErrors };

/** Spec 000 §8 AE date error ids on the field each one is about. */
export function dateErrorsOf(t: TFunction, ids: readonly ErrorId[]): AeFieldErrors {
  const errors: AeFieldErrors = {};
  for (const id of ids) {
    if (id === 'START_DATE_BEFORE_FILL_OUT_DATE')
      errors.startDate = t('ADVERSE_EVENTS.DATE_RULES.START_AFTER_FILL_OUT');
    if (id === 'AWARENESS_DATE_AFTER_START_DATE')
      errors.awarenessDate = t('ADVERSE_EVENTS.DATE_RULES.AWARENESS_BEFORE_START');
    if (id === 'AWARENESS_DATE_BEFORE_FILL_OUT_DATE')
      errors.awarenessDate = t('ADVERSE_EVENTS.DATE_RULES.AWARENESS_AFTER_FILL_OUT');
    if (id === 'END_DATE_AFTER_START_DATE') errors.endDate = t('ADVERSE_EVENTS.DATE_RULES.END_BEFORE_START');
  }
  return errors;
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" data-testid={testId}>
      <Title order={2} fz="h5" mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Card>
  );
}

type AeFormFieldsProps = {
  value: AeContent;
  onChange: (next: AeContent) => void;
  errors: AeFieldErrors;
  dates: AeDateFormatter;
  disabled?: boolean;
};

/** The AE's fields (spec 000 §3: details, seriousness, serious-event form, SAR form, investigator). */
export function AeFormFields({ value, onChange, errors, dates, disabled }: AeFormFieldsProps) {
  const { t } = useTranslation();
  const details = value.details;
  const se = value.seForm ?? EMPTY_SE_FORM;
  const sar = value.sarForm ?? EMPTY_SAR_FORM;
  const setDetails = (patch: Partial<AeDetails>) => onChange({ ...value, details: { ...details, ...patch } });
  const setSe = (patch: Partial<SeForm>) => onChange({ ...value, seForm: { ...se, ...patch } });
  const setSar = (patch: Partial<SarForm>) => onChange({ ...value, sarForm: { ...sar, ...patch } });
  const invalidDate = t('ADVERSE_EVENTS.FIELDS.INVALID_DATE', { format: dates.format });
  const options = <T extends string>(values: readonly T[], prefix: string) =>
    values.map((v) => ({
      value: v,
      label: t(`ADVERSE_EVENTS.ENUM.${prefix}.${v}` as 'ADVERSE_EVENTS.TITLE'),
    }));
  const select = <T extends string>(
    label: string,
    values: readonly T[],
    prefix: string,
    current: T | null,
    set: (next: T | null) => void,
    testId: string,
  ) => (
    <Select
      label={label}
      data={options(values, prefix)}
      value={current}
      onChange={(next) => set((next as T | null) ?? null)}
      clearable
      disabled={disabled}
      data-testid={testId}
      comboboxProps={{ withinPortal: true }}
    />
  );
  const text = (v: string) => (v.trim() === '' ? null : v);

  return (
    <Stack
      gap="md"
      className={disabled ? classes.readOnly : undefined}
      data-read-only={disabled || undefined}
    >
      <Section title={t('ADVERSE_EVENTS.SECTIONS.EVENT')}>
        <Textarea
          label={t('ADVERSE_EVENTS.FIELDS.DESCRIPTION')}
          value={value.eventDescription}
          onChange={(e) => onChange({ ...value, eventDescription: e.currentTarget.value })}
          error={errors.eventDescription}
          required
          autosize
          minRows={3}
          maxLength={10000}
          disabled={disabled}
          data-testid="ae-description"
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <AeDateField
            label={t('ADVERSE_EVENTS.FIELDS.START_DATE')}
            value={details.startDate}
            onChange={(startDate) => setDetails({ startDate })}
            format={dates.format}
            error={errors.startDate}
            invalidText={invalidDate}
            disabled={disabled}
            testId="ae-start-date"
          />
          <AeDateField
            label={t('ADVERSE_EVENTS.FIELDS.AWARENESS_DATE')}
            value={details.awarenessDate}
            onChange={(awarenessDate) => setDetails({ awarenessDate })}
            format={dates.format}
            error={errors.awarenessDate}
            invalidText={invalidDate}
            disabled={disabled}
            testId="ae-awareness-date"
          />
          <AeDateField
            label={t('ADVERSE_EVENTS.FIELDS.END_DATE')}
            value={details.endDate}
            onChange={(endDate) => setDetails({ endDate })}
            format={dates.format}
            error={errors.endDate}
            invalidText={invalidDate}
            disabled={disabled || details.ongoing}
            testId="ae-end-date"
          />
        </SimpleGrid>
        <Checkbox
          label={t('ADVERSE_EVENTS.FIELDS.ONGOING')}
          checked={details.ongoing}
          onChange={(e) =>
            setDetails({
              ongoing: e.currentTarget.checked,
              endDate: e.currentTarget.checked ? null : details.endDate,
            })
          }
          disabled={disabled}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {select(
            t('ADVERSE_EVENTS.FIELDS.SEVERITY'),
            AE_SEVERITIES,
            'SEVERITY',
            details.severity,
            (severity) => setDetails({ severity }),
            'ae-severity',
          )}
          {select(
            t('ADVERSE_EVENTS.FIELDS.OUTCOME'),
            AE_OUTCOMES,
            'OUTCOME',
            details.outcome,
            (outcome) => setDetails({ outcome }),
            'ae-outcome',
          )}
          {select(
            t('ADVERSE_EVENTS.FIELDS.PRODUCT_ACTION'),
            AE_PRODUCT_ACTIONS,
            'PRODUCT_ACTION',
            details.productAction,
            (productAction) => setDetails({ productAction }),
            'ae-product-action',
          )}
          {select(
            t('ADVERSE_EVENTS.FIELDS.PRODUCT_RELATION'),
            AE_PRODUCT_RELATIONS,
            'PRODUCT_RELATION',
            details.productRelation === 'UNKNOWN' ? null : details.productRelation,
            (productRelation) => setDetails({ productRelation }),
            'ae-product-relation',
          )}
          {select(
            t('ADVERSE_EVENTS.FIELDS.BROCHURE_RELATION'),
            AE_BROCHURE_RELATIONS,
            'BROCHURE_RELATION',
            details.brochureRelation,
            (brochureRelation) => setDetails({ brochureRelation }),
            'ae-brochure-relation',
          )}
        </SimpleGrid>
        <Textarea
          label={t('ADVERSE_EVENTS.FIELDS.COMMENT')}
          value={details.comment ?? ''}
          onChange={(e) => setDetails({ comment: text(e.currentTarget.value) })}
          autosize
          minRows={2}
          maxLength={10000}
          disabled={disabled}
        />
      </Section>

      <Section title={t('ADVERSE_EVENTS.SECTIONS.SERIOUSNESS')} testId="ae-seriousness">
        <Switch
          label={t('ADVERSE_EVENTS.FIELDS.SERIOUS')}
          description={t('ADVERSE_EVENTS.FIELDS.SERIOUS_HELP')}
          checked={value.sae}
          onChange={(e) => onChange({ ...value, sae: e.currentTarget.checked })}
          disabled={disabled}
          data-testid="ae-serious"
        />
        {value.sae && (
          <>
            <Radio.Group
              label={t('ADVERSE_EVENTS.FIELDS.SERIOUS_TYPE')}
              value={details.seriousType ?? ''}
              onChange={(next) => setDetails({ seriousType: (next || null) as AeDetails['seriousType'] })}
            >
              <Group gap="md" mt={4}>
                {AE_SERIOUS_TYPES.map((type) => (
                  <Radio
                    key={type}
                    value={type}
                    label={t(`ADVERSE_EVENTS.ENUM.SERIOUS_TYPE.${type}`)}
                    disabled={disabled}
                    data-testid={`ae-serious-type-${type}`}
                  />
                ))}
              </Group>
            </Radio.Group>
            <Checkbox.Group
              label={t('ADVERSE_EVENTS.FIELDS.CRITERIA')}
              value={se.criteria}
              onChange={(next) => setSe({ criteria: next as SeForm['criteria'] })}
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} mt={4}>
                {SAE_CRITERIA.map((c) => (
                  <Checkbox
                    key={c}
                    value={c}
                    label={t(`ADVERSE_EVENTS.ENUM.CRITERION.${c}`)}
                    disabled={disabled}
                    data-testid={`ae-criterion-${c}`}
                  />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <AeDateField
                label={t('ADVERSE_EVENTS.FIELDS.HOSPITALISATION_START')}
                value={se.hospitalisationStart}
                onChange={(hospitalisationStart) => setSe({ hospitalisationStart })}
                format={dates.format}
                invalidText={invalidDate}
                disabled={disabled}
              />
              <AeDateField
                label={t('ADVERSE_EVENTS.FIELDS.HOSPITALISATION_END')}
                value={se.hospitalisationEnd}
                onChange={(hospitalisationEnd) => setSe({ hospitalisationEnd })}
                format={dates.format}
                invalidText={invalidDate}
                disabled={disabled}
              />
              <AeDateField
                label={t('ADVERSE_EVENTS.FIELDS.DATE_OF_DEATH')}
                value={se.dateOfDeath}
                onChange={(dateOfDeath) => setSe({ dateOfDeath })}
                format={dates.format}
                invalidText={invalidDate}
                disabled={disabled}
              />
            </SimpleGrid>
            <Textarea
              label={t('ADVERSE_EVENTS.FIELDS.NARRATIVE')}
              value={se.narrative ?? ''}
              onChange={(e) => setSe({ narrative: text(e.currentTarget.value) })}
              autosize
              minRows={3}
              maxLength={10000}
              disabled={disabled}
            />
          </>
        )}
      </Section>

      {needsSarForm(value) && (
        <Section title={t('ADVERSE_EVENTS.SECTIONS.SAR')} testId="ae-sar-form">
          <AeSarFields
            sar={sar}
            onChange={setSar}
            errors={errors.sar ?? {}}
            dates={dates}
            disabled={disabled}
          />
        </Section>
      )}
    </Stack>
  );
}
