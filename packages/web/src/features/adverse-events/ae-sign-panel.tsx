import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { AE_SIGN_ACTIONS, type AeSignAction, type AeView } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { isExtendedValidationCancelled, withExtendedValidation } from '../../app/extended-validation';
import { serverErrorMessage } from '../../app/form-errors';
import { showErrorToast, showSuccessToast } from '../../app/notify';
import type { AeDateFormatter } from './ae-dates';
import { useSignAe } from './api';

/**
 * Spec 000 §4, §6, §7: the sign actions the caller may take now (the server's abilities), each
 * with the meaning of the signature shown before the password is asked (21 CFR 11.50); and the
 * signatures already made, with the printed name, time and meaning stored with each.
 */
export function AeSignPanel({ ae, dates }: { ae: AeView; dates: AeDateFormatter }) {
  const { t } = useTranslation();
  const sign = useSignAe(ae.studyId, ae.id);
  const available = AE_SIGN_ACTIONS.filter((action) => ae.abilities.sign[action]);

  const handleSign = async (action: AeSignAction) => {
    try {
      await withExtendedValidation(true, t(`ADVERSE_EVENTS.SIGN.MEANING.${action}`), (password) =>
        sign.mutateAsync({ action, comment: null, password }),
      );
      showSuccessToast(t('ADVERSE_EVENTS.SIGN.DONE'));
    } catch (error) {
      if (!isExtendedValidationCancelled(error)) showErrorToast(serverErrorMessage(error));
    }
  };

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="ae-signatures-title">
      <Title order={2} fz="h5" id="ae-signatures-title" mb="sm">
        {t('ADVERSE_EVENTS.SIGN.TITLE')}
      </Title>
      <Stack gap="sm">
        {available.length > 0 ? (
          available.map((action) => (
            <Group key={action} justify="space-between" wrap="wrap" gap="sm">
              <Text size="sm" style={{ flex: '1 1 16rem' }}>
                {t(`ADVERSE_EVENTS.SIGN.MEANING.${action}`)}
              </Text>
              <Button
                leftSection={<IconSignature size={16} />}
                onClick={() => void handleSign(action)}
                loading={sign.isPending && sign.variables?.action === action}
                data-testid={`ae-sign-${action}`}
              >
                {t(`ADVERSE_EVENTS.SIGN.ACTION.${action}`)}
              </Button>
            </Group>
          ))
        ) : (
          <Text size="sm" c="dimmed" data-testid="ae-sign-none">
            {ae.nextSignAction
              ? t('ADVERSE_EVENTS.SIGN.WAITING', {
                  step: t(`ADVERSE_EVENTS.STATUS_BAR.${ae.nextSignAction}`),
                })
              : t('ADVERSE_EVENTS.SIGN.COMPLETE')}
          </Text>
        )}
        {ae.signatures.length > 0 && (
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="ae-signatures">
            {ae.signatures.map((s) => (
              <Text component="li" size="sm" key={`${s.action}-${s.signedTime}`}>
                <Text span fw={600}>
                  {t(`ADVERSE_EVENTS.STATUS_BAR.${s.action}`)}
                </Text>
                {': '}
                <bdi>{s.signedByName}</bdi>,{' '}
                <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                  {dates.dateTime(s.signedTime)}
                </bdi>{' '}
                —{' '}
                <Text span c="dimmed" size="sm">
                  {s.meaning}
                </Text>
                {!s.intact && (
                  <Text span c="orange" size="sm">
                    {' '}
                    ({t('ADVERSE_EVENTS.SIGN.AMENDED_SINCE')})
                  </Text>
                )}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
