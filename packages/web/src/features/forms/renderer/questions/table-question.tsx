import { ActionIcon, Button, Group, Modal, Text } from '@mantine/core';
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
import { issueText } from '../issue-text';
import type { QuestionInputProps } from '../question-props';
import { useRendererText } from '../renderer-text';
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
  const t = useRendererText();
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
    // biome-ignore lint/a11y/useSemanticElements: a group labelled by the question (as Mantine's Stack was); the question block's fieldset is around it
    <div className="tb-table-question" role="group" aria-labelledby={labelId} aria-describedby={describedBy}>
      {/* Native table and a scrolling box (issue 16 item 6): Mantine's table and scroll area were a
          dozen components per table, with resize observers, in every table question of a form. */}
      <div className="tb-table-scroll">
        <table
          className="tb-table"
          id={inputId}
          style={{ minInlineSize: Math.max(320, 160 * (question.tableCol.length + 1)) }}
        >
          <thead>
            <tr>
              <td />
              {question.tableCol.map((col) => (
                <th key={col.id} scope="col" dir="auto">
                  {pickText(col.title, language)}
                </th>
              ))}
              {question.dynamicTable && <td className="tb-table-action" />}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: rowCount }, (_, row) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: table rows are positions (spec 001 §4 rows move up)
              <tr key={row}>
                <th scope="row" className="tb-table-row-title" dir="auto">
                  {rowTitle(row)}
                </th>
                {question.tableCol.map((col) => {
                  const key = `${row}:${col.id}`;
                  const error = cellIssues.get(key);
                  const errorId = `${inputId}-cell-${row}-${col.id}-error`;
                  return (
                    <td key={col.id}>
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
                        <div id={errorId} className="tb-q-error tb-table-cell-error">
                          {error}
                        </div>
                      )}
                    </td>
                  );
                })}
                {question.dynamicTable && (
                  <td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      disabled={rowCount <= 1}
                      aria-label={t('RENDERER.TABLE.REMOVE_ROW', { row: row + 1 })}
                      onClick={() => handleRemove(row)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
      {/* Mounted only while asking: a closed Modal still cost its components in every table. */}
      {confirmRow !== null && (
        <Modal opened onClose={() => setConfirmRow(null)} title={t('RENDERER.TABLE.CONFIRM_TITLE')} centered>
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
      )}
    </div>
  );
}
