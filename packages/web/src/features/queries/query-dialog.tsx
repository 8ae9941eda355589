import { Accordion, Alert, Button, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  type Answer,
  availableQueryActions,
  canRaiseQuery,
  type FormTemplate,
  isQueryActive,
  type Permission,
  QUERY_TEXT_MAX_LENGTH,
  type Query,
  splitQueries,
} from '@trialbase/domain';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickText, toPlainText } from '../forms/renderer/text';
import { type QueryActionInput, QueryCard } from './query-card';

type QueryDialogProps = {
  /** The question whose queries are open; null when the dialog is closed. */
  questionId: string | null;
  form: FormTemplate;
  /** Every query of the filled form (oldest first). */
  queries: readonly Query[];
  language: string;
  /** Whether the user holds a permission for the form's site. */
  has: (permission: Permission) => boolean;
  isQuestionHidden: boolean;
  isPending: boolean;
  renderAnswerEditor?: (onChange: (answer: Answer) => void) => ReactNode;
  onCreate: (text: string) => Promise<boolean>;
  onAction: (query: Query, input: QueryActionInput) => Promise<boolean>;
  onClose: () => void;
  /** The current query's card opens responding, its answer editor shown (AE create state isQuery). */
  respondOnOpen?: boolean;
};

function NewQuery({
  isPending,
  onCreate,
}: {
  isPending: boolean;
  onCreate: (text: string) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [isMissing, setMissing] = useState(false);
  const handleSend = async () => {
    if (text.trim() === '') return setMissing(true);
    if (await onCreate(text.trim())) setText('');
  };
  return (
    <Stack gap="xs" data-testid="query-new">
      <Textarea
        label={t('QUERIES.DIALOG.QUERY_TEXT')}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setMissing(false);
        }}
        maxLength={QUERY_TEXT_MAX_LENGTH}
        description={`${text.length} / ${QUERY_TEXT_MAX_LENGTH}`}
        error={isMissing ? t('QUERIES.DIALOG.TEXT_REQUIRED') : null}
        autosize
        minRows={2}
        maxRows={8}
        required
        data-testid="query-new-text"
      />
      <Group justify="flex-end">
        <Button size="xs" onClick={() => void handleSend()} loading={isPending} data-testid="query-create">
          {t('QUERIES.ACTIONS.CREATE')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Spec 001 §4 query dialog of one question: its first non-closed query as current, other open
 * ones after it, closed ones listed apart; a new query when the user may raise one and the
 * question is under the open-query limit (spec 001 §8).
 */
export function QueryDialog(props: QueryDialogProps) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)') === true;
  const question = props.form.questions.find((q) => q.id === props.questionId);
  const ofQuestion = props.queries.filter((q) => q.questionId === props.questionId);
  const { current, closed } = splitQueries(ofQuestion);
  const otherActive = ofQuestion.filter((q) => isQueryActive(q.status) && q !== current);
  const canCreate = availableQueryActions(null, props.has).includes('CREATE');
  const isUnderLimit = canRaiseQuery(ofQuestion.map((q) => q.status));
  // With a current query, another one is raised on demand (the dialog stays short).
  const [isCreating, setCreating] = useState(false);
  const [shownFor, setShownFor] = useState(props.questionId);
  if (shownFor !== props.questionId) {
    setShownFor(props.questionId);
    setCreating(false);
  }
  const card = (query: Query) => (
    <QueryCard
      key={query.id}
      query={query}
      question={question}
      language={props.language}
      actions={availableQueryActions(query.status, props.has)}
      isQuestionHidden={props.isQuestionHidden}
      isPending={props.isPending}
      renderAnswerEditor={props.renderAnswerEditor}
      onAction={(input) => props.onAction(query, input)}
      startResponding={props.respondOnOpen === true && query === current}
    />
  );
  const title = question ? `${t('QUERIES.DIALOG.TITLE', { number: question.order })}` : t('QUERIES.TITLE');

  return (
    <Modal
      opened={props.questionId !== null}
      onClose={props.onClose}
      title={
        <Title order={2} fz="h4">
          {title}
        </Title>
      }
      size="lg"
      fullScreen={isPhone}
      data-testid="query-dialog"
    >
      <Stack gap="md">
        {question && (
          <Text size="sm" fw={500} dir="auto" data-testid="query-question">
            {toPlainText(pickText(question.question, props.language))}
          </Text>
        )}
        {ofQuestion.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('QUERIES.DIALOG.NONE')}
          </Text>
        )}
        {current && (
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {t('QUERIES.DIALOG.CURRENT')}
            </Text>
            {card(current)}
          </Stack>
        )}
        {otherActive.length > 0 && (
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {t('QUERIES.DIALOG.OTHER_ACTIVE')}
            </Text>
            {otherActive.map(card)}
          </Stack>
        )}
        {closed.length > 0 && (
          <Accordion variant="contained" data-testid="query-closed-list">
            <Accordion.Item value="closed">
              <Accordion.Control>{t('QUERIES.DIALOG.CLOSED', { count: closed.length })}</Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm">{closed.map(card)}</Stack>
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
        )}
        {canCreate && isUnderLimit && (current === null || isCreating) && (
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {t('QUERIES.DIALOG.NEW')}
            </Text>
            <NewQuery isPending={props.isPending} onCreate={props.onCreate} />
          </Stack>
        )}
        {canCreate && isUnderLimit && current !== null && !isCreating && (
          <Group>
            <Button variant="subtle" size="xs" onClick={() => setCreating(true)} data-testid="query-new-open">
              {t('QUERIES.DIALOG.NEW')}
            </Button>
          </Group>
        )}
        {canCreate && !isUnderLimit && (
          <Alert color="yellow" variant="light" data-testid="query-limit">
            {t('QUERIES.DIALOG.LIMIT_REACHED')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('QUERIES.DIALOG.CLOSE')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
