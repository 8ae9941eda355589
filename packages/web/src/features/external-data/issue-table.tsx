import { Alert, Stack, Table } from '@mantine/core';
import type { ExternalDataRowIssue } from '@trialbase/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { issueText } from '../forms/renderer/issue-text';
import { pickText } from '../forms/renderer/text';

const OWN_PREFIX = 'external-data.';
/** Headings are single words: they keep whole while the cells below wrap. */
const HEADER = { overflowWrap: 'normal' } as const;

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

/** A BLOCK rule's own message (the study author's text) in the reader's language, else null. */
export function ruleMessageOf(issue: ExternalDataRowIssue, language: string): string | null {
  // Plain text in a table cell: an author's markup is dropped, as the rule pages show their texts.
  const text = issue.ruleMessage
    ? pickText(issue.ruleMessage, language)
        .replace(/<[^>]*>/g, '')
        .trim()
    : '';
  return text || null;
}

/**
 * The message cell: a BLOCK rule's own text keeps its own direction (the author's text may be in a
 * language other than the page's: `dir="auto"` isolates it), anything else is our sentence.
 */
function IssueMessage({ issue }: { issue: ExternalDataRowIssue }) {
  const { t, i18n } = useTranslation(['external-data', 'renderer']);
  const own = ruleMessageOf(issue, i18n.language);
  if (own) {
    return (
      <span dir="auto" data-testid="external-data-rule-message">
        {own}
      </span>
    );
  }
  return <>{issueMessage(t as unknown as TFunction, issue)}</>;
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
    <Stack gap="xs">
      <Alert color="red" variant="light" title={t('EXTERNAL_DATA.ISSUES.TITLE', { count: lines })}>
        {t('EXTERNAL_DATA.ISSUES.NOTHING_IMPORTED')}
      </Alert>
      {/* Narrow screens: the cells wrap (long column names break) instead of widening the page. */}
      <Table striped withTableBorder data-testid="external-data-issues" style={{ overflowWrap: 'anywhere' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="4rem" style={HEADER}>
              {t('EXTERNAL_DATA.ISSUES.ROW')}
            </Table.Th>
            <Table.Th w="30%" style={HEADER}>
              {t('EXTERNAL_DATA.ISSUES.COLUMN')}
            </Table.Th>
            <Table.Th style={HEADER}>{t('EXTERNAL_DATA.ISSUES.MESSAGE')}</Table.Th>
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
              <Table.Td>
                <IssueMessage issue={issue} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
