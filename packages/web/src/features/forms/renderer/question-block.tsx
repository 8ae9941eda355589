import { Alert, Badge, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconMessageQuestion } from '@tabler/icons-react';
import {
  type Answer,
  type FiredValidationRule,
  markAnswerSkipped,
  markAnswerUnavailable,
  type Question,
} from '@trialbase/domain';
import { memo, type ReactNode, useCallback, useMemo } from 'react';
import { emptyAnswerOf } from './empty-answer';
import type { QuestionView } from './engine';
import { issueText } from './issue-text';
import { QuestionInput } from './question-input';
import { useRendererText } from './renderer-text';
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

// Types whose text is a label of one input; the others are groups labelled by the text.
const GROUP_TYPES: ReadonlySet<string> = new Set(['INFORMATION']);

/**
 * One question: text, help, the type's input, unavailable and skip (spec 001 §4), answer issues
 * once touched and fired validation rules (BLOCK as an error, WARNING/QUERY as a note, spec 001 §5).
 * Memoised: a change elsewhere in the form does not re-render it (issue 5 performance must-show).
 */
export const QuestionBlock = memo(function QuestionBlock(props: QuestionBlockProps) {
  const { question, view, language, mode, isTouched, onAnswer, onTouch } = props;
  const t = useRendererText();
  const answer = useMemo(() => props.answer ?? emptyAnswerOf(question.id), [props.answer, question.id]);
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
  const isGroup = GROUP_TYPES.has(question.type);
  const LabelTag = isGroup ? 'div' : 'label';

  return (
    <section
      className="tb-q"
      data-question-id={question.id}
      data-question-type={question.type}
      aria-labelledby={isInformation ? undefined : labelId}
    >
      {!isInformation && (
        // The number and the text take the text's own direction (issue 18 item 6): "1. How are you?"
        // stays in that order on a right-to-left page.
        <div className="tb-q-head" dir="auto">
          {props.number !== null && (
            <span className="tb-q-number" aria-hidden>
              {props.number}.
            </span>
          )}
          <LabelTag id={labelId} className="tb-q-label" htmlFor={isGroup ? undefined : `${baseId}-input`}>
            <RichText html={pickText(question.question, language)} inline isDirectionFromParent />
            {question.required && (
              <>
                {/* Issue 12: read as "Date of surgery (required)", not "Date of surgeryrequired". */}
                <span className="tb-q-required" aria-hidden>
                  *
                </span>
                <span className="tb-visually-hidden">{` (${t('RENDERER.REQUIRED')})`}</span>
              </>
            )}
          </LabelTag>
        </div>
      )}
      {helpText && (
        <div id={helpId} className="tb-q-help" dir="auto">
          {helpText}
        </div>
      )}
      {answer.answerSkipped ? (
        <div className="tb-q-row">
          <span dir="auto">{pickText(question.skipText, language) || t('RENDERER.SKIPPED')}</span>
          {!isReadOnly && (
            <button
              type="button"
              className="tb-link-button"
              onClick={() => handleChange(markAnswerSkipped(answer, false))}
            >
              {t('RENDERER.UNSKIP')}
            </button>
          )}
        </div>
      ) : answer.answerUnavailable ? (
        isReadOnly && <div className="tb-q-help">{t('RENDERER.UNAVAILABLE')}</div>
      ) : (
        <fieldset disabled={isReadOnly} className="tb-q-fieldset" data-read-only={isReadOnly || undefined}>
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
        <div id={errorId} className="tb-q-errors" aria-live="polite">
          {errors.map((text) => (
            <div key={text} className="tb-q-error" data-error dir="auto">
              {text}
            </div>
          ))}
        </div>
      )}
      {notes.length > 0 && <RuleNotes id={ruleId} notes={notes} language={language} />}
      {((question.canSkip && !isReadOnly) || canMarkUnavailable) && !isInformation && (
        <div className="tb-q-row">
          {question.canSkip && !answer.answerSkipped && !isReadOnly && (
            <button
              type="button"
              className="tb-link-button"
              onClick={() => handleChange(markAnswerSkipped(answer))}
            >
              {t('RENDERER.SKIP')}
            </button>
          )}
          {canMarkUnavailable && (
            <label className="tb-choice">
              <input
                type="checkbox"
                checked={answer.answerUnavailable}
                onChange={(e) => handleChange(markAnswerUnavailable(answer, e.currentTarget.checked))}
              />
              <span>{t('RENDERER.UNAVAILABLE')}</span>
            </label>
          )}
        </div>
      )}
      {props.addon}
    </section>
  );
});

/** WARNING and QUERY rules that fired: notes under the question, not errors (spec 001 §5). */
function RuleNotes(props: { id: string; notes: readonly FiredValidationRule[]; language: string }) {
  const t = useRendererText();
  return (
    <Stack id={props.id} gap={4}>
      {props.notes.map((f) => (
        <Alert
          key={`${f.ruleId}-${f.action}`}
          variant="light"
          color={f.action === 'QUERY' ? 'blue' : 'yellow'}
          p="xs"
          icon={f.action === 'QUERY' ? <IconMessageQuestion size={16} /> : <IconAlertTriangle size={16} />}
        >
          <Text size="sm">
            <Badge size="xs" variant="outline" me={6} color={f.action === 'QUERY' ? 'blue' : 'yellow.9'}>
              {t(f.action === 'QUERY' ? 'RENDERER.RULE.QUERY' : 'RENDERER.RULE.WARNING')}
            </Badge>
            <bdi>{pickText(f.message, props.language)}</bdi>
          </Text>
        </Alert>
      ))}
    </Stack>
  );
}
