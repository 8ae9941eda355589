import { Alert, Table, Text } from '@mantine/core';
import type { ExternalDataRowIssue } from '@trialbase/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { issueText } from '../forms/renderer/issue-text';

const OWN_PREFIX = 'external-data.';

/** One issue as the reader's sentence: the fill's messages, ours, a BLOCK rule, or a refusal's id. */
export function issueMessage(t: TFunction, issue: ExternalDataRowIssue): string {
  if (issue.message.startsWith('PUBLIC.VALIDATION.')) return issueText(t, issue);
  if (issue.message.startsWith(OWN_PREFIX)) {
    const key = issue.message.slice(OWN_PREFIX.length).toUpperCase().replace(/-/g, '_');
    return t(`EXTERNAL_DATA.ISSUES.${key}` as 'EXTERNAL_DATA.ISSUES.REFUSED', {
      ...issue.params,
      reason: issue.message,
      defaultValue: t('EXTERNAL_DATA.ISSUES.REFUSED', { reason: issue.message }),
    });
  }
  if (issue.message === 'VALIDATION_RULE_VIOLATION') return t('EXTERNAL_DATA.ISSUES.RULE_VIOLATION');
  return t('EXTERNAL_DATA.ISSUES.REFUSED', { reason: issue.message });
}

type Props = {
  issues: readonly ExternalDataRowIssue[];
  /** The question's text for an issue on a question no column was mapped to. */
  questionLabel: (questionId: string) => string;
};

/**
 * Issue 28 item 4: every problem of the file, by line (as in the file; the header is line 1) and
 * column, so the whole file can be fixed at once. Nothing was imported.
 */
export function IssueTable({ issues, questionLabel }: Props) {
  const { t } = useTranslation(['external-data', 'renderer']);
  const lines = new Set(issues.map((i) => i.line)).size;
  return (
    <Alert color="red" variant="light" title={t('EXTERNAL_DATA.ISSUES.TITLE', { count: lines })}>
      <Text size="sm" mb="xs">
        {t('EXTERNAL_DATA.ISSUES.NOTHING_IMPORTED')}
      </Text>
      <Table.ScrollContainer minWidth={360}>
        <Table striped withTableBorder data-testid="external-data-issues">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('EXTERNAL_DATA.ISSUES.ROW')}</Table.Th>
              <Table.Th>{t('EXTERNAL_DATA.ISSUES.COLUMN')}</Table.Th>
              <Table.Th>{t('EXTERNAL_DATA.ISSUES.MESSAGE')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {issues.map((issue) => (
              <Table.Tr
                key={`${issue.line}\u0000${issue.column}\u0000${issue.path.join('.')}\u0000${issue.message}`}
              >
                <Table.Td>{issue.line}</Table.Td>
                <Table.Td>
                  <bdi>
                    {issue.column ||
                      (issue.questionId
                        ? questionLabel(issue.questionId)
                        : t('EXTERNAL_DATA.ISSUES.WHOLE_ROW'))}
                  </bdi>
                </Table.Td>
                <Table.Td>{issueMessage(t as unknown as TFunction, issue)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Alert>
  );
}
