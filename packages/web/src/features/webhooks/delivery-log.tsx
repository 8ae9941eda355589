import { Alert, Badge, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import type { WebhookAttempt } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverErrorMessage } from '../../app/form-errors';
import { formatDateTime } from '../../app/format';
import { showErrorToast, showSuccessToast } from '../../app/notify';
import { useRedeliverWebhookMessage, useWebhookDeliveries } from './api';

const PAGE = 25;

function StatusCell({ attempt }: { attempt: WebhookAttempt }) {
  const isOk = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
  return (
    <Badge color={isOk ? 'teal' : 'red'} variant="light" data-testid="delivery-status">
      {attempt.statusCode ?? '—'}
    </Badge>
  );
}

/**
 * The delivery log of one endpoint (issue 28 item 1): each attempt with time, event, attempt number,
 * status code, response time and error, newest first; messages waiting for their next attempt; a
 * message sent again on request.
 */
export function DeliveryLog({
  studyId,
  webhookId,
  canRedeliver,
}: {
  studyId: string;
  webhookId: string;
  canRedeliver: boolean;
}) {
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  const log = useWebhookDeliveries(studyId, webhookId, offset);
  const redeliver = useRedeliverWebhookMessage(studyId, webhookId);

  const handleRedeliver = (messageId: string) =>
    redeliver.mutate(messageId, {
      onSuccess: () => showSuccessToast(t('WEBHOOKS.LOG.REDELIVERY_QUEUED')),
      onError: (error) =>
        showErrorToast(serverErrorMessage(error, { fallback: 'WEBHOOKS.LOG.REDELIVERY_FAILED' })),
    });

  if (log.isPending) return <Loader size="sm" aria-label={t('WEBHOOKS.LOG.LOADING')} />;
  if (log.isError) return <Alert color="red">{t('WEBHOOKS.LOG.LOAD_FAILED')}</Alert>;
  const { attempts, total, pending } = log.data;

  return (
    <Stack gap="xs" data-testid="delivery-log">
      {pending.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('WEBHOOKS.LOG.WAITING', { count: pending.length })}
          {pending[0]?.nextAttemptAt && (
            <>
              {' '}
              {t('WEBHOOKS.LOG.NEXT_AT')} <span dir="ltr">{formatDateTime(pending[0].nextAttemptAt)}</span>
            </>
          )}
        </Text>
      )}
      {attempts.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('WEBHOOKS.LOG.EMPTY')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('WEBHOOKS.LOG.TIME')}</Table.Th>
                <Table.Th>{t('WEBHOOKS.LOG.EVENT')}</Table.Th>
                <Table.Th>{t('WEBHOOKS.LOG.ATTEMPT')}</Table.Th>
                <Table.Th>{t('WEBHOOKS.LOG.STATUS')}</Table.Th>
                <Table.Th>{t('WEBHOOKS.LOG.DURATION')}</Table.Th>
                <Table.Th>{t('WEBHOOKS.LOG.ERROR')}</Table.Th>
                {canRedeliver && <Table.Th>{t('WEBHOOKS.LOG.ACTIONS')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {attempts.map((attempt) => (
                <Table.Tr key={attempt.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <span dir="ltr">{formatDateTime(attempt.attemptedAt)}</span>
                  </Table.Td>
                  <Table.Td>{t(`WEBHOOKS.EVENTS.${attempt.eventType}`)}</Table.Td>
                  <Table.Td>{attempt.attempt}</Table.Td>
                  <Table.Td>
                    <StatusCell attempt={attempt} />
                  </Table.Td>
                  <Table.Td>{t('WEBHOOKS.LOG.MS', { ms: attempt.durationMs })}</Table.Td>
                  <Table.Td>
                    <Text size="xs" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
                      {attempt.error ? <ErrorText error={attempt.error} /> : ''}
                    </Text>
                  </Table.Td>
                  {canRedeliver && (
                    <Table.Td>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        leftSection={<IconSend size={14} />}
                        onClick={() => handleRedeliver(attempt.messageId)}
                        loading={redeliver.isPending && redeliver.variables === attempt.messageId}
                      >
                        {t('WEBHOOKS.LOG.REDELIVER')}
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {total > PAGE && (
        <Group justify="space-between">
          <Button
            size="xs"
            variant="default"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - PAGE))}
          >
            {t('WEBHOOKS.LOG.NEWER')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('WEBHOOKS.LOG.RANGE', { from: offset + 1, to: Math.min(offset + PAGE, total), total })}
          </Text>
          <Button
            size="xs"
            variant="default"
            disabled={offset + PAGE >= total}
            onClick={() => setOffset(offset + PAGE)}
          >
            {t('WEBHOOKS.LOG.OLDER')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

const ERROR_KEYS = {
  ADDRESS_NOT_ALLOWED: 'WEBHOOKS.LOG.ERRORS.ADDRESS_NOT_ALLOWED',
  REDIRECT_NOT_FOLLOWED: 'WEBHOOKS.LOG.ERRORS.REDIRECT_NOT_FOLLOWED',
  TIMEOUT: 'WEBHOOKS.LOG.ERRORS.TIMEOUT',
  HTTP: 'WEBHOOKS.LOG.ERRORS.HTTP',
} as const;

/** Known failure causes in words; anything else (a network error) as the server recorded it. */
function ErrorText({ error }: { error: string }) {
  const { t } = useTranslation();
  const known = /^HTTP \d+$/.test(error) ? 'HTTP' : error;
  return known in ERROR_KEYS ? t(ERROR_KEYS[known as keyof typeof ERROR_KEYS]) : error;
}
