import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconRobot, IconUser } from '@tabler/icons-react';
import {
  isSystemComment,
  type Query,
  type QueryComment,
  type QueryStatus,
  type Question,
} from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';
import { pickText, toPlainText } from '../forms/renderer/text';

const STATUS_COLORS = { OPEN: 'orange', RESPONDED: 'blue', CLOSED: 'gray' } as const satisfies Record<
  QueryStatus,
  string
>;

/** Spec 001 §4 query status as a coloured badge. */
export function QueryStatusBadge({ status }: { status: QueryStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={STATUS_COLORS[status]}
      // Never cut to an ellipsis, even in a narrow table column.
      miw="max-content"
      data-testid="query-status"
      data-status={status}
    >
      {t(`QUERIES.STATUS.${status}`)}
    </Badge>
  );
}

/** A stored value as the reader knows it: a possibility's text in the form's language, else the value itself. */
function valueText(value: string, question: Question | undefined, language: string): string {
  const possibility = question?.possibilities.find((p) => p.id === value);
  return possibility ? toPlainText(pickText(possibility.possibility, language)) : value;
}

function Values({
  label,
  values,
  question,
  language,
}: {
  label: string;
  values: readonly string[];
  question: Question | undefined;
  language: string;
}) {
  const { t } = useTranslation();
  const shown = values.map((v) => valueText(v, question, language)).filter(Boolean);
  return (
    <Text size="xs" c="dimmed">
      {label}:{' '}
      <Text span size="xs" c="var(--mantine-color-text)" fw={500}>
        <bdi>{shown.length > 0 ? shown.join(', ') : t('QUERIES.DIALOG.EMPTY_VALUE')}</bdi>
      </Text>
    </Text>
  );
}

function CommentItem({
  comment,
  question,
  language,
}: {
  comment: QueryComment;
  question: Question | undefined;
  language: string;
}) {
  const { t } = useTranslation();
  const isSystem = isSystemComment(comment);
  const Icon = isSystem ? IconRobot : IconUser;
  return (
    <Paper
      withBorder
      radius="sm"
      p="xs"
      component="li"
      data-testid="query-comment"
      data-action={comment.action}
    >
      <Group gap={6} wrap="wrap" mb={4}>
        <Icon size={14} aria-hidden />
        <Text size="xs" fw={600} data-testid="query-comment-author">
          {isSystem ? t('QUERIES.DIALOG.SYSTEM') : (comment.createdByName ?? '')}
        </Text>
        <Text size="xs" c="dimmed">
          {t(`QUERIES.THREAD_ACTIONS.${comment.action}`)}
        </Text>
        <Text size="xs" c="dimmed" ms="auto">
          <time dateTime={comment.createdTime} dir="ltr">
            {formatDateTime(comment.createdTime)}
          </time>
        </Text>
      </Group>
      {comment.text && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} dir="auto">
          {comment.text}
        </Text>
      )}
      {(comment.oldValues || comment.newValues) && (
        <Stack gap={0} mt={4} data-testid="query-comment-values">
          <Values
            label={t('QUERIES.DIALOG.OLD_VALUE')}
            values={comment.oldValues ?? []}
            question={question}
            language={language}
          />
          <Values
            label={t('QUERIES.DIALOG.NEW_VALUE')}
            values={comment.newValues ?? []}
            question={question}
            language={language}
          />
        </Stack>
      )}
    </Paper>
  );
}

/**
 * Spec 001 §3-§4 query thread: who raised it (or "system generated" for a rule), then its comments
 * oldest first (the latest 30, spec 000 §9), each with creator, time, text and changed values.
 */
export function QueryThread({
  query,
  question,
  language,
}: {
  query: Query;
  question: Question | undefined;
  language: string;
}) {
  const { t } = useTranslation();
  const hidden = query.commentCount - query.comments.length;
  const time = formatDateTime(query.createdTime);
  // The query text is the thread's first entry unless the server lists it as its CREATE comment.
  const hasCreateComment = query.comments.some((c) => c.action === 'CREATE');
  return (
    <Stack gap="xs">
      {!hasCreateComment && (
        <Paper withBorder radius="sm" p="xs" data-testid="query-text">
          <Text size="xs" c="dimmed" mb={4}>
            {query.createdBy === null
              ? t('QUERIES.DIALOG.RAISED_BY_SYSTEM', { time })
              : t('QUERIES.DIALOG.RAISED_BY', { name: query.createdByName ?? '', time })}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} dir="auto">
            {query.queryText}
          </Text>
        </Paper>
      )}
      {hidden > 0 && (
        <Text size="xs" c="dimmed">
          {t('QUERIES.DIALOG.EARLIER_COMMENTS', { count: hidden })}
        </Text>
      )}
      <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
        {query.comments.map((comment) => (
          <CommentItem key={comment.id} comment={comment} question={question} language={language} />
        ))}
      </Stack>
    </Stack>
  );
}
