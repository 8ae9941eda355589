import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { resolveTableMaxRows, TABLE_COLUMN_TYPES, type TableColumn, type TableRow } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { useBuilderSettings } from '../builder/context';
import { fieldError } from '../builder/issues';
import { LocalizedInput } from '../builder/localized-input';
import { newTableColumn, newTableRow } from '../builder/new-items';
import type { SectionProps } from './question-editor';

/** Spec 001 §3/§5 TABLE_COL: columns with type, title and export label. */
export function TableColumns({ question, update, issues, isStructureLocked }: SectionProps) {
  const { t } = useTranslation();
  const { language } = useBuilderSettings();
  const setAt = (id: string, change: (c: TableColumn) => TableColumn) =>
    update((q) => ({ ...q, tableCol: q.tableCol.map((c) => (c.id === id ? change(c) : c)) }));
  return (
    <Stack gap="xs">
      {question.tableCol.map((col, i) => (
        <Paper key={col.id} withBorder p="xs">
          <Group align="flex-end" gap="xs">
            <div style={{ flex: '1 1 12rem' }}>
              <LocalizedInput
                label={t('FORMS.TABLE.COLUMN', { n: i + 1 })}
                value={col.title}
                onChange={(v) => setAt(col.id, (c) => ({ ...c, title: v }))}
                error={fieldError(t, issues, ['tableCol', i, 'title'], true)}
              />
            </div>
            <Select
              label={t('FORMS.TABLE.TYPE')}
              w={170}
              disabled={isStructureLocked}
              data={TABLE_COLUMN_TYPES.map((v) => ({ value: v, label: t(`FORMS.QUESTION_TYPES.${v}`) }))}
              value={col.type}
              allowDeselect={false}
              onChange={(v) => v && setAt(col.id, (c) => ({ ...c, type: v as TableColumn['type'] }))}
              error={fieldError(t, issues, ['tableCol', i, 'type'])}
            />
            <TextInput
              label={t('FORMS.TABLE.EXPORT_LABEL')}
              w={130}
              value={col.exportLabel}
              onChange={(e) => setAt(col.id, (c) => ({ ...c, exportLabel: e.currentTarget.value }))}
              error={fieldError(t, issues, ['tableCol', i, 'exportLabel'])}
            />
            {col.type === 'NUMBER' && (
              <Switch
                label={t('FORMS.EDITOR.DECIMAL')}
                mb={8}
                checked={col.floatingNumber}
                onChange={(e) => setAt(col.id, (c) => ({ ...c, floatingNumber: e.currentTarget.checked }))}
              />
            )}
            <ActionIcon
              variant="subtle"
              color="red"
              mb={4}
              disabled={isStructureLocked}
              aria-label={t('FORMS.ACTIONS.REMOVE')}
              onClick={() => update((q) => ({ ...q, tableCol: q.tableCol.filter((c) => c.id !== col.id) }))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
      {fieldError(t, issues, ['tableCol']) && (
        <TextInput variant="unstyled" readOnly error={fieldError(t, issues, ['tableCol'])} />
      )}
      <Button
        variant="subtle"
        size="xs"
        w="fit-content"
        disabled={isStructureLocked}
        leftSection={<IconPlus size={14} />}
        onClick={() =>
          update((q) => ({
            ...q,
            tableCol: [
              ...q.tableCol,
              newTableColumn(language, t('FORMS.TABLE.COLUMN', { n: q.tableCol.length + 1 })),
            ],
          }))
        }
      >
        {t('FORMS.TABLE.ADD_COLUMN')}
      </Button>
    </Stack>
  );
}

/** Spec 001 §3/§5 TABLE_ROW: rows with title and export label. */
export function TableRows({ question, update, issues, isStructureLocked }: SectionProps) {
  const { t } = useTranslation();
  const { language } = useBuilderSettings();
  const setAt = (id: string, change: (r: TableRow) => TableRow) =>
    update((q) => ({ ...q, tableRow: q.tableRow.map((r) => (r.id === id ? change(r) : r)) }));
  return (
    <Stack gap="xs">
      {question.tableRow.map((row, i) => (
        <Group key={row.id} align="flex-end" gap="xs">
          <div style={{ flex: '1 1 12rem' }}>
            <LocalizedInput
              label={t('FORMS.TABLE.ROW', { n: i + 1 })}
              value={row.title}
              onChange={(v) => setAt(row.id, (r) => ({ ...r, title: v }))}
              error={fieldError(t, issues, ['tableRow', i, 'title'], true)}
            />
          </div>
          <TextInput
            label={t('FORMS.TABLE.EXPORT_LABEL')}
            w={130}
            value={row.exportLabel}
            onChange={(e) => setAt(row.id, (r) => ({ ...r, exportLabel: e.currentTarget.value }))}
            error={fieldError(t, issues, ['tableRow', i, 'exportLabel'])}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mb={4}
            disabled={isStructureLocked}
            aria-label={t('FORMS.ACTIONS.REMOVE')}
            onClick={() => update((q) => ({ ...q, tableRow: q.tableRow.filter((r) => r.id !== row.id) }))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {fieldError(t, issues, ['tableRow']) && (
        <TextInput variant="unstyled" readOnly error={fieldError(t, issues, ['tableRow'])} />
      )}
      <Button
        variant="subtle"
        size="xs"
        w="fit-content"
        disabled={isStructureLocked}
        leftSection={<IconPlus size={14} />}
        onClick={() =>
          update((q) => ({
            ...q,
            tableRow: [
              ...q.tableRow,
              newTableRow(language, t('FORMS.TABLE.ROW', { n: q.tableRow.length + 1 })),
            ],
          }))
        }
      >
        {t('FORMS.TABLE.ADD_ROW')}
      </Button>
    </Stack>
  );
}

/** Spec 001 §5 TABLE_OPTIONS: dynamic tables and their max row count (default: existing rows or 10). */
export function TableOptions({ question, update, issues, isStructureLocked }: SectionProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Switch
        label={t('FORMS.TABLE.DYNAMIC')}
        disabled={isStructureLocked}
        checked={question.dynamicTable}
        onChange={(e) => update((q) => ({ ...q, dynamicTable: e.currentTarget.checked }))}
      />
      {question.dynamicTable && (
        <NumberInput
          label={t('FORMS.TABLE.MAX_ROWS')}
          min={1}
          allowDecimal={false}
          w={200}
          value={question.tableMaxRowCount ?? resolveTableMaxRows(question)}
          onChange={(v) => update((q) => ({ ...q, tableMaxRowCount: v === '' ? null : Number(v) }))}
          error={fieldError(t, issues, ['tableMaxRowCount'])}
        />
      )}
    </Stack>
  );
}
