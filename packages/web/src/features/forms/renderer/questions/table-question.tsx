import { ActionIcon, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  type Answer,
  addTableRow,
  canAddTableRow,
  countTableRows,
  removeTableRow,
  resolveTableMaxRows,
  tableRowHasAnswers,
} from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { issueText } from '../issue-text';
import type { QuestionInputProps } from '../question-props';
import { pickText } from '../text';
import { TableCellInput } from './table-cell';

type TableQuestionProps = QuestionInputProps & { issues: QuestionIssueList };
type QuestionIssueList = readonly {
  path: (string | number)[];
  message: string;
  params?: Record<string, string | number>;
}[];

function setCell(answer: Answer, row: number, col: string, value: string): Answer {
  const others = answer.tableCells.filter((c) => !(c.row === row && c.col === col));
  return { ...answer, tableCells: value === '' ? others : [...others, { row, col, value }] };
}

/** TABLE: rows × columns with typed cells; dynamic tables add and remove rows up to the maximum (spec 001 §4-§5). */
export function TableQuestion({
  question,
  answer,
  language,
  labelId,
  inputId,
  describedBy,
  issues,
  onChange,
  onBlur,
}: TableQuestionProps) {
  const { t } = useTranslation();
  const [confirmRow, setConfirmRow] = useState<number | null>(null);
  const rowCount = question.dynamicTable ? countTableRows(answer) : question.tableRow.length;
  const rowTitle = (row: number) =>
    question.dynamicTable
      ? t('RENDERER.TABLE.ROW', { row: row + 1 })
      : pickText(question.tableRow[row]?.title, language);
  const cellIssues = new Map<string, string>();
  for (const issue of issues) {
    const cell = issue.path[0] === 'tableCells' ? answer.tableCells[Number(issue.path[1])] : undefined;
    if (cell) cellIssues.set(`${cell.row}:${cell.col}`, issueText(t, issue));
  }
  const handleRemove = (row: number) => {
    if (tableRowHasAnswers(answer, row)) setConfirmRow(row);
    else onChange(removeTableRow(answer, row));
  };
  return (
    <Stack gap="xs" role="group" aria-labelledby={labelId} aria-describedby={describedBy}>
      <Table.ScrollContainer minWidth={Math.max(320, 160 * (question.tableCol.length + 1))}>
        <Table withTableBorder withColumnBorders verticalSpacing={6} id={inputId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Td />
              {question.tableCol.map((col) => (
                <Table.Th key={col.id} scope="col" dir="auto">
                  {pickText(col.title, language)}
                </Table.Th>
              ))}
              {question.dynamicTable && <Table.Td w={48} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {Array.from({ length: rowCount }, (_, row) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: table rows are positions (spec 001 §4 rows move up)
              <Table.Tr key={row}>
                <Table.Th scope="row" fw={500} dir="auto">
                  {rowTitle(row)}
                </Table.Th>
                {question.tableCol.map((col) => {
                  const key = `${row}:${col.id}`;
                  const error = cellIssues.get(key);
                  const errorId = `${inputId}-cell-${row}-${col.id}-error`;
                  return (
                    <Table.Td key={col.id}>
                      <TableCellInput
                        column={col}
                        value={answer.tableCells.find((c) => c.row === row && c.col === col.id)?.value ?? ''}
                        label={t('RENDERER.TABLE.CELL', {
                          row: rowTitle(row),
                          column: pickText(col.title, language),
                        })}
                        describedBy={error ? errorId : undefined}
                        isInvalid={error !== undefined}
                        onChange={(value) => onChange(setCell(answer, row, col.id, value))}
                        onBlur={onBlur}
                      />
                      {error && (
                        <Text id={errorId} size="xs" c="red.8">
                          {error}
                        </Text>
                      )}
                    </Table.Td>
                  );
                })}
                {question.dynamicTable && (
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      disabled={rowCount <= 1}
                      aria-label={t('RENDERER.TABLE.REMOVE_ROW', { row: row + 1 })}
                      onClick={() => handleRemove(row)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {question.dynamicTable && (
        <Group gap="sm">
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            disabled={!canAddTableRow(question, answer)}
            onClick={() => onChange(addTableRow(question, answer))}
          >
            {t('RENDERER.TABLE.ADD_ROW')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('RENDERER.TABLE.MAX_ROWS', { max: resolveTableMaxRows(question) })}
          </Text>
        </Group>
      )}
      <Modal
        opened={confirmRow !== null}
        onClose={() => setConfirmRow(null)}
        title={t('RENDERER.TABLE.CONFIRM_TITLE')}
        centered
      >
        <Text size="sm">{t('RENDERER.TABLE.CONFIRM_TEXT', { row: (confirmRow ?? 0) + 1 })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirmRow(null)}>
            {t('RENDERER.TABLE.CANCEL')}
          </Button>
          <Button
            color="red"
            onClick={() => {
              if (confirmRow !== null) onChange(removeTableRow(answer, confirmRow));
              setConfirmRow(null);
            }}
          >
            {t('RENDERER.TABLE.CONFIRM')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
