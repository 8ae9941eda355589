/**
 * Answer validation for staff and public fill (spec 001 §5 "Answers", spec 002 §5 "Fill answers").
 * Validation rules (BLOCK/WARNING/QUERY) and calculated formulas are evaluated elsewhere.
 */
import { assertNever } from '../common/assert';
import type { FieldIssue } from '../common/errors';
import { createEmptyAnswer, hasAnswerValue } from '../questionnaires/answer-kinds';
import type { Answer } from '../questionnaires/model';
import { ANSWER_MESSAGES } from './answer-messages';
import { resolveTableMaxRows, sortQuestionsByOrder } from './form-constants';
import type { FormTemplate, Question, TableColumn } from './model';
import { evaluateFormVisibility } from './show-rule-visibility';
import { validateUpload } from './upload-validation';
import { validateScalarValue } from './value-validation';

export type AnswerValidationContext = {
  /** UI only: min/max of a NUMBER is reported once the field was touched. The server leaves it unset (true). */
  isTouched?: boolean;
  /** The form is an inclusion form (spec 001 §3 Form.inclusion): inclusion possibilities are enforced. */
  isInclusionForm?: boolean;
  /** Public fill (spec 002): subject-hidden and non-public questions are not asked, so not validated. */
  audience?: 'staff' | 'public';
};

const SINGLE_CHOICE_TYPES: readonly string[] = ['MULTIPLE_CHOICE', 'YES_NO', 'SMILEY'];

function validateChoices(question: Question, answer: Answer, ctx: AnswerValidationContext): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const known = new Map(question.possibilities.map((p) => [p.id, p]));
  const seen = new Set<string>();
  answer.possibilities.forEach((pid, i) => {
    if (!known.has(pid) || seen.has(pid)) {
      issues.push({
        path: ['possibilities', i],
        message: ANSWER_MESSAGES.VALID,
        params: { field: 'possibility' },
      });
    }
    seen.add(pid);
  });
  const count = seen.size;
  if (SINGLE_CHOICE_TYPES.includes(question.type) && count > 1) {
    issues.push({ path: ['possibilities'], message: ANSWER_MESSAGES.SINGLE_ANSWER });
  }
  if (question.type === 'MULTIPLE_RESPONSE') {
    if (question.minAnswer != null && count < question.minAnswer) {
      issues.push({
        path: ['possibilities'],
        message: ANSWER_MESSAGES.MIN_ANSWERS,
        params: { min: question.minAnswer },
      });
    }
    if (question.maxAnswer != null && count > question.maxAnswer) {
      issues.push({
        path: ['possibilities'],
        message: ANSWER_MESSAGES.MAX_ANSWERS,
        params: { max: question.maxAnswer },
      });
    }
  }
  const isInclusionQuestion =
    ctx.isInclusionForm === true && question.possibilities.some((p) => p.reqForInclusion);
  if (isInclusionQuestion && [...seen].some((pid) => known.get(pid)?.reqForInclusion !== true)) {
    issues.push({ path: ['possibilities'], message: ANSWER_MESSAGES.INCLUSION });
  }
  return issues;
}

function validateTable(question: Question, answer: Answer): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const columns = new Map<string, TableColumn>(question.tableCol.map((c) => [c.id, c]));
  const rowLimit = question.dynamicTable ? resolveTableMaxRows(question) : question.tableRow.length;
  const seen = new Set<string>();
  answer.tableCells.forEach((cell, i) => {
    const column = columns.get(cell.col);
    const key = `${cell.row}:${cell.col}`;
    if (!column || seen.has(key)) {
      issues.push({
        path: ['tableCells', i, 'col'],
        message: ANSWER_MESSAGES.VALID,
        params: { field: 'column' },
      });
    } else if (cell.row >= rowLimit) {
      issues.push({
        path: ['tableCells', i, 'row'],
        message: ANSWER_MESSAGES.TABLE_ROW_LIMIT,
        params: { max: rowLimit },
      });
    } else if (cell.value.trim() !== '') {
      const settings = { floatingNumber: column.floatingNumber };
      issues.push(...validateScalarValue(column.type, cell.value, ['tableCells', i, 'value'], settings));
    }
    seen.add(key);
  });
  return issues;
}

/**
 * Issue 21 item 4: a medication reference answer names each medication record once (a second
 * mention is refused on its own path). That the ids are the subject's own records is the server's
 * check (it reads them).
 */
function validateMedicationRefs(answer: Answer): FieldIssue[] {
  return answer.medicationRefs.flatMap((id, index) =>
    answer.medicationRefs.indexOf(id) === index
      ? []
      : [{ path: ['medicationRefs', index], message: ANSWER_MESSAGES.DUPLICATE_ANSWER }],
  );
}

function validateValue(question: Question, answer: Answer, ctx: AnswerValidationContext): FieldIssue[] {
  const { type } = question;
  switch (type) {
    case 'CHECKBOX':
    case 'NUMBER':
    case 'TEXT_SENTENCE':
    case 'TEXT_FREE':
    case 'TIME':
    case 'DATE':
    case 'DATE_TIME':
    case 'TIME_DURATION':
    case 'SLIDER':
    case 'CALCULATED':
      return validateScalarValue(
        type,
        answer.answerStrings[0] ?? '',
        ['answerStrings', 0],
        question,
        ctx.isTouched,
      );
    case 'YES_NO':
    case 'MULTIPLE_CHOICE':
    case 'MULTIPLE_RESPONSE':
    case 'SMILEY':
      return validateChoices(question, answer, ctx);
    case 'TABLE':
      return validateTable(question, answer);
    case 'IMAGE':
      return answer.images.flatMap((f, i) =>
        validateUpload(f, 'ANSWER_IMAGE').map((x) => ({ ...x, path: ['images', i, ...x.path] })),
      );
    case 'FILE':
      return answer.files.flatMap((f, i) =>
        validateUpload(f, 'ANSWER_FILE').map((x) => ({ ...x, path: ['files', i, ...x.path] })),
      );
    case 'MEDICATION_REF':
      return validateMedicationRefs(answer);
    case 'AE_REF':
    case 'AE_2_REF':
    case 'UNSCHEDULED_EVENT_REF':
    case 'INFORMATION':
      return [];
    default:
      return assertNever(type);
  }
}

/**
 * Spec 001 §5 / 002 §5: one answer against its question. Unavailable suspends the check;
 * a required question is invalid when unanswered unless unavailable or skipped; empty is fine otherwise.
 */
export function validateAnswer(
  question: Question,
  answer: Answer | undefined,
  ctx: AnswerValidationContext = {},
): FieldIssue[] {
  if (question.type === 'INFORMATION') return [];
  const a = answer ?? createEmptyAnswer(question.id);
  const issues: FieldIssue[] = [];
  if (a.answerUnavailable && a.answerSkipped) {
    issues.push({ path: ['answerSkipped'], message: ANSWER_MESSAGES.UNAVAILABLE_AND_SKIPPED });
  }
  if (a.answerSkipped && !question.canSkip) {
    issues.push({ path: ['answerSkipped'], message: ANSWER_MESSAGES.SKIP_NOT_ALLOWED });
  }
  if (a.answerUnavailable || a.answerSkipped) return issues;
  if (!hasAnswerValue(question.type, a)) {
    // CALCULATED answers are computed, never typed: an empty result is not a missing answer.
    const isRequired = question.required && question.type !== 'CALCULATED';
    return isRequired ? [...issues, { path: [], message: ANSWER_MESSAGES.REQUIRED }] : issues;
  }
  return [...issues, ...validateValue(question, a, ctx)];
}

/** Whether a question is asked at all in this audience (spec 002: subject-hidden and non-public ones are not). */
export function isQuestionAskedIn(question: Question, audience: 'staff' | 'public'): boolean {
  return audience === 'staff' || (!question.hideFromSubjects && question.visibleInPublic);
}

/** What a caller that already knows them can hand `validateAnswers` (the renderer, once per keystroke). */
export type ValidateAnswersOptions = {
  /** The questions hidden by show rules, as `evaluateFormVisibility(form, answers)` gives them. */
  hiddenQuestions?: ReadonlySet<string>;
  /** The check of one answer: `validateAnswer`, or a memo of it (same results for the same inputs). */
  validate?: typeof validateAnswer;
};

/**
 * Spec 001 §5 / 002 §5: every answer of a form, with paths `['answers', questionId, ...]`.
 * Questions hidden by show rules are not validated (they are reset, spec 001 §4).
 */
export function validateAnswers(
  form: Pick<FormTemplate, 'questions' | 'inclusion'>,
  answers: readonly Answer[],
  ctx: AnswerValidationContext = {},
  options: ValidateAnswersOptions = {},
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const questionIds = new Set(form.questions.map((q) => q.id));
  const byQuestion = new Map<string, Answer>();
  for (const a of answers) {
    if (!questionIds.has(a.question)) {
      issues.push({ path: ['answers', a.question], message: ANSWER_MESSAGES.UNKNOWN_QUESTION });
    } else if (byQuestion.has(a.question)) {
      issues.push({ path: ['answers', a.question], message: ANSWER_MESSAGES.DUPLICATE_ANSWER });
    } else {
      byQuestion.set(a.question, a);
    }
  }
  const hidden = options.hiddenQuestions ?? new Set(evaluateFormVisibility(form, answers).hiddenQuestions);
  const validate = options.validate ?? validateAnswer;
  const audience = ctx.audience ?? 'staff';
  const questionCtx = { ...ctx, isInclusionForm: ctx.isInclusionForm ?? form.inclusion };
  for (const q of sortQuestionsByOrder(form.questions)) {
    if (hidden.has(q.id) || !isQuestionAskedIn(q, audience)) continue;
    for (const issue of validate(q, byQuestion.get(q.id), questionCtx)) {
      issues.push({ ...issue, path: ['answers', q.id, ...issue.path] });
    }
  }
  return issues;
}
