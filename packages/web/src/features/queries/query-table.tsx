import { Anchor, Paper, Stack, Table, Text } from '@mantine/core';
import type { QueryListRow } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../app/format';
import { tokenPagePath } from '../questionnaires/token-links';
import { QueryStatusBadge } from './query-thread';

/** Spec 001 §2 param qId: the review page of the row's token, on its form, scrolled to the question. */
export function queryRowPath(studyId: string, row: QueryListRow): string {
  return tokenPagePath(
    'review',
    { studyId, enrollmentId: row.enrollmentId, tokenId: row.tokenId, dataEventId: row.dataEventId },
    { questionnaireTemplateId: row.formId, qId: row.questionId },
  );
}

const clip = { maxWidth: 280, overflowWrap: 'anywhere' } as const;

/** Spec 001 §2 query list: one row per query; the subject opens the form at the question. */
export function QueryTable({ studyId, rows }: { studyId: string; rows: readonly QueryListRow[] }) {
  const { t } = useTranslation();
  const raiser = (row: QueryListRow) =>
    row.createdBy === null ? t('QUERIES.DIALOG.SYSTEM') : (row.createdByName ?? '');
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={960}>
        <Table verticalSpacing="xs" striped highlightOnHover data-testid="query-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('QUERIES.LIST.COLUMNS.STATUS')}</Table.Th>
              <Table.Th>{t('QUERIES.LIST.COLUMNS.SUBJECT')}</Table.Th>
              <Table.Th>{t('QUERIES.LIST.COLUMNS.SITE')}</Table.Th>
              <Table.Th>{t('QUERIES.LIST.COLUMNS.DATA_EVENT')}</Table.Th>
              <Table.Th>{t('QUERIES.LIST.COLUMNS.FORM')}</Table.Th>
              <Table.Th>{t('QUERIES.LIST.COLUMNS.QUERY')}</Table.Th>
              <Table.Th>{t('QUERIES.LIST.COLUMNS.LAST_COMMENT')}</Table.Th>
              <Table.Th>{t('QUERIES.LIST.COLUMNS.CREATED_BY')}</Table.Th>
              <Table.Th>{t('QUERIES.LIST.COLUMNS.UPDATED')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id} data-testid="query-row" data-query-id={row.id} data-status={row.status}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <QueryStatusBadge status={row.status} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Anchor
                    component={Link}
                    to={queryRowPath(studyId, row)}
                    aria-label={t('QUERIES.LIST.OPEN_FORM', {
                      question: row.questionId,
                      subject: row.subjectLabel,
                    })}
                    data-testid="query-row-open"
                  >
                    <bdi>{row.subjectLabel}</bdi>
                  </Anchor>
                </Table.Td>
                <Table.Td>{row.siteName}</Table.Td>
                <Table.Td>
                  <bdi>{row.dataEventName}</bdi>
                </Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    <bdi>{row.formName}</bdi>
                    <Text size="xs" c="dimmed">
                      <bdi>{row.questionId}</bdi>
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td style={clip}>
                  <Text size="sm" lineClamp={3} dir="auto">
                    {row.queryText}
                  </Text>
                </Table.Td>
                <Table.Td style={clip}>
                  {row.lastComment && (
                    <Text size="sm" lineClamp={3} dir="auto">
                      {row.lastComment.text}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{raiser(row)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <time dateTime={row.updatedTime} dir="ltr">
                    {formatDateTime(row.updatedTime)}
                  </time>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
