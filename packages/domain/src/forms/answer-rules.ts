/**
 * Question answer rules (spec 001 §4 "Question answer rules", spec 002 §4 "Answer rules"):
 * unavailable and skip flags, reset of hidden questions, dynamic table rows, single-question order.
 */
import { createEmptyAnswer } from '../questionnaires/answer-kinds';
import type { Answer } from '../questionnaires/model';
import { isQuestionAskedIn } from './answer-validation';
import { isReferenceQuestionType, resolveTableMaxRows, sortQuestionsByOrder } from './form-constants';
import type { FormTemplate, Question } from './model';
import { evaluateFormVisibility, type FormVisibility } from './show-rule-visibility';

/** The answer without any value, keeping identity, time zone, comment and verification flags. */
export function clearAnswerValue(answer: Answer): Answer {
  const empty = createEmptyAnswer(answer.question, answer.timeZone);
  return {
    ...empty,
    ...(answer.id !== undefined ? { id: answer.id } : {}),
    comment: answer.comment,
    verification: answer.verification,
    secondaryVerification: answer.secondaryVerification,
    answerUnavailable: answer.answerUnavailable,
    answerSkipped: answer.answerSkipped,
  };
}

/** Spec 001 §4: marking unavailable clears the answer and sets skipped false; unmarking keeps it empty. */
export function markAnswerUnavailable(answer: Answer, isUnavailable = true): Answer {
  if (!isUnavailable) return { ...answer, answerUnavailable: false };
  return { ...clearAnswerValue(answer), answerUnavailable: true, answerSkipped: false };
}

/** Spec 001 §4: skipping clears unavailable and the answer; unskipping keeps it empty. */
export function markAnswerSkipped(answer: Answer, isSkipped = true): Answer {
  if (!isSkipped) return { ...answer, answerSkipped: false };
  return { ...clearAnswerValue(answer), answerSkipped: true, answerUnavailable: false };
}

/**
 * Spec 001 §4: questions hidden by show rules are reset (value and flags), and chosen
 * possibilities hidden by possibility rules are removed. Idempotent.
 */
export function resetHiddenAnswers(
  form: Pick<FormTemplate, 'questions'>,
  answers: readonly Answer[],
  visibility: FormVisibility = evaluateFormVisibility(form, answers),
): Answer[] {
  const hiddenQuestions = new Set(visibility.hiddenQuestions);
  const hiddenPossibilities = new Set(visibility.hiddenPossibilities);
  return answers.map((a) => {
    if (hiddenQuestions.has(a.question)) {
      return { ...clearAnswerValue(a), answerUnavailable: false, answerSkipped: false };
    }
    const kept = a.possibilities.filter((p) => !hiddenPossibilities.has(p));
    return kept.length === a.possibilities.length ? a : { ...a, possibilities: kept };
  });
}

/** Rows currently shown in a dynamic table answer: at least one, and every row that holds a cell. */
export function countTableRows(answer: Answer): number {
  const lastCellRow = answer.tableCells.reduce((max, c) => Math.max(max, c.row + 1), 0);
  return Math.max(answer.visibleRowIndex ?? 1, lastCellRow, 1);
}

/** Spec 001 §4: a dynamic table row can be added up to the maximum row count (default 10). */
export function canAddTableRow(question: Question, answer: Answer): boolean {
  return question.dynamicTable && countTableRows(answer) < resolveTableMaxRows(question);
}

/** Spec 001 §4: adds a row to a dynamic table; unchanged at the maximum. */
export function addTableRow(question: Question, answer: Answer): Answer {
  if (!canAddTableRow(question, answer)) return answer;
  return { ...answer, visibleRowIndex: countTableRows(answer) + 1 };
}

/** Spec 001 §4: removing or clearing a row asks for confirmation when the row holds answers. */
export function tableRowHasAnswers(answer: Answer, row: number): boolean {
  return answer.tableCells.some((c) => c.row === row && c.value.trim() !== '');
}

/** Spec 001 §4: clears the cells of one table row, keeping the row. */
export function clearTableRow(answer: Answer, row: number): Answer {
  return { ...answer, tableCells: answer.tableCells.filter((c) => c.row !== row) };
}

/** Spec 001 §4: removes a dynamic table row; later rows move up; one row always remains. */
export function removeTableRow(answer: Answer, row: number): Answer {
  const rows = countTableRows(answer);
  if (row < 0 || row >= rows) return answer;
  const tableCells = answer.tableCells
    .filter((c) => c.row !== row)
    .map((c) => (c.row > row ? { ...c, row: c.row - 1 } : c));
  return { ...answer, tableCells, visibleRowIndex: Math.max(rows - 1, 1) };
}

/**
 * Spec 001 §4: single-question fill-out order: question ids by order, skipping questions hidden
 * by show rules, hidden from subjects, of a reference type, or not visible in public.
 */
export function fillOrder(form: Pick<FormTemplate, 'questions'>, answers: readonly Answer[]): string[] {
  const hidden = new Set(evaluateFormVisibility(form, answers).hiddenQuestions);
  return sortQuestionsByOrder(form.questions)
    .filter((q) => !hidden.has(q.id) && !isReferenceQuestionType(q.type) && isQuestionAskedIn(q, 'public'))
    .map((q) => q.id);
}

/** Spec 001 §4: the question after `currentId` in single-question fill-out (the first when null). */
export function nextQuestion(
  form: Pick<FormTemplate, 'questions'>,
  answers: readonly Answer[],
  currentId: string | null,
): string | null {
  return stepQuestion(form, answers, currentId, 1);
}

/** Spec 001 §4: the question before `currentId` in single-question fill-out (null at the start). */
export function previousQuestion(
  form: Pick<FormTemplate, 'questions'>,
  answers: readonly Answer[],
  currentId: string,
): string | null {
  return stepQuestion(form, answers, currentId, -1);
}

function stepQuestion(
  form: Pick<FormTemplate, 'questions'>,
  answers: readonly Answer[],
  currentId: string | null,
  direction: 1 | -1,
): string | null {
  const order = fillOrder(form, answers);
  if (currentId === null) return direction === 1 ? (order[0] ?? null) : null;
  // The current question may itself have become hidden: step by position in the form.
  const orderOf = new Map(form.questions.map((q) => [q.id, q.order]));
  const current = orderOf.get(currentId);
  if (current === undefined) return null;
  const candidates = direction === 1 ? order : [...order].reverse();
  return (
    candidates.find((id) => {
      const o = orderOf.get(id) ?? 0;
      return direction === 1 ? o > current : o < current;
    }) ?? null
  );
}
