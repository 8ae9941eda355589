import { Badge, Group, Modal, Stack, Text } from '@mantine/core';
import type { OutboxMessage } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';
import { statusColor } from './outbox-status';

type OutboxMessageModalProps = { message: OutboxMessage | null; onClose: () => void };

export function OutboxMessageModal({ message, onClose }: OutboxMessageModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={message !== null}
      onClose={onClose}
      title={message?.subject ?? t('ADMIN.OUTBOX.VIEW')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('COMMON.CLOSE') }}
    >
      {message && (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge variant="light">{t(`ADMIN.OUTBOX.CHANNELS.${message.channel}`)}</Badge>
            <Badge color={statusColor(message.status)}>{t(`ADMIN.OUTBOX.STATUSES.${message.status}`)}</Badge>
          </Group>
          <Text size="sm">
            <Text span fw={600}>
              {t('ADMIN.OUTBOX.TO')}:
            </Text>{' '}
            <bdi>{message.to}</bdi>
          </Text>
          <Text size="sm">
            <Text span fw={600}>
              {t('ADMIN.OUTBOX.CREATED')}:
            </Text>{' '}
            {formatDateTime(message.createdAt)}
            {message.sentAt && (
              <>
                {' · '}
                <Text span fw={600}>
                  {t('ADMIN.OUTBOX.SENT')}:
                </Text>{' '}
                {formatDateTime(message.sentAt)}
              </>
            )}
          </Text>
          {message.lastError && (
            <Text size="sm" c="red">
              <Text span fw={600}>
                {t('ADMIN.OUTBOX.LAST_ERROR')}:
              </Text>{' '}
              {message.lastError}
            </Text>
          )}
          <Text
            component="pre"
            size="sm"
            p="sm"
            bg="gray.0"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit' }}
          >
            {message.body}
          </Text>
        </Stack>
      )}
    </Modal>
  );
}
