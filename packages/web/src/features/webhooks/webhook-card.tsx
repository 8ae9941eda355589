import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconEdit, IconKey, IconList, IconPower, IconTrash } from '@tabler/icons-react';
import type { Webhook, WebhookList, WebhookWithSecret } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverErrorMessage } from '../../app/form-errors';
import { formatDateTime } from '../../app/format';
import { showErrorToast, showSuccessToast } from '../../app/notify';
import { useDeleteWebhook, useRotateWebhookSecret, useUpdateWebhook } from './api';
import { DeliveryLog } from './delivery-log';

type Props = {
  studyId: string;
  webhook: Webhook;
  abilities: WebhookList['abilities'];
  onEdit: () => void;
  onSecret: (created: WebhookWithSecret) => void;
};

function StatusBadge({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation();
  if (webhook.status === 'ACTIVE') {
    return (
      <Badge color="teal" variant="light">
        {t('WEBHOOKS.STATUS.ACTIVE')}
      </Badge>
    );
  }
  return (
    <Badge color={webhook.disabledReason === 'FAILURES' ? 'red' : 'gray'} variant="light">
      {t(
        webhook.disabledReason === 'FAILURES'
          ? 'WEBHOOKS.STATUS.DISABLED_FAILURES'
          : 'WEBHOOKS.STATUS.DISABLED',
      )}
    </Badge>
  );
}

/** One endpoint (issue 28 item 1): URL, state, events; edit, switch, rotate the secret, delete, the log. */
export function WebhookCard({ studyId, webhook, abilities, onEdit, onSecret }: Props) {
  const { t } = useTranslation();
  const [isLogOpen, setLogOpen] = useState(false);
  const update = useUpdateWebhook(studyId, webhook.id);
  const rotate = useRotateWebhookSecret(studyId);
  const remove = useDeleteWebhook(studyId);
  const isActive = webhook.status === 'ACTIVE';
  const failed = (fallback: string) => (error: unknown) =>
    showErrorToast(serverErrorMessage(error, { fallback }));

  const handleToggle = () =>
    update.mutate(
      {
        url: webhook.url,
        description: webhook.description,
        eventTypes: webhook.eventTypes,
        enabled: !isActive,
      },
      {
        onSuccess: () => showSuccessToast(t(isActive ? 'WEBHOOKS.SWITCHED_OFF' : 'WEBHOOKS.SWITCHED_ON')),
        onError: failed('WEBHOOKS.ERRORS.SAVE_FAILED'),
      },
    );
  const handleRotate = () =>
    modals.openConfirmModal({
      title: t('WEBHOOKS.ROTATE_TITLE'),
      children: <Text size="sm">{t('WEBHOOKS.ROTATE_TEXT')}</Text>,
      labels: { confirm: t('WEBHOOKS.ROTATE'), cancel: t('WEBHOOKS.CANCEL') },
      onConfirm: () =>
        rotate.mutate(webhook.id, { onSuccess: onSecret, onError: failed('WEBHOOKS.ERRORS.SAVE_FAILED') }),
    });
  const handleDelete = () =>
    modals.openConfirmModal({
      title: t('WEBHOOKS.DELETE_TITLE'),
      children: <Text size="sm">{t('WEBHOOKS.DELETE_TEXT')}</Text>,
      labels: { confirm: t('WEBHOOKS.DELETE'), cancel: t('WEBHOOKS.CANCEL') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(webhook.id, {
          onSuccess: () => showSuccessToast(t('WEBHOOKS.DELETED')),
          onError: failed('WEBHOOKS.ERRORS.DELETE_FAILED'),
        }),
    });

  return (
    <Card withBorder padding="md" data-testid="webhook-card">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text
              fw={600}
              dir="ltr"
              ta="start"
              style={{ overflowWrap: 'anywhere' }}
              data-testid="webhook-url"
            >
              {webhook.url}
            </Text>
            {webhook.description && (
              <Text size="sm" c="dimmed">
                {webhook.description}
              </Text>
            )}
          </Stack>
          <div style={{ flexShrink: 0 }}>
            <StatusBadge webhook={webhook} />
          </div>
        </Group>
        <Group gap={6}>
          {webhook.eventTypes.map((type) => (
            <Badge key={type} variant="outline" color="gray" tt="none">
              {t(`WEBHOOKS.EVENTS.${type}`)}
            </Badge>
          ))}
        </Group>
        <Text size="xs" c="dimmed">
          {t('WEBHOOKS.SECRET_SINCE')} <span dir="ltr">{formatDateTime(webhook.secretRotatedAt)}</span>
          {webhook.disabledAt && !isActive && (
            <>
              {' · '}
              {t('WEBHOOKS.DISABLED_AT')} <span dir="ltr">{formatDateTime(webhook.disabledAt)}</span>
            </>
          )}
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            variant={isLogOpen ? 'light' : 'default'}
            leftSection={<IconList size={14} />}
            onClick={() => setLogOpen(!isLogOpen)}
            aria-expanded={isLogOpen}
          >
            {t('WEBHOOKS.LOG.TITLE')}
          </Button>
          {abilities.canUpdate && (
            <>
              <Button size="xs" variant="default" leftSection={<IconEdit size={14} />} onClick={onEdit}>
                {t('WEBHOOKS.EDIT')}
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconPower size={14} />}
                onClick={handleToggle}
                loading={update.isPending}
              >
                {t(isActive ? 'WEBHOOKS.SWITCH_OFF' : 'WEBHOOKS.SWITCH_ON')}
              </Button>
              <Button size="xs" variant="default" leftSection={<IconKey size={14} />} onClick={handleRotate}>
                {t('WEBHOOKS.ROTATE')}
              </Button>
            </>
          )}
          {abilities.canDelete && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={handleDelete}
            >
              {t('WEBHOOKS.DELETE')}
            </Button>
          )}
        </Group>
        {isLogOpen && (
          <DeliveryLog
            studyId={studyId}
            webhookId={webhook.id}
            canRedeliver={abilities.canUpdate && isActive}
          />
        )}
      </Stack>
    </Card>
  );
}
