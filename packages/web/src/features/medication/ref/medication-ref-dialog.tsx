import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { MedicationView, StudyDateFormat } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isExtendedValidationCancelled, useExtendedValidation } from '../../../app/extended-validation';
import { serverErrorMessage, serverIssues } from '../../../app/form-errors';
import { useCreateSubjectMedication } from './api';
import {
  checkQuickMedication,
  EMPTY_QUICK_MEDICATION,
  MedicationQuickForm,
  type QuickMedication,
  type QuickMedicationErrors,
  quickErrorsOf,
  quickMedicationBody,
} from './medication-quick-form';

/** Today as `YYYY-MM-DD` in the user's time zone (the latest date a record may carry). */
function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

type MedicationRefDialogProps = {
  opened: boolean;
  studyId: string;
  subjectId: string;
  format: StudyDateFormat;
  onClose: () => void;
  onCreated: (record: MedicationView) => void;
};

/**
 * Issue 21 item 4: records a new medication of the subject from a MEDICATION_REF question, signed
 * with the password (spec 001 §6: medication create carries the Extended-Validation header; the
 * page's password dialog asks it), then hands the new record to the question to link.
 */
export function MedicationRefDialog({
  opened,
  studyId,
  subjectId,
  format,
  onClose,
  onCreated,
}: MedicationRefDialogProps) {
  const { t } = useTranslation(['common', 'medication']);
  const isPhone = useMediaQuery('(max-width: 36em)');
  const create = useCreateSubjectMedication(studyId, subjectId);
  const { withExtendedValidation } = useExtendedValidation();
  const [values, setValues] = useState<QuickMedication>(EMPTY_QUICK_MEDICATION);
  const [errors, setErrors] = useState<QuickMedicationErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const close = () => {
    setValues(EMPTY_QUICK_MEDICATION);
    setErrors({});
    setFormError(null);
    onClose();
  };

  const handleChange = (next: QuickMedication) => {
    setValues(next);
    // An error shows only while its rule still fails (the AE form's way).
    if (Object.keys(errors).length > 0) setErrors(checkQuickMedication(t, next, localToday()));
  };

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const found = checkQuickMedication(t, values, localToday());
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    try {
      const record = await withExtendedValidation(true, t('REF.MEANING'), (password) =>
        create.mutateAsync({ body: quickMedicationBody(values), password }),
      );
      onCreated(record);
      close();
    } catch (error) {
      if (isExtendedValidationCancelled(error)) return;
      const issues = serverIssues(error).map((issue) => ({
        path: String(issue.path[issue.path[0] === 'body' ? 1 : 0] ?? ''),
        reason: issue.message,
      }));
      const fields = quickErrorsOf(t, issues);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFormError(serverErrorMessage(error));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('REF.DIALOG_TITLE')}
      fullScreen={isPhone}
      size="lg"
      data-testid="medication-ref-dialog"
    >
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('REF.DIALOG_TEXT')}
          </Text>
          <MedicationQuickForm
            values={values}
            errors={errors}
            format={format}
            disabled={create.isPending}
            onChange={handleChange}
          />
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              {t('REF.CANCEL')}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="medication-ref-save">
              {t('REF.SAVE')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
