import { Button, Group, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { MedicationView, VerificationRound } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { useStudyAbilities } from '../../app/abilities';
import { serverErrorMessage } from '../../app/form-errors';
import { showErrorToast, showSuccessToast } from '../../app/notify';
import { type AeDateFormatter, isolated } from '../adverse-events/ae-dates';
import { useVerifyMedication } from './api';

/**
 * Spec 000 §3, §6 (issue 21 item 1): primary and secondary verification of a medication record, set
 * or cleared by holders of VERIFICATION_STATUS_UPDATE / VERIFICATION_STATUS_SECONDARY_UPDATE.
 */
export function MedicationVerification({
  record,
  dates,
}: {
  record: MedicationView;
  dates: AeDateFormatter;
}) {
  const { t } = useTranslation(['common', 'medication']);
  const abilities = useStudyAbilities(record.studyId);
  const verify = useVerifyMedication(record.studyId, record.subjectId, record.id);
  const rounds: { round: VerificationRound; mark: MedicationView['verification']; can: boolean }[] = [
    { round: 'primary', mark: record.verification, can: abilities.can('VERIFICATION_STATUS_UPDATE') },
    {
      round: 'secondary',
      mark: record.secondaryVerification,
      can: abilities.can('VERIFICATION_STATUS_SECONDARY_UPDATE'),
    },
  ];
  const editable = !record.isRemoved;
  return (
    <Group gap="md" wrap="wrap">
      {rounds.map(({ round, mark, can }) => (
        <Group key={round} gap={6} wrap="nowrap" data-testid={`med-verification-${round}`}>
          <Text size="sm">
            <Text span fw={600}>
              {t(`MEDICATION.VERIFICATION.${round}`)}
            </Text>
            {': '}
            {mark ? (
              <>
                <IconCircleCheck size={14} color="var(--mantine-color-green-7)" aria-hidden />{' '}
                {t('MEDICATION.VERIFICATION.DONE_AT', { time: isolated(dates.dateTime(mark.verifiedTime)) })}
              </>
            ) : (
              t('MEDICATION.VERIFICATION.NOT_YET')
            )}
          </Text>
          {can && editable && (
            <Button
              size="compact-xs"
              variant={mark ? 'default' : 'light'}
              loading={verify.isPending && verify.variables?.round === round}
              data-testid={`med-verify-${round}`}
              onClick={() =>
                verify.mutate(
                  { round, verified: mark === null },
                  {
                    onSuccess: () => showSuccessToast(t('MEDICATION.VERIFICATION.SAVED')),
                    onError: (e) => showErrorToast(serverErrorMessage(e)),
                  },
                )
              }
            >
              {mark ? t('MEDICATION.VERIFICATION.CLEAR') : t('MEDICATION.VERIFICATION.VERIFY')}
            </Button>
          )}
        </Group>
      ))}
    </Group>
  );
}
