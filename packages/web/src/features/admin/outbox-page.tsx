import {
  ActionIcon,
  Badge,
  EmptyState,
  Group,
  Loader,
  Pagination,
  Paper,
  Select,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconEye, IconMailOff } from '@tabler/icons-react';
import type { OutboxMessage } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';
import { PageHeader } from '../../components/page-header';
import { useOutbox } from './api';
import { OutboxMessageModal } from './outbox-message-modal';
import { statusColor } from './outbox-status';

/** Spec 000 §9 page sizes; the outbox API caps a page at 100. */
const PAGE_SIZES = ['5', '10', '15', '25', '50', '100'];

/** /admin/outbox: emails and SMS the system queued or sent (DESIGN.md background work). */
export function OutboxPage() {
  const { t } = useTranslation();
  const [pageSize, setPageSize] = useState(25);
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<OutboxMessage | null>(null);
  const outbox = useOutbox(pageSize, (page - 1) * pageSize);
  const total = outbox.data?.total ?? 0;
  const items = outbox.data?.items ?? [];
  const pageCount = Math.max(1, Math.ceil(total / pageSize));

  const handlePageSizeChange = (value: string | null) => {
    setPageSize(Number(value ?? 25));
    setPage(1);
  };

  return (
    <>
      <PageHeader
        crumbs={[{ label: t('NAV.ADMIN') }, { label: t('ADMIN.OUTBOX.TITLE') }]}
        description={t('ADMIN.OUTBOX.INTRO')}
        actions={outbox.isFetching ? <Loader size="sm" aria-label={t('COMMON.LOADING')} /> : null}
      />
      {outbox.isPending ? null : items.length === 0 ? (
        <EmptyState
          icon={<IconMailOff size={32} />}
          withIndicatorBackground
          title={t('ADMIN.OUTBOX.EMPTY')}
          mt="xl"
        />
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('ADMIN.OUTBOX.CREATED')}</Table.Th>
                  <Table.Th>{t('ADMIN.OUTBOX.CHANNEL')}</Table.Th>
                  <Table.Th>{t('ADMIN.OUTBOX.TO')}</Table.Th>
                  <Table.Th>{t('ADMIN.OUTBOX.SUBJECT')}</Table.Th>
                  <Table.Th>{t('ADMIN.OUTBOX.STATUS')}</Table.Th>
                  <Table.Th ta="end">{t('ADMIN.OUTBOX.ATTEMPTS')}</Table.Th>
                  <Table.Th>{t('ADMIN.OUTBOX.SENT')}</Table.Th>
                  <Table.Th>
                    <span className="tb-visually-hidden">{t('ADMIN.OUTBOX.VIEW')}</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((message) => (
                  <Table.Tr key={message.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(message.createdAt)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {t(`ADMIN.OUTBOX.CHANNELS.${message.channel}`)}
                    </Table.Td>
                    <Table.Td>
                      <bdi>{message.to}</bdi>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={1} maw={320}>
                        {message.subject ?? t('COMMON.DASH')}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={statusColor(message.status)} variant="light">
                        {t(`ADMIN.OUTBOX.STATUSES.${message.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="end">{message.attempts}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {message.sentAt ? formatDateTime(message.sentAt) : t('COMMON.DASH')}
                    </Table.Td>
                    <Table.Td>
                      <Tooltip label={t('ADMIN.OUTBOX.VIEW')}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('ADMIN.OUTBOX.VIEW')}
                          onClick={() => setOpened(message)}
                        >
                          <IconEye size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" p="sm" wrap="wrap" gap="sm">
            <Group gap="sm" align="flex-end">
              <Select
                label={t('ADMIN.OUTBOX.ROWS_PER_PAGE')}
                data={PAGE_SIZES}
                value={String(pageSize)}
                onChange={handlePageSizeChange}
                allowDeselect={false}
                w={110}
                size="xs"
              />
              <Text size="sm" c="dimmed" pb={6}>
                {t('ADMIN.OUTBOX.RANGE', {
                  from: String(Math.min(total, (page - 1) * pageSize + 1)),
                  to: String(Math.min(total, page * pageSize)),
                  total: String(total),
                })}
              </Text>
            </Group>
            <Pagination total={pageCount} value={page} onChange={setPage} size="sm" />
          </Group>
        </Paper>
      )}
      <OutboxMessageModal message={opened} onClose={() => setOpened(null)} />
    </>
  );
}
