import { Alert, Loader, Modal, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  type Answer,
  CHANGE_LOG_LIMIT,
  type ChangeLogEntry,
  type FormTemplateDocument,
} from '@trialbase/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';
import { pickText, toPlainText } from '../forms/renderer/text';
import { useChangeLog } from './api';

type ChangeLogDialogProps = {
  studyId: string;
  /** The answer set whose log is open; null when closed. */
  questionnaireId: string | null;
  form: FormTemplateDocument;
  language: string;
  onClose: () => void;
};

/** One entry as the reader sees it: every cell already turned into text. */
type Row = {
  key: string;
  when: string;
  who: string;
  action: string;
  question: string;
  oldValue: ReactNode;
  newValue: ReactNode;
  reason: string;
};

/**
 * Spec 001 §2 change-log dialog: the latest 100 audit entries of one filled form, each with who,
 * when, the question, old and new value and the reason given with the update. A table on wide
 * screens, one card per entry on phones.
 */
export function ChangeLogDialog({ studyId, questionnaireId, form, language, onClose }: ChangeLogDialogProps) {
  const { t } = useTranslation(['common', 'renderer']);
  const log = useChangeLog(studyId, questionnaireId);
  const isPhone = useMediaQuery('(max-width: 36em)') === true;
  const entries = (log.data?.entries ?? []).slice(0, CHANGE_LOG_LIMIT);

  const questionOf = (id: string | null) => (id ? form.questions.find((q) => q.id === id) : undefined);
  // Choice answers read in the form's language on screen; the server's text is the fallback.
  const shownValue = (entry: ChangeLogEntry, text: string | null, answer: Answer | null): ReactNode => {
    if (entry.questionId === null) return '';
    const question = questionOf(entry.questionId);
    let shown = text ?? '';
    if (answer?.answerUnavailable) shown = t('RENDERER.UNAVAILABLE');
    else if (answer && question && answer.possibilities.length > 0) {
      shown = answer.possibilities
        .map((id) => question.possibilities.find((p) => p.id === id))
        .map((p) => (p ? toPlainText(pickText(p.possibility, language)) : ''))
        .filter(Boolean)
        .join(', ');
    } else if (!text && answer) shown = answer.answerStrings.join(', ');
    return shown === '' ? (
      <Text span c="dimmed" size="sm">
        {t('QUESTIONNAIRES.CHANGE_LOG.EMPTY_VALUE')}
      </Text>
    ) : (
      <bdi>{shown}</bdi>
    );
  };
  const actionOf = (entry: ChangeLogEntry) => {
    const v = entry.verification;
    if (!v) return t(`QUESTIONNAIRES.CHANGE_LOG.KINDS.${entry.kind}`);
    if (v.type === 'primary') {
      return v.verified
        ? t('QUESTIONNAIRES.CHANGE_LOG.VERIFICATION_PRIMARY_SET')
        : t('QUESTIONNAIRES.CHANGE_LOG.VERIFICATION_PRIMARY_CLEARED');
    }
    return v.verified
      ? t('QUESTIONNAIRES.CHANGE_LOG.VERIFICATION_SECONDARY_SET')
      : t('QUESTIONNAIRES.CHANGE_LOG.VERIFICATION_SECONDARY_CLEARED');
  };
  const rows: Row[] = entries.map((entry) => {
    const question = questionOf(entry.questionId);
    return {
      key: `${entry.auditId}-${entry.questionId ?? 'form'}-${entry.kind}`,
      when: formatDateTime(entry.occurredAt),
      who: entry.actorName ?? t('QUESTIONNAIRES.CHANGE_LOG.SYSTEM'),
      action: actionOf(entry),
      question: question ? toPlainText(pickText(question.question, language)) : (entry.questionId ?? '—'),
      oldValue: shownValue(entry, entry.oldText, entry.oldValue),
      newValue: shownValue(entry, entry.newText, entry.newValue),
      reason: entry.reason ?? '',
    };
  });

  return (
    <Modal
      opened={questionnaireId !== null}
      onClose={onClose}
      title={t('QUESTIONNAIRES.CHANGE_LOG.TITLE')}
      size="80rem"
      fullScreen={isPhone}
    >
      <Stack gap="sm">
        {log.isPending && <Loader mx="auto" aria-label={t('COMMON.LOADING')} />}
        {log.isError && <Alert color="red">{t('QUESTIONNAIRES.CHANGE_LOG.LOAD_FAILED')}</Alert>}
        {log.data && rows.length === 0 && <Text c="dimmed">{t('QUESTIONNAIRES.CHANGE_LOG.EMPTY')}</Text>}
        {rows.length > 0 && (
          <Text size="xs" c="dimmed">
            {t('QUESTIONNAIRES.CHANGE_LOG.LATEST', { count: rows.length })}
          </Text>
        )}
        {rows.length > 0 && (isPhone ? <ChangeLogCards rows={rows} /> : <ChangeLogTable rows={rows} />)}
      </Stack>
    </Modal>
  );
}

function ChangeLogTable({ rows }: { rows: readonly Row[] }) {
  const { t } = useTranslation(['common', 'renderer']);
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped withTableBorder verticalSpacing="xs" data-testid="change-log-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('QUESTIONNAIRES.CHANGE_LOG.WHEN')}</Table.Th>
            <Table.Th>{t('QUESTIONNAIRES.CHANGE_LOG.WHO')}</Table.Th>
            <Table.Th>{t('QUESTIONNAIRES.CHANGE_LOG.ACTION')}</Table.Th>
            <Table.Th>{t('QUESTIONNAIRES.CHANGE_LOG.QUESTION')}</Table.Th>
            <Table.Th>{t('QUESTIONNAIRES.CHANGE_LOG.OLD_VALUE')}</Table.Th>
            <Table.Th>{t('QUESTIONNAIRES.CHANGE_LOG.NEW_VALUE')}</Table.Th>
            <Table.Th>{t('QUESTIONNAIRES.CHANGE_LOG.REASON')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key} data-testid="change-log-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <bdi>{row.when}</bdi>
              </Table.Td>
              <Table.Td>
                <bdi>{row.who}</bdi>
              </Table.Td>
              <Table.Td>{row.action}</Table.Td>
              <Table.Td>{row.question}</Table.Td>
              <Table.Td data-testid="change-log-old">{row.oldValue}</Table.Td>
              <Table.Td data-testid="change-log-new">{row.newValue}</Table.Td>
              <Table.Td data-testid="change-log-reason" style={{ overflowWrap: 'anywhere' }}>
                {row.reason}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Cell({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

function ChangeLogCards({ rows }: { rows: readonly Row[] }) {
  const { t } = useTranslation(['common', 'renderer']);
  return (
    <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <Paper key={row.key} component="li" withBorder radius="md" p="sm" data-testid="change-log-row">
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {row.action} · <bdi>{row.when}</bdi>
            </Text>
            <Cell label={t('QUESTIONNAIRES.CHANGE_LOG.WHO')}>
              <bdi>{row.who}</bdi>
            </Cell>
            {row.question !== '—' && (
              <Cell label={t('QUESTIONNAIRES.CHANGE_LOG.QUESTION')}>{row.question}</Cell>
            )}
            {row.question !== '—' && (
              <SimpleGrid cols={2} spacing="sm">
                <Cell label={t('QUESTIONNAIRES.CHANGE_LOG.OLD_VALUE')} testId="change-log-old">
                  {row.oldValue}
                </Cell>
                <Cell label={t('QUESTIONNAIRES.CHANGE_LOG.NEW_VALUE')} testId="change-log-new">
                  {row.newValue}
                </Cell>
              </SimpleGrid>
            )}
            {row.reason && (
              <Cell label={t('QUESTIONNAIRES.CHANGE_LOG.REASON')} testId="change-log-reason">
                {row.reason}
              </Cell>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
