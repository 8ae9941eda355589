import { Anchor, Badge, Card, Group, Stack, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowsSort,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import type { SubjectListRow } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../app/format';
import { AttributeValue, fieldLabel } from '../display';
import { SubjectActions } from './subject-actions';
import type { SubjectColumn, SubjectTableSettings } from './table-settings';

type SubjectTableProps = {
  studyId: string;
  rows: SubjectListRow[];
  columns: SubjectColumn[];
  settings: SubjectTableSettings;
  canView: boolean;
  onSort: (column: SubjectColumn) => void;
};

function MissingIcon({ fields }: { fields: string[] }) {
  const { t } = useTranslation();
  if (fields.length === 0) return null;
  const label = t('SUBJECTS.LIST.MISSING', { fields: fields.map((f) => fieldLabel(t, f)).join(', ') });
  return (
    <Tooltip label={label} withArrow multiline maw={280}>
      <IconAlertTriangle
        size={16}
        color="var(--mantine-color-yellow-7)"
        aria-label={label}
        data-testid="missing-icon"
      />
    </Tooltip>
  );
}

function StatusBadge({ archived }: { archived: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={archived ? 'gray' : 'green'}>
      {t(archived ? 'SUBJECTS.STATUS.ARCHIVED' : 'SUBJECTS.STATUS.ACTIVE')}
    </Badge>
  );
}

function Cell({ row, column }: { row: SubjectListRow; column: SubjectColumn }) {
  switch (column) {
    case 'site':
      return <bdi>{row.siteName}</bdi>;
    case 'createdTime':
    case 'updatedTime':
      return <bdi>{formatDateTime(row[column])}</bdi>;
    case 'archived':
      return <StatusBadge archived={row.archived} />;
    default:
      return <AttributeValue field={column} value={row[column]} />;
  }
}

function SubjectIdLink({
  studyId,
  row,
  canView,
}: {
  studyId: string;
  row: SubjectListRow;
  canView: boolean;
}) {
  return (
    <Group gap={6} wrap="nowrap">
      {canView ? (
        <Anchor
          component={Link}
          to={`/study/${studyId}/patient/${row.id}`}
          fw={500}
          data-testid="subject-link"
        >
          <bdi>{row.patientId}</bdi>
        </Anchor>
      ) : (
        <Text fw={500}>
          <bdi>{row.patientId}</bdi>
        </Text>
      )}
      <MissingIcon fields={row.missingAttributes} />
    </Group>
  );
}

function SortHeader({
  column,
  settings,
  onSort,
}: { column: SubjectColumn } & Pick<SubjectTableProps, 'settings' | 'onSort'>) {
  const { t } = useTranslation();
  const active = settings.sortBy === column;
  const Icon = !active
    ? IconArrowsSort
    : settings.sortDirection === 'asc'
      ? IconSortAscending
      : IconSortDescending;
  return (
    <Table.Th
      aria-sort={active ? (settings.sortDirection === 'asc' ? 'ascending' : 'descending') : 'none'}
      style={{ whiteSpace: 'nowrap' }}
    >
      <UnstyledButton onClick={() => onSort(column)} data-testid={`sort-${column}`}>
        <Group gap={4} wrap="nowrap">
          <Text fw={700} fz="sm">
            {fieldLabel(t, column)}
          </Text>
          <Icon size={14} aria-hidden color={active ? undefined : 'var(--mantine-color-dimmed)'} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** Spec 001 §2 subject list: sortable columns, a table on wide screens and cards on phones. */
export function SubjectTable({ studyId, rows, columns, settings, canView, onSort }: SubjectTableProps) {
  const { t } = useTranslation();
  return (
    <>
      <Table.ScrollContainer minWidth={760} visibleFrom="sm">
        <Table striped highlightOnHover data-testid="subject-table">
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <SortHeader key={column} column={column} settings={settings} onSort={onSort} />
              ))}
              <Table.Th>
                <span className="tb-visually-hidden">{t('SUBJECTS.LIST.ACTIONS')}</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id} data-testid="subject-row">
                {columns.map((column) => (
                  <Table.Td key={column}>
                    {column === 'patientId' ? (
                      <SubjectIdLink studyId={studyId} row={row} canView={canView} />
                    ) : (
                      <Cell row={row} column={column} />
                    )}
                  </Table.Td>
                ))}
                <Table.Td>
                  <SubjectActions studyId={studyId} subject={row} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" hiddenFrom="sm">
        {rows.map((row) => (
          <Card key={row.id} withBorder padding="sm" data-testid="subject-card">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={4} miw={0}>
                <SubjectIdLink studyId={studyId} row={row} canView={canView} />
                {columns
                  .filter((c) => c !== 'patientId')
                  .map((column) => (
                    <Group key={column} gap={6} wrap="nowrap">
                      <Text size="xs" c="dimmed">
                        {fieldLabel(t, column)}:
                      </Text>
                      <Text size="sm" component="div" truncate>
                        <Cell row={row} column={column} />
                      </Text>
                    </Group>
                  ))}
              </Stack>
              <SubjectActions studyId={studyId} subject={row} />
            </Group>
          </Card>
        ))}
      </Stack>
    </>
  );
}
