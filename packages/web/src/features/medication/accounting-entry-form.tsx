import { NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import {
  type AccountingEntryView,
  type CreateAccountingRequest,
  MEDICATION_ACCOUNTING_TYPES,
  MEDICATION_PACKAGES,
  type MedicationAccountingType,
  type MedicationPackage,
} from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { isExtendedValidationCancelled, useExtendedValidation } from '../../app/extended-validation';
import { showSuccessToast } from '../../app/notify';
import { ExtendedValidationDialog } from '../../components/extended-validation-dialog';
import { AeDateField } from '../adverse-events/ae-date-field';
import { useAeDates } from '../adverse-events/ae-dates';
import { useCorrectAccounting, useCreateAccounting } from './api';
import { useEntryFormState } from './entry-form-state';
import { MedicationFormFooter } from './form-footer';
import { localToday } from './medication-rules';

type Values = {
  accountingType: MedicationAccountingType;
  package: MedicationPackage | null;
  quantity: number | null;
  batchNumber: string;
  date: string | null;
  comment: string;
  reason: string;
};
type Errors = Partial<Record<keyof Values, string>>;

const ORDER: readonly MedicationAccountingType[] = ['DELIVERED', 'RETURNED', 'LOST'];

/**
 * Issue 21 item 2: a delivery, return or loss of a subject (date, package, count, kit or batch),
 * signed with the password; with `correcting`, the corrected values of that entry and the reason
 * (the original stays in the log).
 */
export function AccountingEntryForm({
  studyId,
  subjectId,
  correcting = null,
  onSaved,
  onCancel,
}: {
  studyId: string;
  subjectId: string;
  correcting?: AccountingEntryView | null;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['common', 'medication']);
  const dates = useAeDates(studyId);
  const create = useCreateAccounting(studyId, subjectId);
  const correct = useCorrectAccounting(studyId, subjectId);
  const { withExtendedValidation } = useExtendedValidation();
  const { values, patch, setErrors, errorText, formError, setFormError, showFailure } =
    useEntryFormState<Values>(() => ({
      accountingType: correcting?.accountingType ?? 'DELIVERED',
      package: correcting?.package ?? null,
      quantity: correcting?.quantity ?? null,
      batchNumber: correcting?.batchNumber ?? '',
      date: correcting?.date ?? localToday(),
      comment: correcting?.comment ?? '',
      reason: '',
    }));
  const isSaving = create.isPending || correct.isPending;

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found: Errors = {};
    if (values.package === null) found.package = 'MEDICATION.ACCOUNTING.REQUIRED';
    if (values.quantity === null || values.quantity < 1)
      found.quantity = 'MEDICATION.ACCOUNTING.QUANTITY_REQUIRED';
    if (values.date === null) found.date = 'MEDICATION.ACCOUNTING.REQUIRED';
    else if (values.date > localToday()) found.date = 'SERVER_ERRORS.REASON.MEDICATION_DATE_IN_FUTURE';
    else if (values.date < '1901-01-01') found.date = 'SERVER_ERRORS.REASON.MEDICATION_DATE_TOO_EARLY';
    if (correcting && values.reason.trim() === '') found.reason = 'MEDICATION.ACCOUNTING.REQUIRED';
    setErrors(found);
    if (Object.keys(found).length > 0 || values.package === null || values.quantity === null || !values.date)
      return;
    const body: CreateAccountingRequest = {
      accountingType: values.accountingType,
      package: values.package,
      quantity: values.quantity,
      batchNumber: values.batchNumber.trim() === '' ? null : values.batchNumber.trim(),
      date: values.date,
      comment: values.comment.trim() === '' ? null : values.comment.trim(),
    };
    try {
      if (correcting) {
        await withExtendedValidation(true, t('MEDICATION.ACCOUNTING.SIGN.CORRECT'), (password) =>
          correct.mutateAsync({
            entryId: correcting.id,
            body: { ...body, reason: values.reason.trim() },
            password,
          }),
        );
        showSuccessToast(t('MEDICATION.ACCOUNTING.CORRECTION_DONE'));
      } else {
        await withExtendedValidation(true, t('MEDICATION.ACCOUNTING.SIGN.CREATE'), (password) =>
          create.mutateAsync({ body, password }),
        );
        showSuccessToast(t('MEDICATION.ACCOUNTING.CREATED'));
      }
      onSaved();
    } catch (error) {
      if (isExtendedValidationCancelled(error)) return;
      showFailure(error);
    }
  };

  return (
    <>
      <form onSubmit={(e) => void handleSubmit(e)} noValidate data-testid="accounting-form">
        <Stack gap="sm">
          <SegmentedControl
            value={values.accountingType}
            onChange={(v) => patch({ accountingType: v as MedicationAccountingType })}
            data={ORDER.filter((v) => MEDICATION_ACCOUNTING_TYPES.includes(v)).map((v) => ({
              value: v,
              label: t(`MEDICATION.ENUM.ACCOUNTING_TYPE.${v}`),
            }))}
            fullWidth
            disabled={isSaving}
            aria-label={t('MEDICATION.ACCOUNTING.FIELDS.accountingType')}
            data-testid="acc-type"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t('MEDICATION.ACCOUNTING.FIELDS.package')}
              data={MEDICATION_PACKAGES.map((p) => ({ value: p, label: t(`MEDICATION.ENUM.PACKAGE.${p}`) }))}
              value={values.package}
              onChange={(p) => patch({ package: (p as MedicationPackage | null) ?? null })}
              required
              error={errorText('package')}
              disabled={isSaving}
              data-testid="acc-package"
              comboboxProps={{ withinPortal: true }}
            />
            <NumberInput
              label={t('MEDICATION.ACCOUNTING.FIELDS.quantity')}
              value={values.quantity ?? ''}
              onChange={(v) => patch({ quantity: typeof v === 'number' ? v : null })}
              min={1}
              allowNegative={false}
              allowDecimal={false}
              required
              error={errorText('quantity')}
              disabled={isSaving}
              data-testid="acc-quantity"
            />
            <TextInput
              label={t('MEDICATION.ACCOUNTING.FIELDS.batchNumber')}
              value={values.batchNumber}
              onChange={(e) => patch({ batchNumber: e.currentTarget.value })}
              maxLength={64}
              error={errorText('batchNumber')}
              disabled={isSaving}
              data-testid="acc-batch"
            />
            <AeDateField
              label={t('MEDICATION.ACCOUNTING.FIELDS.date')}
              value={values.date}
              onChange={(date) => patch({ date })}
              format={dates.format}
              error={errorText('date')}
              invalidText={t('MEDICATION.FORM.INVALID_DATE', { format: dates.format })}
              disabled={isSaving}
              testId="acc-date"
            />
          </SimpleGrid>
          <Textarea
            label={t('MEDICATION.ACCOUNTING.FIELDS.comment')}
            value={values.comment}
            onChange={(e) => patch({ comment: e.currentTarget.value })}
            maxLength={10000}
            autosize
            minRows={1}
            disabled={isSaving}
          />
          {correcting && (
            <Textarea
              label={t('MEDICATION.ACCOUNTING.FIELDS.reason')}
              value={values.reason}
              onChange={(e) => patch({ reason: e.currentTarget.value })}
              maxLength={1000}
              required
              autosize
              minRows={2}
              error={errorText('reason')}
              disabled={isSaving}
              data-testid="acc-reason"
            />
          )}
          <MedicationFormFooter
            error={formError}
            isSaving={isSaving}
            onCancel={onCancel}
            cancelLabel={t('MEDICATION.ACCOUNTING.CANCEL')}
            saveLabel={t('MEDICATION.ACCOUNTING.SAVE')}
            saveTestId="acc-save"
          />
        </Stack>
      </form>
      <ExtendedValidationDialog />
    </>
  );
}
