import { Alert, Button, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DISCONTINUATION_REASONS, type SubjectHistoryEntry } from '@trialbase/domain';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../app/format';
import { displayText } from '../../processes/localized';
import { useSubjectHistory } from '../api';
import { translateKey } from '../display';
import { detailsText } from './history-text';

/** Entries shown at first and added by each "Show older entries". */
export const HISTORY_PAGE_SIZE = 20;

const UNSCHEDULED_EVENT_TYPES = ['TYPE_UNEXPECTED', 'TYPE_DISCONTINUED', 'TYPE_EXTERNAL'] as const;
type UnscheduledEventType = (typeof UNSCHEDULED_EVENT_TYPES)[number];
const isUnscheduledEventType = (type: string | null): type is UnscheduledEventType =>
  (UNSCHEDULED_EVENT_TYPES as readonly (string | null)[]).includes(type);

/** One entry as the reader sees it: every cell already turned into text. */
type Row = {
  key: string;
  when: string;
  who: string;
  action: string;
  where: string;
  reason: string;
  summary: string;
};

/** The action in words; an action this screen does not know yet shows in readable form. */
function actionText(t: TFunction, action: string): string {
  const key = `SUBJECTS.HISTORY.ACTIONS.${action}`;
  const text = translateKey(t, key);
  if (text !== key) return text;
  const words = action.toLowerCase().replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A discontinuation reason code reads as its label; any other reason as written. */
function reasonText(t: TFunction, reason: string | null): string {
  if (!reason) return '';
  return (DISCONTINUATION_REASONS as readonly string[]).includes(reason)
    ? translateKey(t, `SUBJECTS.UNSCHEDULED.REASONS.${reason}`)
    : reason;
}

function whereText(t: TFunction, entry: SubjectHistoryEntry, language: string): string {
  const event = entry.dataEvent;
  let eventName = '';
  if (event) {
    eventName =
      displayText(event.name, language, language) ||
      (isUnscheduledEventType(event.type) ? t(`SUBJECTS.UNSCHEDULED.TYPES.${event.type}`) : event.id);
  }
  return [eventName, entry.form?.name ?? ''].filter(Boolean).join(' / ');
}

/**
 * Spec 001 §2 subject view, record history: the latest audit entries about the subject and its
 * records, newest first, each with time, who, action, data event and form, reason and what changed.
 * A table on wide screens, one card per entry on phones; older entries on request.
 */
export function HistoryTab({ studyId, subjectId }: { studyId: string; subjectId: string }) {
  const { t, i18n } = useTranslation();
  const history = useSubjectHistory(studyId, subjectId, i18n.language);
  const isPhone = useMediaQuery('(max-width: 48em)') === true;
  const [shown, setShown] = useState(HISTORY_PAGE_SIZE);

  if (history.isPending)
    return (
      <Group justify="center">
        <Loader size="sm" aria-label={t('COMMON.LOADING')} />
      </Group>
    );
  if (history.isError) return <Alert color="red">{t('SUBJECTS.HISTORY.LOAD_FAILED')}</Alert>;
  const entries = [...history.data.entries].sort(
    (a, b) => b.occurredAt.localeCompare(a.occurredAt) || b.auditId.localeCompare(a.auditId),
  );
  if (entries.length === 0)
    return (
      <Paper withBorder p="xl" data-testid="history-empty">
        <Text c="dimmed" ta="center">
          {t('SUBJECTS.HISTORY.EMPTY')}
        </Text>
      </Paper>
    );
  const rows: Row[] = entries.slice(0, shown).map((entry) => ({
    key: entry.auditId,
    when: formatDateTime(entry.occurredAt),
    who: entry.actorName ?? t('SUBJECTS.HISTORY.SYSTEM'),
    action: actionText(t, entry.action),
    where: whereText(t, entry, i18n.language),
    reason: reasonText(t, entry.reason),
    summary: detailsText(t, entry, i18n.language),
  }));
  return (
    <Stack gap="sm" data-testid="history">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {t('SUBJECTS.HISTORY.INTRO')}
        </Text>
        <Text size="xs" c="dimmed" data-testid="history-count">
          {t('SUBJECTS.HISTORY.SHOWING', { shown: rows.length, count: entries.length })}
        </Text>
      </Group>
      {isPhone ? <HistoryCards rows={rows} /> : <HistoryTable rows={rows} />}
      {rows.length < entries.length && (
        <Group justify="center">
          <Button
            variant="default"
            onClick={() => setShown((n) => n + HISTORY_PAGE_SIZE)}
            data-testid="history-more"
          >
            {t('SUBJECTS.HISTORY.LOAD_MORE')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

const wrap = { overflowWrap: 'anywhere' } as const;

function HistoryTable({ rows }: { rows: readonly Row[] }) {
  const { t } = useTranslation();
  const none = t('SUBJECTS.HISTORY.NONE');
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped withTableBorder verticalSpacing="xs" fz="sm" data-testid="history-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('SUBJECTS.HISTORY.WHEN')}</Table.Th>
            <Table.Th>{t('SUBJECTS.HISTORY.WHO')}</Table.Th>
            <Table.Th>{t('SUBJECTS.HISTORY.WHAT')}</Table.Th>
            <Table.Th>{t('SUBJECTS.HISTORY.WHERE')}</Table.Th>
            <Table.Th>{t('SUBJECTS.HISTORY.REASON')}</Table.Th>
            <Table.Th>{t('SUBJECTS.HISTORY.SUMMARY')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key} data-testid="history-entry">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <bdi>{row.when}</bdi>
              </Table.Td>
              <Table.Td>
                <bdi>{row.who}</bdi>
              </Table.Td>
              <Table.Td data-testid="history-action">{row.action}</Table.Td>
              <Table.Td data-testid="history-where">{row.where ? <bdi>{row.where}</bdi> : none}</Table.Td>
              <Table.Td data-testid="history-reason" style={wrap}>
                {row.reason ? <bdi>{row.reason}</bdi> : none}
              </Table.Td>
              <Table.Td data-testid="history-summary" maw={360} style={wrap}>
                {row.summary ? <bdi>{row.summary}</bdi> : none}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Cell({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testId} style={wrap}>
        <bdi>{children}</bdi>
      </Text>
    </Stack>
  );
}

function HistoryCards({ rows }: { rows: readonly Row[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <Paper key={row.key} component="li" withBorder radius="md" p="sm" data-testid="history-entry">
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" fw={600} data-testid="history-action">
                {row.action}
              </Text>
              <Text size="xs" c="dimmed">
                <bdi>{row.when}</bdi>
              </Text>
            </Group>
            <Cell label={t('SUBJECTS.HISTORY.WHO')} testId="history-who">
              {row.who}
            </Cell>
            {row.where && (
              <Cell label={t('SUBJECTS.HISTORY.WHERE')} testId="history-where">
                {row.where}
              </Cell>
            )}
            {row.reason && (
              <Cell label={t('SUBJECTS.HISTORY.REASON')} testId="history-reason">
                {row.reason}
              </Cell>
            )}
            {row.summary && (
              <Cell label={t('SUBJECTS.HISTORY.SUMMARY')} testId="history-summary">
                {row.summary}
              </Cell>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
