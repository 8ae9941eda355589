import { Anchor, Group, Table, Text } from '@mantine/core';
import type { StatusView } from '@trialbase/domain';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormStatusIcon } from '../../questionnaires/status-icons';
import { tokenPagePath } from '../../questionnaires/token-links';
import { useAuthoredText } from '../filters/data-filter-form';
import { StatusCountsLine } from './status-counts';

/** The subject column stays in view while the data events scroll sideways (a phone shows a few). */
const STICKY: CSSProperties = {
  position: 'sticky',
  insetInlineStart: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  borderInlineEnd: '2px solid var(--mantine-color-default-border)',
};

/** Spec 001 §2 status tab: subjects × data events, each cell the status icons of the event's forms. */
export function StatusGrid({ studyId, data }: { studyId: string; data: StatusView }) {
  const { t } = useTranslation(['common', 'data-views']);
  const text = useAuthoredText();
  const isManyProcesses = new Set(data.columns.map((c) => c.processId)).size > 1;
  const formName = (columnIndex: number, formId: string) =>
    data.columns[columnIndex]?.forms.find((f) => f.id === formId)?.name ?? formId;
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table
        withTableBorder
        withColumnBorders
        fz="sm"
        data-testid="status-grid"
        style={{ minWidth: 'max-content' }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={STICKY} scope="col">
              {t('DATA_VIEWS.COLUMNS.SUBJECT')}
            </Table.Th>
            {data.columns.map((column) => (
              <Table.Th key={`${column.processId}-${column.dataEventId}`} scope="col" miw={96} maw={180}>
                {isManyProcesses && (
                  <Text size="xs" c="dimmed">
                    {column.processName}
                  </Text>
                )}
                <bdi>{text(column.dataEventName) || column.dataEventId}</bdi>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.rows.items.map((row) => (
            <Table.Tr key={row.enrollmentId} data-testid="status-row">
              <Table.Th scope="row" style={STICKY} fw={500}>
                <Anchor component={Link} to={`/study/${studyId}/patient/${row.subjectId}?selected=records`}>
                  {row.patientId}
                </Anchor>
              </Table.Th>
              {data.columns.map((column, columnIndex) => {
                const cell =
                  column.processId === row.processId
                    ? row.cells.find((c) => c.dataEventId === column.dataEventId)
                    : undefined;
                return (
                  <Table.Td key={`${column.processId}-${column.dataEventId}`} data-event={column.dataEventId}>
                    {cell ? (
                      <Group gap={2} wrap="nowrap">
                        {cell.forms.map((form) => (
                          <Anchor
                            key={form.formId}
                            component={Link}
                            to={tokenPagePath(
                              'review',
                              {
                                studyId,
                                enrollmentId: row.enrollmentId,
                                tokenId: cell.tokenId,
                                dataEventId: cell.dataEventId,
                              },
                              { questionnaireTemplateId: form.formId },
                            )}
                            aria-label={`${formName(columnIndex, form.formId)}: ${t(`QUESTIONNAIRES.STATUS.${form.status}`)}`}
                            data-testid="status-cell-form"
                            data-status={form.status}
                          >
                            <FormStatusIcon status={form.status} size={16} />
                          </Anchor>
                        ))}
                      </Group>
                    ) : (
                      <Text size="xs" c="dimmed" aria-label={t('DATA_VIEWS.STATUS.NO_EVENT')}>
                        –
                      </Text>
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" style={STICKY}>
              {t('DATA_VIEWS.STATUS.TOTAL_ROW')}
            </Table.Th>
            {data.columns.map((column) => (
              <Table.Td key={`${column.processId}-${column.dataEventId}`}>
                <StatusCountsLine
                  counts={column.totals}
                  testId={`status-column-totals-${column.dataEventId}`}
                />
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
