import { Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { MedicationView } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { MedicationRecordForm } from '../medication-record-form';

type MedicationRefDialogProps = {
  opened: boolean;
  studyId: string;
  subjectId: string;
  onClose: () => void;
  onCreated: (record: MedicationView) => void;
};

/**
 * Issue 21 item 4: records a new medication of the subject from a MEDICATION_REF question with the
 * medication tab's form, signed with the password (spec 001 §6: medication create carries the
 * Extended-Validation header; the fill and review pages render the password dialog), then hands the
 * new record to the question to link.
 */
export function MedicationRefDialog({
  opened,
  studyId,
  subjectId,
  onClose,
  onCreated,
}: MedicationRefDialogProps) {
  const { t } = useTranslation(['common', 'medication']);
  const isPhone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('REF.DIALOG_TITLE')}
      fullScreen={isPhone}
      size="xl"
      data-testid="medication-ref-dialog"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('REF.DIALOG_TEXT')}
        </Text>
        {opened && (
          <MedicationRecordForm
            studyId={studyId}
            subjectId={subjectId}
            hasPasswordDialog={false}
            onCancel={onClose}
            onSaved={(record) => {
              onCreated(record);
              onClose();
            }}
          />
        )}
      </Stack>
    </Modal>
  );
}
