import { Alert, Button, Checkbox, Group, Paper, Stack, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  type Answer,
  QUERY_TEXT_MAX_LENGTH,
  type Query,
  type QueryDialogAction,
  type Question,
} from '@trialbase/domain';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryStatusBadge, QueryThread } from './query-thread';

/** What the card sends when the user confirms an action. */
export type QueryActionInput = {
  action: QueryDialogAction;
  text: string;
  /** RESPOND with a changed answer (the response is the update reason). */
  answer?: Answer | undefined;
};

type QueryCardProps = {
  query: Query;
  question: Question | undefined;
  language: string;
  /** Spec 001 §4: the dialog actions this user may take on this query now. */
  actions: readonly QueryDialogAction[];
  /** The question is hidden by show rules: closing warns it will be hidden (spec 001 §4). */
  isQuestionHidden: boolean;
  isPending: boolean;
  /** RESPOND may change the answer: renders the question's input for the new answer. */
  renderAnswerEditor?: (onChange: (answer: Answer) => void) => ReactNode;
  onAction: (input: QueryActionInput) => Promise<boolean>;
  /** Opens already responding with the answer editor shown (back from reporting an AE for this query). */
  startResponding?: boolean;
};

const NEEDS_TEXT: Record<QueryDialogAction, boolean> = {
  CREATE: true,
  RESPOND: true,
  DECLINE: true,
  REOPEN: true,
  QUICK_CLOSE: false,
  CLOSE: true,
};

/**
 * One query with its thread and only the actions the user's permissions and its state allow
 * (spec 001 §4). An action that takes a text opens a text box; quick close goes at once.
 */
export function QueryCard(props: QueryCardProps) {
  const { query, actions } = props;
  const { t } = useTranslation();
  const isResumed = props.startResponding === true && actions.includes('RESPOND');
  const [pending, setPending] = useState<QueryDialogAction | null>(isResumed ? 'RESPOND' : null);
  const [text, setText] = useState('');
  const [isTextMissing, setTextMissing] = useState(false);
  const [isChangingAnswer, setChangingAnswer] = useState(isResumed);
  const [answer, setAnswer] = useState<Answer | undefined>(undefined);
  const isClosing = pending === 'CLOSE' || actions.includes('QUICK_CLOSE');

  const reset = () => {
    setPending(null);
    setText('');
    setTextMissing(false);
    setChangingAnswer(false);
    setAnswer(undefined);
  };

  const run = async (action: QueryDialogAction) => {
    if (NEEDS_TEXT[action] && text.trim() === '') return setTextMissing(true);
    const isDone = await props.onAction({
      action,
      text: text.trim(),
      answer: action === 'RESPOND' && isChangingAnswer ? answer : undefined,
    });
    if (isDone) reset();
  };

  return (
    <Paper withBorder radius="md" p="sm" data-testid="query-card" data-query-id={query.id}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <QueryStatusBadge status={query.status} />
        </Group>
        <QueryThread query={query} question={props.question} language={props.language} />
        {props.isQuestionHidden && isClosing && query.status !== 'CLOSED' && (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            data-testid="query-hidden-warning"
          >
            {t('QUERIES.DIALOG.HIDDEN_WARNING')}
          </Alert>
        )}
        {pending && (
          <Stack gap="xs">
            <Textarea
              label={t(pending === 'RESPOND' ? 'QUERIES.DIALOG.RESPONSE' : 'QUERIES.DIALOG.TEXT')}
              value={text}
              onChange={(event) => {
                setText(event.currentTarget.value);
                setTextMissing(false);
              }}
              maxLength={QUERY_TEXT_MAX_LENGTH}
              description={`${text.length} / ${QUERY_TEXT_MAX_LENGTH}`}
              error={isTextMissing ? t('QUERIES.DIALOG.TEXT_REQUIRED') : null}
              autosize
              minRows={2}
              maxRows={8}
              required
              data-autofocus
              data-testid="query-action-text"
            />
            {pending === 'RESPOND' && props.renderAnswerEditor && (
              <>
                <Checkbox
                  label={t('QUERIES.DIALOG.CHANGE_ANSWER')}
                  description={t('QUERIES.DIALOG.CHANGE_ANSWER_HINT')}
                  checked={isChangingAnswer}
                  onChange={(event) => setChangingAnswer(event.currentTarget.checked)}
                  data-testid="query-change-answer"
                />
                {isChangingAnswer && (
                  <Paper withBorder radius="sm" p="xs" data-testid="query-answer-editor">
                    {props.renderAnswerEditor(setAnswer)}
                  </Paper>
                )}
              </>
            )}
            <Group justify="flex-end" gap="xs">
              <Button variant="default" size="xs" onClick={reset} disabled={props.isPending}>
                {t('QUERIES.DIALOG.CANCEL')}
              </Button>
              <Button
                size="xs"
                onClick={() => void run(pending)}
                loading={props.isPending}
                data-testid="query-action-send"
              >
                {t(`QUERIES.ACTIONS.${pending}`)}
              </Button>
            </Group>
          </Stack>
        )}
        {!pending && actions.length > 0 && (
          <Group gap="xs" wrap="wrap">
            {actions.map((action) => (
              <Button
                key={action}
                size="xs"
                variant={action === 'RESPOND' || action === 'REOPEN' ? 'filled' : 'default'}
                loading={props.isPending && action === 'QUICK_CLOSE'}
                onClick={() => (NEEDS_TEXT[action] ? setPending(action) : void run(action))}
                data-testid={`query-action-${action}`}
              >
                {t(`QUERIES.ACTIONS.${action}`)}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
