import { Alert, Anchor, Badge, Checkbox, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconMessageQuestion } from '@tabler/icons-react';
import {
  type Answer,
  createEmptyAnswer,
  markAnswerSkipped,
  markAnswerUnavailable,
  type Question,
} from '@trialbase/domain';
import { memo, type ReactNode, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuestionView } from './engine';
import { issueText } from './issue-text';
import { QuestionInput } from './question-input';
import { RichText } from './rich-text';
import { pickText } from './text';

export type RendererMode = 'preview' | 'staff' | 'public';

type QuestionBlockProps = {
  question: Question;
  answer: Answer | undefined;
  view: QuestionView;
  /** 1-based number shown before the text (information texts have none). */
  number: number | null;
  language: string;
  mode: RendererMode;
  isTouched: boolean;
  isAvailable: boolean;
  isHorizontalAllowed: boolean;
  imageChart: string | null | undefined;
  onAnswer: (questionId: string, next: Answer) => void;
  onTouch: (questionId: string) => void;
  /** Shown, not editable (staff review, spec 001 §4). */
  isReadOnly?: boolean;
  /** Server messages for this question, shown as errors. */
  externalErrors?: readonly string[] | undefined;
  /** Extra content at the end (staff verification controls). */
  addon?: ReactNode;
};

// A borderless fieldset: `disabled` on it turns off every control inside at once.
const READ_ONLY_FIELDSET = { border: 0, margin: 0, padding: 0, minInlineSize: 0 } as const;

// Types whose text is a label of one input; the others are groups labelled by the text.
const GROUP_TYPES: ReadonlySet<string> = new Set(['INFORMATION']);

/**
 * One question: text, help, the type's input, unavailable and skip (spec 001 §4), answer issues
 * once touched and fired validation rules (BLOCK as an error, WARNING/QUERY as a note, spec 001 §5).
 * Memoised: a change elsewhere in the form does not re-render it (issue 5 performance must-show).
 */
export const QuestionBlock = memo(function QuestionBlock(props: QuestionBlockProps) {
  const { question, view, language, mode, isTouched, onAnswer, onTouch } = props;
  const { t } = useTranslation();
  const answer = useMemo(() => props.answer ?? createEmptyAnswer(question.id), [props.answer, question.id]);
  const baseId = `question-${question.id}`;
  const labelId = `${baseId}-label`;
  const helpId = `${baseId}-help`;
  const errorId = `${baseId}-error`;
  const ruleId = `${baseId}-rules`;
  const handleChange = useCallback((next: Answer) => onAnswer(question.id, next), [onAnswer, question.id]);
  const handleBlur = useCallback(() => onTouch(question.id), [onTouch, question.id]);

  const shownIssues = isTouched ? view.issues.filter((i) => i.path[0] !== 'tableCells') : [];
  const blocks = view.fired.filter((f) => f.isBlocking);
  const notes = view.fired.filter((f) => !f.isBlocking);
  // A server message may repeat a live one (same BLOCK rule): each text shows once.
  const errors = [
    ...new Set([
      ...shownIssues.map((i) => issueText(t, i)),
      ...blocks.map((f) => pickText(f.message, language)),
      ...(props.externalErrors ?? []),
    ]),
  ];
  const helpText = pickText(question.helpText, language);
  const describedBy =
    [helpText ? helpId : '', errors.length > 0 ? errorId : '', notes.length > 0 ? ruleId : '']
      .filter(Boolean)
      .join(' ') || undefined;
  const isInformation = question.type === 'INFORMATION';
  const isReadOnly = props.isReadOnly === true;
  const canMarkUnavailable =
    mode === 'staff' && !isReadOnly && !isInformation && question.type !== 'CALCULATED';

  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="md"
      data-question-id={question.id}
      data-question-type={question.type}
      aria-labelledby={isInformation ? undefined : labelId}
    >
      <Stack gap="sm">
        {!isInformation && (
          <Group gap={6} wrap="nowrap" align="flex-start">
            {props.number !== null && (
              <Text fw={700} span aria-hidden>
                {props.number}.
              </Text>
            )}
            <Text
              id={labelId}
              fw={600}
              component={GROUP_TYPES.has(question.type) ? 'div' : 'label'}
              htmlFor={`${baseId}-input`}
              style={{ flex: 1 }}
            >
              <RichText html={pickText(question.question, language)} inline />
              {question.required && (
                <>
                  {/* Issue 12: read as "Date of surgery (required)", not "Date of surgeryrequired". */}
                  <Text span c="red.8" ms={4} aria-hidden>
                    *
                  </Text>
                  <VisuallyHidden>{` (${t('RENDERER.REQUIRED')})`}</VisuallyHidden>
                </>
              )}
            </Text>
          </Group>
        )}
        {helpText && (
          <Text id={helpId} size="sm" c="dimmed">
            {helpText}
          </Text>
        )}
        {answer.answerSkipped ? (
          <Group gap="sm">
            <Text size="sm">{pickText(question.skipText, language) || t('RENDERER.SKIPPED')}</Text>
            {!isReadOnly && (
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => handleChange(markAnswerSkipped(answer, false))}
              >
                {t('RENDERER.UNSKIP')}
              </Anchor>
            )}
          </Group>
        ) : answer.answerUnavailable ? (
          isReadOnly && (
            <Text size="sm" c="dimmed">
              {t('RENDERER.UNAVAILABLE')}
            </Text>
          )
        ) : (
          <fieldset disabled={isReadOnly} style={READ_ONLY_FIELDSET} data-read-only={isReadOnly || undefined}>
            <QuestionInput
              question={question}
              answer={answer}
              language={language}
              labelId={labelId}
              inputId={`${baseId}-input`}
              describedBy={describedBy}
              isInvalid={errors.length > 0}
              hiddenPossibilities={view.hiddenPossibilities}
              calculated={view.calculated}
              isHorizontalAllowed={props.isHorizontalAllowed}
              onChange={handleChange}
              onBlur={handleBlur}
              issues={view.issues}
              isAvailable={props.isAvailable}
              imageChart={props.imageChart}
            />
          </fieldset>
        )}
        {errors.length > 0 && (
          <Stack id={errorId} gap={2} aria-live="polite">
            {errors.map((text) => (
              <Text key={text} size="sm" c="red.8" data-error>
                {text}
              </Text>
            ))}
          </Stack>
        )}
        {notes.length > 0 && (
          <Stack id={ruleId} gap={4}>
            {notes.map((f) => (
              <Alert
                key={`${f.ruleId}-${f.action}`}
                variant="light"
                color={f.action === 'QUERY' ? 'blue' : 'yellow'}
                p="xs"
                icon={
                  f.action === 'QUERY' ? <IconMessageQuestion size={16} /> : <IconAlertTriangle size={16} />
                }
              >
                <Text size="sm">
                  <Badge
                    size="xs"
                    variant="outline"
                    me={6}
                    color={f.action === 'QUERY' ? 'blue' : 'yellow.9'}
                  >
                    {t(f.action === 'QUERY' ? 'RENDERER.RULE.QUERY' : 'RENDERER.RULE.WARNING')}
                  </Badge>
                  {pickText(f.message, language)}
                </Text>
              </Alert>
            ))}
          </Stack>
        )}
        {((question.canSkip && !isReadOnly) || canMarkUnavailable) && !isInformation && (
          <Group gap="md">
            {question.canSkip && !answer.answerSkipped && !isReadOnly && (
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => handleChange(markAnswerSkipped(answer))}
              >
                {t('RENDERER.SKIP')}
              </Anchor>
            )}
            {canMarkUnavailable && (
              <Checkbox
                size="xs"
                label={t('RENDERER.UNAVAILABLE')}
                checked={answer.answerUnavailable}
                onChange={(e) => handleChange(markAnswerUnavailable(answer, e.currentTarget.checked))}
              />
            )}
          </Group>
        )}
        {props.addon}
      </Stack>
    </Paper>
  );
});
