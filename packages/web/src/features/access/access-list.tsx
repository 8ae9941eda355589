import { ActionIcon, Badge, Card, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconUserOff } from '@tabler/icons-react';
import type { StudyAccess } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../app/format';

type AccessListProps = {
  items: StudyAccess[];
  siteNames: Map<string, string>;
  onEdit: (access: StudyAccess) => void;
  onRevoke: (access: StudyAccess) => void;
};

const STATUS_COLORS = { ACTIVE: 'teal', INVITED: 'yellow', REVOKED: 'gray' } as const;

function useLabels(siteNames: Map<string, string>) {
  const { t } = useTranslation();
  return {
    sites: (access: StudyAccess) =>
      access.siteIds === 'ALL'
        ? t('ACCESS.SCOPE.ALL')
        : access.siteIds.map((id) => siteNames.get(id) ?? t('ACCESS.UNKNOWN_SITE')).join(', '),
    who: (access: StudyAccess) => access.name ?? t('ACCESS.NOT_SIGNED_UP'),
  };
}

function RowActions({
  access,
  onEdit,
  onRevoke,
}: { access: StudyAccess } & Omit<AccessListProps, 'items' | 'siteNames'>) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={t('ACCESS.ACTIONS.EDIT')}>
        <ActionIcon
          variant="subtle"
          aria-label={t('ACCESS.ACTIONS.EDIT_NAMED', { email: access.email })}
          onClick={() => onEdit(access)}
        >
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('ACCESS.ACTIONS.REVOKE')}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('ACCESS.ACTIONS.REVOKE_NAMED', { email: access.email })}
          onClick={() => onRevoke(access)}
        >
          <IconUserOff size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function StatusBadge({ access }: { access: StudyAccess }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[access.status]} variant="light" style={{ minInlineSize: 'max-content' }}>
      {t(`ACCESS.STATUS.${access.status}`)}
    </Badge>
  );
}

/** Issue 4: the study's access as a table (wide screens) or as cards (phones). */
export function AccessList({ items, siteNames, onEdit, onRevoke }: AccessListProps) {
  const { t } = useTranslation();
  const labels = useLabels(siteNames);
  return (
    <>
      <Paper withBorder radius="md" visibleFrom="md">
        <Table striped highlightOnHover verticalSpacing="xs" data-testid="access-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('ACCESS.FIELDS.EMAIL')}</Table.Th>
              <Table.Th>{t('ACCESS.FIELDS.NAME')}</Table.Th>
              <Table.Th>{t('ACCESS.FIELDS.ROLE')}</Table.Th>
              <Table.Th>{t('ACCESS.FIELDS.SITES')}</Table.Th>
              <Table.Th>{t('ACCESS.FIELDS.STATUS')}</Table.Th>
              <Table.Th>{t('ACCESS.FIELDS.INVITED_BY')}</Table.Th>
              <Table.Th>{t('ACCESS.FIELDS.SINCE')}</Table.Th>
              <Table.Th>
                <span className="tb-visually-hidden">{t('ACCESS.FIELDS.ACTIONS')}</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((access) => (
              <Table.Tr key={access.id} data-testid="access-row">
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{access.email}</Table.Td>
                <Table.Td>{labels.who(access)}</Table.Td>
                <Table.Td>{t(`ACCESS.ROLES.${access.role}`)}</Table.Td>
                <Table.Td>{labels.sites(access)}</Table.Td>
                <Table.Td>
                  <StatusBadge access={access} />
                </Table.Td>
                <Table.Td>{access.invitedByName ?? '—'}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(access.createdAt)}</Table.Td>
                <Table.Td>
                  <RowActions access={access} onEdit={onEdit} onRevoke={onRevoke} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Stack gap="sm" hiddenFrom="md">
        {items.map((access) => (
          <Card key={access.id} withBorder radius="md" padding="sm" data-testid="access-card">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Stack gap={2} style={{ minInlineSize: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {access.email}
                </Text>
                <Text size="sm" c="dimmed">
                  {labels.who(access)}
                </Text>
              </Stack>
              <RowActions access={access} onEdit={onEdit} onRevoke={onRevoke} />
            </Group>
            <Group gap="xs" mt="xs">
              <Badge variant="outline">{t(`ACCESS.ROLES.${access.role}`)}</Badge>
              <StatusBadge access={access} />
            </Group>
            <Text size="sm" mt={6}>
              {labels.sites(access)}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              {t('ACCESS.INVITED_LINE', {
                name: access.invitedByName ?? '—',
                date: formatDate(access.createdAt),
              })}
            </Text>
          </Card>
        ))}
      </Stack>
    </>
  );
}
