import { Button, Card, Group, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { AeView, VerificationRound } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { serverErrorMessage } from '../../app/form-errors';
import { showErrorToast } from '../../app/notify';
import { type AeDateFormatter, isolated } from './ae-dates';
import { useVerifyAe } from './api';

/** Spec 000 §3, §7: primary and secondary verification of an AE, set or cleared by those who may. */
export function AeVerification({ ae, dates }: { ae: AeView; dates: AeDateFormatter }) {
  const { t } = useTranslation();
  const verify = useVerifyAe(ae.studyId, ae.id);
  const rounds: { round: VerificationRound; mark: AeView['verification']; can: boolean }[] = [
    { round: 'primary', mark: ae.verification, can: ae.abilities.verify },
    { round: 'secondary', mark: ae.secondaryVerification, can: ae.abilities.verifySecondary },
  ];
  if (rounds.every((r) => !r.can && r.mark === null)) return null;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="ae-verification-title">
      <Title order={2} fz="h5" id="ae-verification-title" mb="sm">
        {t('ADVERSE_EVENTS.VERIFICATION.TITLE')}
      </Title>
      {rounds.map(({ round, mark, can }) => (
        <Group
          key={round}
          justify="space-between"
          gap="sm"
          mb="xs"
          wrap="wrap"
          data-testid={`ae-verification-${round}`}
        >
          <Text size="sm">
            <Text span fw={600}>
              {t(`ADVERSE_EVENTS.VERIFICATION.${round}`)}
            </Text>
            {': '}
            {mark ? (
              <>
                <IconCircleCheck size={14} color="var(--mantine-color-green-7)" aria-hidden />{' '}
                {t('ADVERSE_EVENTS.VERIFICATION.DONE_AT', {
                  time: isolated(dates.dateTime(mark.verifiedTime)),
                })}
              </>
            ) : (
              t('ADVERSE_EVENTS.VERIFICATION.NOT_YET')
            )}
          </Text>
          {can && (
            <Button
              size="xs"
              variant={mark ? 'default' : 'light'}
              loading={verify.isPending && verify.variables?.round === round}
              onClick={() =>
                verify.mutate(
                  { round, verified: mark === null },
                  { onError: (e) => showErrorToast(serverErrorMessage(e)) },
                )
              }
            >
              {mark ? t('ADVERSE_EVENTS.VERIFICATION.CLEAR') : t('ADVERSE_EVENTS.VERIFICATION.VERIFY')}
            </Button>
          )}
        </Group>
      ))}
    </Card>
  );
}
