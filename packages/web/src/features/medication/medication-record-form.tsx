import {
  Checkbox,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  ADMINISTRATION_ROUTES,
  DOSING_FREQUENCIES,
  MEDICATION_DOSE_UNITS,
  MEDICATION_PACKAGES,
  type MedicationRegistrationType,
  type MedicationView,
} from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { useStudyAbilities } from '../../app/abilities';
import { isExtendedValidationCancelled, useExtendedValidation } from '../../app/extended-validation';
import { showSuccessToast } from '../../app/notify';
import { ExtendedValidationDialog } from '../../components/extended-validation-dialog';
import { AeDateField } from '../adverse-events/ae-date-field';
import { useAeDates } from '../adverse-events/ae-dates';
import { useSubjectAes } from '../adverse-events/api';
import { useCreateMedication, useUpdateMedication } from './api';
import { useEntryFormState } from './entry-form-state';
import { MedicationFormFooter } from './form-footer';
import {
  emptyMedicationValues,
  localToday,
  type MedicationFormValues,
  medicationIssues,
  normalizeMedication,
  valuesOfRecord,
} from './medication-rules';

export type MedicationRecordFormProps = {
  studyId: string;
  subjectId: string;
  /** The record to change; a new one is recorded when left out. */
  record?: MedicationView | null;
  /** The type a new record starts with. */
  defaultType?: MedicationRegistrationType;
  /** Called with the saved record after the signed save. */
  onSaved: (record: MedicationView) => void;
  onCancel?: () => void;
  /** False where the page already renders the password dialog (the fill and review screens). */
  hasPasswordDialog?: boolean;
};

/**
 * Spec 000 §3, 001 §7 (issue 21 item 1): a subject's medication record (concomitant or
 * investigational product) with the domain's rules checked before sending; the save is signed with
 * the password (spec 001 §6 Extended-Validation header), and the server's field errors land on
 * their fields. Renders its own password dialog.
 */
export function MedicationRecordForm({
  studyId,
  subjectId,
  record = null,
  defaultType = 'CONCOMITANT',
  onSaved,
  onCancel,
  hasPasswordDialog = true,
}: MedicationRecordFormProps) {
  const { t } = useTranslation(['common', 'medication']);
  const abilities = useStudyAbilities(studyId);
  const dates = useAeDates(studyId);
  const aes = useSubjectAes(studyId, subjectId, { enabled: abilities.can('AE_VIEW'), secondary: true });
  const create = useCreateMedication(studyId, subjectId);
  const update = useUpdateMedication(studyId, subjectId);
  const { withExtendedValidation } = useExtendedValidation();
  const { values, patch, setErrors, errorText, formError, setFormError, showFailure } =
    useEntryFormState<MedicationFormValues>(() =>
      record ? valuesOfRecord(record) : emptyMedicationValues(defaultType),
    );
  const isSaving = create.isPending || update.isPending;

  const text = (v: string) => (v === '' ? null : v);
  const enumSelect = <T extends string>(
    field: keyof MedicationFormValues,
    values_: readonly T[],
    prefix: string,
    current: T | null,
    onPick: (next: T | null) => void,
  ) => (
    <Select
      label={t(`MEDICATION.FIELDS.${field}` as 'MEDICATION.TITLE')}
      data={values_.map((v) => ({
        value: v,
        label: t(`MEDICATION.ENUM.${prefix}.${v}` as 'MEDICATION.TITLE'),
      }))}
      value={current}
      onChange={(next) => onPick((next as T | null) ?? null)}
      clearable
      searchable={values_.length > 8}
      error={errorText(field)}
      disabled={isSaving}
      data-testid={`med-${field}`}
      comboboxProps={{ withinPortal: true }}
    />
  );
  const otherInput = (field: 'doseUnitOther' | 'routeOther' | 'frequencyOther') => (
    <TextInput
      label={t(`MEDICATION.FIELDS.${field}` as 'MEDICATION.TITLE')}
      value={values[field] ?? ''}
      onChange={(e) => patch({ [field]: text(e.currentTarget.value) })}
      maxLength={64}
      required
      error={errorText(field)}
      disabled={isSaving}
      data-testid={`med-${field}`}
    />
  );

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const body = normalizeMedication(values);
    const found = medicationIssues(body, localToday());
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const saved = await withExtendedValidation(
        true,
        record ? t('MEDICATION.SIGN.UPDATE') : t('MEDICATION.SIGN.CREATE'),
        (password) =>
          record
            ? update.mutateAsync({ body: { ...body, id: record.id }, password })
            : create.mutateAsync({ body, password }),
      );
      showSuccessToast(record ? t('MEDICATION.FORM.UPDATED') : t('MEDICATION.FORM.CREATED'));
      onSaved(saved);
    } catch (error) {
      if (isExtendedValidationCancelled(error)) return;
      showFailure(error);
    }
  };

  const types: MedicationRegistrationType[] =
    values.registrationType === 'ACCOUNTING' ? ['CONCOMITANT', 'IMP', 'ACCOUNTING'] : ['CONCOMITANT', 'IMP'];
  const aeOptions = (aes.data ?? [])
    .filter((ae) => !ae.isRemoved || ae.id === values.aeId)
    .map((ae) => ({
      value: ae.id,
      label: [ae.eventDescription, ae.startDate ? dates.date(ae.startDate) : null]
        .filter(Boolean)
        .join(' · '),
    }));
  const invalidDate = t('MEDICATION.FORM.INVALID_DATE', { format: dates.format });
  const isNarrow = useMediaQuery('(max-width: 26em)', false) ?? false;

  return (
    <>
      <form onSubmit={(e) => void handleSubmit(e)} noValidate data-testid="medication-form">
        <Stack gap="sm">
          <SegmentedControl
            value={values.registrationType}
            onChange={(v) => patch({ registrationType: v as MedicationRegistrationType })}
            data={types.map((v) => ({ value: v, label: t(`MEDICATION.TYPE.${v}`) }))}
            disabled={isSaving}
            fullWidth
            // Two long labels do not fit side by side on a narrow phone (320 px): stack them there.
            orientation={isNarrow ? 'vertical' : 'horizontal'}
            aria-label={t('MEDICATION.FIELDS.registrationType')}
            data-testid="med-type"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('MEDICATION.FIELDS.name')}
              value={values.name}
              onChange={(e) => patch({ name: e.currentTarget.value })}
              maxLength={256}
              required
              error={errorText('name')}
              disabled={isSaving}
              data-testid="med-name"
              data-autofocus
            />
            <TextInput
              label={t('MEDICATION.FIELDS.indication')}
              value={values.indication ?? ''}
              onChange={(e) => patch({ indication: text(e.currentTarget.value) })}
              maxLength={1024}
              error={errorText('indication')}
              disabled={isSaving}
              data-testid="med-indication"
            />
            <NumberInput
              label={t('MEDICATION.FIELDS.dose')}
              value={values.dose ?? ''}
              onChange={(v) => patch({ dose: typeof v === 'number' && v > 0 ? v : null })}
              min={0}
              allowNegative={false}
              decimalScale={6}
              hideControls
              error={errorText('dose')}
              disabled={isSaving}
              data-testid="med-dose"
            />
            {enumSelect('doseUnit', MEDICATION_DOSE_UNITS, 'DOSE_UNIT', values.doseUnit, (doseUnit) =>
              patch({ doseUnit, ...(doseUnit === 'OTHER' ? {} : { doseUnitOther: null }) }),
            )}
            {values.doseUnit === 'OTHER' && otherInput('doseUnitOther')}
            {enumSelect('route', ADMINISTRATION_ROUTES, 'ROUTE', values.route, (route) =>
              patch({ route, ...(route === 'OTHER' ? {} : { routeOther: null }) }),
            )}
            {values.route === 'OTHER' && otherInput('routeOther')}
            {enumSelect('frequency', DOSING_FREQUENCIES, 'FREQUENCY', values.frequency, (frequency) =>
              patch({ frequency, ...(frequency === 'OTHER' ? {} : { frequencyOther: null }) }),
            )}
            {values.frequency === 'OTHER' && otherInput('frequencyOther')}
            <AeDateField
              label={t('MEDICATION.FIELDS.startDate')}
              value={values.startDate}
              onChange={(startDate) => patch({ startDate })}
              format={dates.format}
              error={errorText('startDate')}
              invalidText={invalidDate}
              disabled={isSaving}
              testId="med-startDate"
            />
            {!values.ongoing && (
              <AeDateField
                label={t('MEDICATION.FIELDS.endDate')}
                value={values.endDate}
                onChange={(endDate) => patch({ endDate })}
                format={dates.format}
                error={errorText('endDate')}
                invalidText={invalidDate}
                disabled={isSaving}
                testId="med-endDate"
              />
            )}
          </SimpleGrid>
          <Checkbox
            label={t('MEDICATION.FIELDS.ongoing')}
            checked={values.ongoing}
            onChange={(e) => patch({ ongoing: e.currentTarget.checked, endDate: null })}
            disabled={isSaving}
            data-testid="med-ongoing"
          />
          {values.registrationType === 'IMP' && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {enumSelect('schedulePackage', MEDICATION_PACKAGES, 'PACKAGE', values.schedulePackage, (p) =>
                patch({ schedulePackage: p }),
              )}
              <NumberInput
                label={t('MEDICATION.FIELDS.scheduleUnitsPerDay')}
                description={t('MEDICATION.FORM.SCHEDULE_HINT')}
                value={values.scheduleUnitsPerDay ?? ''}
                onChange={(v) => patch({ scheduleUnitsPerDay: typeof v === 'number' && v > 0 ? v : null })}
                min={0}
                allowNegative={false}
                decimalScale={3}
                hideControls
                error={errorText('scheduleUnitsPerDay')}
                disabled={isSaving}
                data-testid="med-scheduleUnitsPerDay"
              />
            </SimpleGrid>
          )}
          {abilities.can('AE_VIEW') && (
            <Select
              label={t('MEDICATION.FIELDS.aeId')}
              placeholder={aeOptions.length === 0 ? t('MEDICATION.FORM.NO_AES') : undefined}
              data={aeOptions}
              value={values.aeId}
              onChange={(aeId) => patch({ aeId })}
              clearable
              error={errorText('aeId')}
              disabled={isSaving || aeOptions.length === 0}
              data-testid="med-aeId"
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <Textarea
            label={t('MEDICATION.FIELDS.comment')}
            value={values.comment ?? ''}
            onChange={(e) => patch({ comment: text(e.currentTarget.value) })}
            maxLength={10000}
            autosize
            minRows={2}
            disabled={isSaving}
            data-testid="med-comment"
          />
          <MedicationFormFooter
            error={formError}
            isSaving={isSaving}
            onCancel={onCancel}
            cancelLabel={t('MEDICATION.FORM.CANCEL')}
            saveLabel={t('MEDICATION.FORM.SAVE')}
            saveTestId="med-save"
          />
        </Stack>
      </form>
      {/* Outside the form: a submit inside the (portalled) dialog would bubble to this form. */}
      {hasPasswordDialog && <ExtendedValidationDialog />}
    </>
  );
}
