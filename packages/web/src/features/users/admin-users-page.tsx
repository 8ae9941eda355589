import {
  Badge,
  Button,
  EmptyState,
  Group,
  Loader,
  Pagination,
  Paper,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserPlus, IconUsers } from '@tabler/icons-react';
import type { AdminUserStatus } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../auth/api';
import { useAdminUsers } from './api';
import { CreateUserModal } from './create-user-modal';
import { UserActions } from './user-actions';

const PAGE_SIZE = 25;
const STATUS_COLORS: Record<AdminUserStatus, string> = {
  ACTIVE: 'teal',
  LOCKED: 'orange',
  DISABLED: 'gray',
  UNVERIFIED: 'yellow',
};

/** /admin/users: staff users with search, create, disable/enable and unlock (issue 4 accounts). */
export function AdminUsersPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [isCreating, setIsCreating] = useState(false);
  const users = useAdminUsers(debounced, PAGE_SIZE, (page - 1) * PAGE_SIZE);
  const items = users.data?.items ?? [];
  const total = users.data?.total ?? 0;

  return (
    <>
      <PageHeader
        crumbs={[{ label: t('NAV.ADMIN') }, { label: t('ACCOUNTS.ADMIN.TITLE') }]}
        actions={
          <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setIsCreating(true)}>
            {t('ACCOUNTS.ADMIN.CREATE')}
          </Button>
        }
      />
      <Group mb="md" gap="sm" wrap="nowrap">
        <TextInput
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          leftSection={<IconSearch size={16} aria-hidden />}
          aria-label={t('ACCOUNTS.ADMIN.SEARCH')}
          placeholder={t('ACCOUNTS.ADMIN.SEARCH_PLACEHOLDER')}
          maxLength={128}
          flex={1}
          maw={420}
        />
        {users.isFetching && <Loader size="sm" aria-label={t('COMMON.LOADING')} />}
      </Group>
      {users.isPending ? null : items.length === 0 ? (
        <EmptyState
          icon={<IconUsers size={32} />}
          withIndicatorBackground
          title={debounced ? t('ACCOUNTS.ADMIN.NO_MATCH') : t('ACCOUNTS.ADMIN.EMPTY')}
          mt="xl"
        />
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('ACCOUNTS.ADMIN.COLUMNS.NAME')}</Table.Th>
                  <Table.Th>{t('ACCOUNTS.ADMIN.COLUMNS.EMAIL')}</Table.Th>
                  <Table.Th>{t('ACCOUNTS.ADMIN.COLUMNS.STATUS')}</Table.Th>
                  <Table.Th>{t('ACCOUNTS.ADMIN.COLUMNS.LAST_LOGIN')}</Table.Th>
                  <Table.Th>{t('ACCOUNTS.ADMIN.COLUMNS.CREATED')}</Table.Th>
                  <Table.Th>
                    <span className="tb-visually-hidden">{t('ACCOUNTS.ADMIN.COLUMNS.ACTIONS')}</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((user) => (
                  <Table.Tr key={user.id} data-testid={`user-row-${user.email}`}>
                    <Table.Td>
                      <Group gap={6} wrap="wrap">
                        <Text size="sm" fw={500}>{`${user.firstName} ${user.lastName}`}</Text>
                        {user.isSystemAdmin && (
                          <Badge size="xs" variant="light">
                            {t('ACCOUNTS.ADMIN.SYSTEM_ADMIN_BADGE')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{user.email}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLORS[user.status]} variant="light">
                        {t(`ACCOUNTS.ADMIN.STATUS.${user.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {user.lastLoginAt ? formatDateTime(user.lastLoginAt) : t('ACCOUNTS.ADMIN.NEVER')}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(user.createdAt)}</Table.Td>
                    <Table.Td ta="end">
                      <UserActions user={user} isSelf={user.id === session.data?.user.id} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {total > PAGE_SIZE && (
        <Group justify="space-between" mt="md">
          <Text size="sm" c="dimmed">
            {t('ACCOUNTS.ADMIN.RANGE', {
              from: (page - 1) * PAGE_SIZE + 1,
              to: Math.min(page * PAGE_SIZE, total),
              total,
            })}
          </Text>
          <Pagination total={Math.ceil(total / PAGE_SIZE)} value={page} onChange={setPage} size="sm" />
        </Group>
      )}
      <CreateUserModal opened={isCreating} onClose={() => setIsCreating(false)} />
    </>
  );
}
