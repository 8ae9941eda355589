import type { Answer, FormTemplate, Question } from '@trialbase/domain';
import { memo, type ReactNode, useRef } from 'react';
import type { QuestionView } from './engine';
import { QuestionBlock, type RendererMode } from './question-block';

/** Questions per group: a group whose questions did not change is skipped as a whole. */
export const QUESTION_GROUP_SIZE = 16;

/** What is the same for every question of the form (one object per change of any of it). */
export type QuestionSettings = {
  language: string;
  mode: RendererMode;
  isReadOnly: boolean;
  isAllTouched: boolean;
  isHorizontalAllowed: boolean;
  imageChart: string | null | undefined;
  isAvailable: (type: Question['type']) => boolean;
  isHiddenScore: (question: Question) => boolean;
  onAnswer: (questionId: string, next: Answer) => void;
  onTouch: (questionId: string) => void;
  renderQuestionAddon: ((questionId: string) => ReactNode) | undefined;
};

/** What each question shows, by question id (new maps on each change; their entries keep identity). */
export type QuestionData = {
  answers: ReadonlyMap<string, Answer>;
  views: ReadonlyMap<string, QuestionView>;
  numbers: ReadonlyMap<string, number>;
  touched: ReadonlySet<string>;
  externalErrors: ReadonlyMap<string, readonly string[]> | undefined;
};

/** One question's block, as the renderer draws it; null for a question it does not show. */
export function renderQuestionBlock(q: Question, settings: QuestionSettings, data: QuestionData): ReactNode {
  const view = data.views.get(q.id);
  if (!view || settings.isHiddenScore(q)) return null;
  return (
    <QuestionBlock
      key={q.id}
      question={q}
      answer={data.answers.get(q.id)}
      view={view}
      number={data.numbers.get(q.id) ?? null}
      language={settings.language}
      mode={settings.mode}
      isTouched={settings.isAllTouched || data.touched.has(q.id)}
      isAvailable={settings.isAvailable(q.type)}
      isHorizontalAllowed={settings.isHorizontalAllowed}
      imageChart={settings.imageChart}
      onAnswer={settings.onAnswer}
      onTouch={settings.onTouch}
      isReadOnly={settings.isReadOnly}
      externalErrors={data.externalErrors?.get(q.id)}
      addon={settings.renderQuestionAddon?.(q.id)}
    />
  );
}

type QuestionGroupProps = { questions: readonly Question[]; settings: QuestionSettings; data: QuestionData };

/**
 * A run of consecutive questions, without an element of its own (the page's markup is the blocks'):
 * a keystroke re-renders the one group holding the typed question, and React compares 17 groups of a
 * 270-question form instead of 270 question blocks (issue 16 item 6).
 */
const QuestionGroup = memo(
  function QuestionGroup({ questions, settings, data }: QuestionGroupProps) {
    return questions.map((q) => renderQuestionBlock(q, settings, data));
  },
  (before, after) => {
    if (before.questions !== after.questions || before.settings !== after.settings) return false;
    const a = before.data;
    const b = after.data;
    return after.questions.every(
      ({ id }) =>
        a.answers.get(id) === b.answers.get(id) &&
        a.views.get(id) === b.views.get(id) &&
        a.numbers.get(id) === b.numbers.get(id) &&
        a.touched.has(id) === b.touched.has(id) &&
        a.externalErrors?.get(id) === b.externalErrors?.get(id),
    );
  },
);

const positionsCache = new WeakMap<readonly Question[], ReadonlyMap<string, number>>();

/** Each question's place in the form's order, once per form document. */
function positionsOf(form: Pick<FormTemplate, 'questions'>, ordered: readonly Question[]) {
  let positions = positionsCache.get(form.questions);
  if (!positions) {
    positions = new Map(ordered.map((q, i) => [q.id, i]));
    positionsCache.set(form.questions, positions);
  }
  return positions;
}

/**
 * The questions to draw, in groups cut at fixed places of the form's order (not of the shown list):
 * a question that a show rule shows or hides moves no other question into another group, so no
 * block is mounted again. Groups whose questions did not change keep their array.
 */
function useQuestionGroups(
  form: Pick<FormTemplate, 'questions'>,
  ordered: readonly Question[],
  shown: readonly Question[],
): { key: number; questions: readonly Question[] }[] {
  const last = useRef(new Map<number, readonly Question[]>());
  const positions = positionsOf(form, ordered);
  const byGroup = new Map<number, Question[]>();
  for (const q of shown) {
    const key = Math.floor((positions.get(q.id) ?? 0) / QUESTION_GROUP_SIZE);
    const list = byGroup.get(key);
    if (list) list.push(q);
    else byGroup.set(key, [q]);
  }
  const groups = [...byGroup].map(([key, questions]) => {
    const before = last.current.get(key);
    const isSame = before?.length === questions.length && before.every((q, i) => q === questions[i]);
    return { key, questions: isSame && before ? before : questions };
  });
  last.current = new Map(groups.map((g) => [g.key, g.questions]));
  return groups;
}

/** The shown questions of a long form, group by group. */
export function QuestionGroups(props: {
  form: Pick<FormTemplate, 'questions'>;
  ordered: readonly Question[];
  shown: readonly Question[];
  settings: QuestionSettings;
  data: QuestionData;
}) {
  const groups = useQuestionGroups(props.form, props.ordered, props.shown);
  return groups.map((g) => (
    <QuestionGroup key={g.key} questions={g.questions} settings={props.settings} data={props.data} />
  ));
}
