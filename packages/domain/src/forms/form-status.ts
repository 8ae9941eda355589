/**
 * Form status derivation (spec 001 §4 "Form status", spec 002 §4 "Form status from answers";
 * DESIGN.md: a token with missingData gives STATUS_MISSING_DATA).
 */
import { type Answer, hasAnswerValue } from '../questionnaires/model';
import { isQuestionAskedIn } from './answer-validation';
import {
  type FormStatus,
  type FormTemplate,
  type Question,
  REVIEW_FORM_STATUSES,
  type ReviewFormStatus,
} from './model';
import { evaluateFormVisibility } from './show-rules';

/** Query statuses that keep a form in STATUS_QUERY (spec 001 §4: open or responded). */
export const ACTIVE_QUERY_STATUSES = ['OPEN', 'RESPONDED'] as const;

export type FormStatusInput = {
  form: Pick<FormTemplate, 'questions'>;
  answers: readonly Answer[];
  /** Statuses of the queries on this answer set's questions (OPEN, RESPONDED, CLOSED). */
  queryStatuses?: readonly string[];
  /** The token was marked missingData (e.g. it expired unfilled). */
  isTokenMissingData?: boolean;
  /** Who fills the form: subjects are not asked subject-hidden or non-public questions. */
  audience?: 'staff' | 'public';
};

function holdsAnything(a: Answer, questions: Map<string, Question>): boolean {
  const q = questions.get(a.question);
  return a.answerUnavailable || a.answerSkipped || (q !== undefined && hasAnswerValue(q.type, a));
}

/**
 * Spec 001 §4: query overrides all; a missingData token gives missing data; no answers is not
 * started; all required visible questions answered (or skipped) is completed; when every
 * required unanswered one is marked unavailable it is missing data; otherwise incomplete.
 */
export function deriveFormStatus(input: FormStatusInput): FormStatus {
  const { form, answers } = input;
  if ((input.queryStatuses ?? []).some((s) => (ACTIVE_QUERY_STATUSES as readonly string[]).includes(s))) {
    return 'STATUS_QUERY';
  }
  if (input.isTokenMissingData) return 'STATUS_MISSING_DATA';
  const questions = new Map(form.questions.map((q) => [q.id, q]));
  if (!answers.some((a) => holdsAnything(a, questions))) return 'STATUS_NOT_STARTED';

  const hidden = new Set(evaluateFormVisibility(form, answers).hiddenQuestions);
  const byQuestion = new Map(answers.map((a) => [a.question, a]));
  const audience = input.audience ?? 'staff';
  let unavailable = 0;
  for (const q of form.questions) {
    const isRequiredVisible =
      q.required &&
      q.type !== 'INFORMATION' &&
      q.type !== 'CALCULATED' &&
      !hidden.has(q.id) &&
      isQuestionAskedIn(q, audience);
    if (!isRequiredVisible) continue;
    const a = byQuestion.get(q.id);
    if (a?.answerSkipped || hasAnswerValue(q.type, a)) continue;
    if (a?.answerUnavailable) unavailable += 1;
    else return 'STATUS_INCOMPLETE';
  }
  return unavailable > 0 ? 'STATUS_MISSING_DATA' : 'STATUS_COMPLETED';
}

/**
 * Spec 001 §4, 002 §4: the status to show for a stored (or absent) answer set of a token: an
 * active query still wins; a token marked missingData gives missing data whatever was saved.
 * Stored statuses were derived at save time; the flag may have been set on the token since.
 */
export function formStatusForToken(stored: FormStatus | null, isTokenMissingData: boolean): FormStatus {
  if (stored === 'STATUS_QUERY') return stored;
  if (isTokenMissingData) return 'STATUS_MISSING_DATA';
  return stored ?? 'STATUS_NOT_STARTED';
}

/** Spec 001 §4: review statuses exclude not-started. */
export function isReviewFormStatus(status: FormStatus): status is ReviewFormStatus {
  return (REVIEW_FORM_STATUSES as readonly string[]).includes(status);
}
