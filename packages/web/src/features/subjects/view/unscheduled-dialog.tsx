import { Alert, Button, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import {
  DISCONTINUATION_REASONS,
  type DiscontinuationReason,
  type UnscheduledDataEventType,
  type UnscheduledEventBody,
} from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../../app/notify';
import { useRecordUnscheduledEvent } from '../api';
import { generalError } from '../display';

/** Spec 000 §3 / enrollment model: the free text of an OTHER discontinuation. */
const OTHER_REASON_MAX = 1024;

type UnscheduledDialogProps = {
  studyId: string;
  subjectId: string;
  enrollmentId: string;
  /** The unscheduled event types the process switches on (GET .../unscheduled/getForms). */
  types: readonly UnscheduledDataEventType[];
  opened: boolean;
  onClose: () => void;
};

/**
 * Spec 001 §7 `POST .../enrollments/{enrollmentId}/unexpected`: record an unexpected, discontinued
 * or external event; a discontinuation needs its reason (DEATH, GEOGRAPHIC, PATIENT_OPT_OUT, or
 * OTHER with a text) and ends the enrollment's other open links.
 */
export function UnscheduledDialog(props: UnscheduledDialogProps) {
  const { studyId, subjectId, enrollmentId, types, opened, onClose } = props;
  const { t } = useTranslation();
  const record = useRecordUnscheduledEvent(studyId, subjectId, enrollmentId);
  const [chosenType, setType] = useState<UnscheduledDataEventType | null>(null);
  const [reason, setReason] = useState<DiscontinuationReason | null>(null);
  const [otherReason, setOtherReason] = useState('');
  const [isChecked, setChecked] = useState(false);
  const type = chosenType ?? (types.length === 1 ? (types[0] ?? null) : null);
  const isDiscontinued = type === 'TYPE_DISCONTINUED';
  const otherError =
    isChecked && isDiscontinued && reason === 'OTHER' && otherReason.trim() === ''
      ? t('SUBJECTS.VALIDATION.REQUIRED')
      : otherReason.length > OTHER_REASON_MAX
        ? t('SUBJECTS.VALIDATION.MAX_LENGTH', { length: OTHER_REASON_MAX })
        : null;
  const reasonError = isChecked && isDiscontinued && !reason ? t('SUBJECTS.VALIDATION.REQUIRED') : null;

  const handleClose = () => {
    record.reset();
    setType(null);
    setReason(null);
    setOtherReason('');
    setChecked(false);
    onClose();
  };

  const bodyOf = (): UnscheduledEventBody | null => {
    if (type === 'TYPE_UNEXPECTED' || type === 'TYPE_EXTERNAL') return { type };
    if (type !== 'TYPE_DISCONTINUED' || !reason) return null;
    if (reason !== 'OTHER') return { type, reason };
    const text = otherReason.trim();
    return text && text.length <= OTHER_REASON_MAX ? { type, reason, otherReason: text } : null;
  };

  const handleSubmit = () => {
    setChecked(true);
    const body = bodyOf();
    if (!body) return;
    record.mutate(body, {
      onSuccess: () => {
        showSuccessToast(t('SUBJECTS.UNSCHEDULED.DONE'));
        handleClose();
      },
    });
  };

  return (
    <Modal opened={opened} onClose={handleClose} title={t('SUBJECTS.UNSCHEDULED.TITLE')}>
      <Stack gap="md">
        <Radio.Group
          label={t('SUBJECTS.UNSCHEDULED.TYPE')}
          value={type}
          onChange={(value) => setType(value as UnscheduledDataEventType)}
          required
          data-testid="unscheduled-type"
        >
          <Stack gap="xs" mt="xs">
            {types.map((option) => (
              <Radio
                key={option}
                value={option}
                label={t(`SUBJECTS.UNSCHEDULED.TYPES.${option}`)}
                description={t(`SUBJECTS.UNSCHEDULED.TYPE_HINTS.${option}`)}
                data-testid={`unscheduled-type-${option}`}
              />
            ))}
          </Stack>
        </Radio.Group>
        {isDiscontinued && (
          <>
            <Alert color="orange" variant="light" data-testid="discontinue-warning">
              {t('SUBJECTS.UNSCHEDULED.DISCONTINUE_WARNING')}
            </Alert>
            <Radio.Group
              label={t('SUBJECTS.UNSCHEDULED.REASON')}
              value={reason}
              onChange={(value) => setReason(value as DiscontinuationReason)}
              error={reasonError}
              required
              data-testid="discontinue-reason"
            >
              <Stack gap="xs" mt="xs">
                {DISCONTINUATION_REASONS.map((option) => (
                  <Radio
                    key={option}
                    value={option}
                    label={t(`SUBJECTS.UNSCHEDULED.REASONS.${option}`)}
                    data-testid={`discontinue-reason-${option}`}
                  />
                ))}
              </Stack>
            </Radio.Group>
            {reason === 'OTHER' && (
              <Textarea
                label={t('SUBJECTS.UNSCHEDULED.OTHER_REASON')}
                value={otherReason}
                onChange={(e) => setOtherReason(e.currentTarget.value)}
                error={otherError}
                maxLength={OTHER_REASON_MAX}
                autosize
                minRows={2}
                maxRows={6}
                required
                data-testid="discontinue-other"
              />
            )}
          </>
        )}
        {record.isError && (
          <Alert color="red" data-testid="unscheduled-error">
            {generalError(t, record.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={handleClose}>
            {t('SUBJECTS.ACTIONS.CANCEL')}
          </Button>
          <Button
            onClick={handleSubmit}
            disabled={!type}
            color={isDiscontinued ? 'orange' : undefined}
            loading={record.isPending}
            data-testid="unscheduled-submit"
          >
            {t('SUBJECTS.UNSCHEDULED.SUBMIT')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
