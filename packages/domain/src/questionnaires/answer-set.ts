/**
 * Server-side rebuild and check of a submitted answer set (spec 001 §4 answer rules, §5 answers and
 * validation rules; DESIGN.md "the server never trusts the client's verdict"), plus the pure helpers
 * of the change log: which answers changed, and their values in words.
 */
import type { FieldIssue } from '../common/errors';
import type { LocalizedText } from '../common/languages';
import { ANSWER_MESSAGES } from '../forms/answer-messages';
import { isQuestionAskedIn, validateAnswer } from '../forms/answer-validation';
import { deriveFormStatus } from '../forms/form-status';
import { type FormStatus, type FormTemplate, type Question, sortQuestionsByOrder } from '../forms/model';
import { collectShowRules, evaluateVisibility, type FormShowRule } from '../forms/show-rules';
import { evaluateCalculatedQuestion, formScore } from '../formulas/evaluate';
import { collectEmbeddedRules } from '../rules/embedded';
import { evaluateValidationRules, type RuleEvaluationContext } from '../rules/evaluate';
import type { RuleActionType, ValidationRule } from '../rules/model';
import { type Answer, createEmptyAnswer, hasAnswerValue } from './model';

/** Message keys of a tampered submission (an answer the form version cannot hold). */
export const ANSWER_SET_MESSAGES = {
  HIDDEN_QUESTION: 'PUBLIC.VALIDATION.HIDDEN_QUESTION',
  HIDDEN_POSSIBILITY: 'PUBLIC.VALIDATION.HIDDEN_POSSIBILITY',
  RULE_VIOLATION: 'VALIDATION_RULE_VIOLATION',
} as const;

export type AnswerSetCheckInput = {
  /** The form at the version the enrollment is tagged with. */
  form: FormTemplate;
  answers: readonly Answer[];
  /** Final submit: required questions must be answered. A draft only checks the values given. */
  isFinal: boolean;
  /** Show rules of the study's reference rules page that target this form (spec 001 §2). */
  referenceShowRules?: readonly FormShowRule[];
  /** Stand-alone validation rules on this form; the form's embedded rules are added here. */
  validationRules?: readonly ValidationRule[];
  ruleContext: RuleEvaluationContext;
  /** Statuses of the queries on this answer set (for the form status). */
  queryStatuses?: readonly string[];
  /** Spec 002: a participant (`public`) is not asked subject-hidden or non-public questions. Default staff. */
  audience?: 'staff' | 'public';
  /** Spec 001 §4: the token has missingData, so the form status is missing data. */
  isTokenMissingData?: boolean;
};

/** A WARNING or QUERY rule that fired (BLOCK rules are reported as blocking issues). */
export type FiredRule = {
  questionId: string;
  ruleId: string | null;
  action: RuleActionType;
  message: LocalizedText;
  limit: string | null;
};

export type AnswerSetCheck = {
  /** The rebuilt answers: ids and verification flags dropped, hidden ones reset, calculated recomputed. */
  answers: Answer[];
  /** Answer errors and tampering, paths `['answers', questionId, ...]`. */
  issues: FieldIssue[];
  /** BLOCK rules that fired, paths `['answers', questionId]`. */
  blockingIssues: FieldIssue[];
  fired: FiredRule[];
  hiddenQuestions: string[];
  score: number | null;
  status: FormStatus;
};

function holdsAnything(question: Question, answer: Answer): boolean {
  return answer.answerUnavailable || answer.answerSkipped || hasAnswerValue(question.type, answer);
}

/** Drops what only the server sets (ids, verification), keeping the submitted value. */
function stripServerFields(answer: Answer): Answer {
  const { id: _id, ...rest } = answer;
  return { ...rest, verification: false, secondaryVerification: false };
}

/** Spec 001 §5 CALCULATED: recomputed in question order from the other answers; a null result clears it. */
function recomputeCalculated(form: FormTemplate, byQuestion: Map<string, Answer>): void {
  for (const q of sortQuestionsByOrder(form.questions)) {
    if (q.type !== 'CALCULATED') continue;
    const value = evaluateCalculatedQuestion(form, q, Object.fromEntries(byQuestion));
    const base = byQuestion.get(q.id) ?? createEmptyAnswer(q.id);
    byQuestion.set(q.id, {
      ...base,
      answerStrings: value === null ? [] : [String(value)],
      answerUnavailable: false,
      answerSkipped: false,
    });
  }
}

/**
 * Spec 001 §4 and §5: rebuilds a submitted answer set against its form version and checks it.
 * Refused (issues): answers to questions not in the form, duplicates, values or markers on questions or
 * possibilities hidden by show rules (the client resets them, so only a tampered request sends them),
 * invalid values; on a final submit also unanswered required questions. BLOCK rules give
 * `blockingIssues`; WARNING and QUERY rules are returned in `fired`.
 */
export function checkAnswerSet(input: AnswerSetCheckInput): AnswerSetCheck {
  const { form } = input;
  const audience = input.audience ?? 'staff';
  const questions = new Map(form.questions.map((q) => [q.id, q]));
  const issues: FieldIssue[] = [];
  const byQuestion = new Map<string, Answer>();
  for (const raw of input.answers) {
    const question = questions.get(raw.question);
    if (!question) {
      issues.push({ path: ['answers', raw.question], message: ANSWER_MESSAGES.UNKNOWN_QUESTION });
    } else if (byQuestion.has(raw.question)) {
      issues.push({ path: ['answers', raw.question], message: ANSWER_MESSAGES.DUPLICATE_ANSWER });
    } else if (!isQuestionAskedIn(question, audience)) {
      // Not shown to this filler: only a tampered request answers it.
      if (holdsAnything(question, raw)) {
        issues.push({ path: ['answers', raw.question], message: ANSWER_SET_MESSAGES.HIDDEN_QUESTION });
      }
    } else if (question.type !== 'INFORMATION') {
      byQuestion.set(raw.question, stripServerFields(raw));
    }
  }
  const rules = [...collectShowRules(form), ...(input.referenceShowRules ?? [])];
  let visibility = evaluateVisibility(form, rules, [...byQuestion.values()]);
  const hiddenQuestions = new Set(visibility.hiddenQuestions);
  const hiddenPossibilities = new Set(visibility.hiddenPossibilities);
  for (const [questionId, answer] of byQuestion) {
    const question = questions.get(questionId);
    if (!question || question.type === 'CALCULATED') continue;
    if (hiddenQuestions.has(questionId)) {
      if (holdsAnything(question, answer)) {
        issues.push({ path: ['answers', questionId], message: ANSWER_SET_MESSAGES.HIDDEN_QUESTION });
      }
      byQuestion.set(questionId, {
        ...createEmptyAnswer(questionId, answer.timeZone),
        comment: answer.comment,
      });
      continue;
    }
    answer.possibilities.forEach((pid, i) => {
      if (hiddenPossibilities.has(pid)) {
        issues.push({
          path: ['answers', questionId, 'possibilities', i],
          message: ANSWER_SET_MESSAGES.HIDDEN_POSSIBILITY,
        });
      }
    });
  }
  recomputeCalculated(form, byQuestion);
  const answers = [...byQuestion.values()];
  visibility = evaluateVisibility(form, rules, answers);
  const hidden = new Set(visibility.hiddenQuestions);
  for (const q of sortQuestionsByOrder(form.questions)) {
    if (hidden.has(q.id) || !isQuestionAskedIn(q, audience)) continue;
    for (const issue of validateAnswer(q, byQuestion.get(q.id), { isInclusionForm: form.inclusion })) {
      if (!input.isFinal && issue.message === ANSWER_MESSAGES.REQUIRED) continue;
      issues.push({ ...issue, path: ['answers', q.id, ...issue.path] });
    }
  }
  const shown = Object.fromEntries(form.questions.map((q) => [q.id, !hidden.has(q.id)]));
  const engineAnswers = Object.fromEntries(byQuestion);
  const ruleResults = evaluateValidationRules(
    form,
    [...collectEmbeddedRules(form), ...(input.validationRules ?? [])],
    engineAnswers,
    { ...input.ruleContext, visibility: shown },
  );
  const blockingIssues: FieldIssue[] = [];
  const fired: FiredRule[] = [];
  for (const [questionId, result] of Object.entries(ruleResults)) {
    for (const rule of result.fired) {
      if (rule.isBlocking) {
        blockingIssues.push({
          path: ['answers', questionId],
          message: ANSWER_SET_MESSAGES.RULE_VIOLATION,
          params: {
            ...(rule.ruleId ? { ruleId: rule.ruleId } : {}),
            ...(rule.limit !== null ? { limit: rule.limit } : {}),
          },
        });
      } else {
        const { ruleId, action, message, limit } = rule;
        fired.push({ questionId, ruleId, action, message, limit });
      }
    }
  }
  return {
    answers,
    issues,
    blockingIssues,
    fired,
    hiddenQuestions: visibility.hiddenQuestions,
    score: form.score ? formScore(form, engineAnswers, shown) : null,
    status: deriveFormStatus({
      form,
      answers,
      queryStatuses: input.queryStatuses ?? [],
      audience,
      isTokenMissingData: input.isTokenMissingData ?? false,
    }),
  };
}

const VALUE_FIELDS = [
  'answerStrings',
  'possibilities',
  'aeRefs',
  'medicationRefs',
  'unscheduledEventRefs',
  'images',
  'files',
  'comment',
  'answerUnavailable',
  'answerSkipped',
  'visibleRowIndex',
  'tableCells',
  'tableCol',
  'tableRow',
] as const satisfies readonly (keyof Answer)[];

/** The value of an answer as the change log compares it (no id, time zone or verification). */
export function answerValueOf(
  answer: Answer | null | undefined,
): Pick<Answer, (typeof VALUE_FIELDS)[number]> {
  const a = answer ?? createEmptyAnswer('');
  return {
    answerStrings: a.answerStrings,
    possibilities: a.possibilities,
    aeRefs: a.aeRefs,
    medicationRefs: a.medicationRefs,
    unscheduledEventRefs: a.unscheduledEventRefs,
    images: a.images,
    files: a.files,
    comment: a.comment ?? null,
    answerUnavailable: a.answerUnavailable,
    answerSkipped: a.answerSkipped,
    visibleRowIndex: a.visibleRowIndex ?? null,
    tableCells: a.tableCells,
    tableCol: a.tableCol,
    tableRow: a.tableRow,
  };
}

/**
 * Whether two JSON values are the same, the order of object members aside (an undefined member counts
 * as absent, as in JSON). Walks them instead of writing both out (issue 16: every save compares each
 * answer it writes).
 */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i += 1) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let members = 0;
  for (const key of Object.keys(left)) {
    if (left[key] === undefined) continue;
    members += 1;
    if (!sameJson(left[key], right[key])) return false;
  }
  for (const key of Object.keys(right)) if (right[key] !== undefined) members -= 1;
  return members === 0;
}

/** One changed answer: its question and the answer before and after (null when there was none). */
export type AnswerChange = { questionId: string; before: Answer | null; after: Answer | null };

/**
 * Spec 001 §2 change log / DESIGN.md audit trail: the answers whose value differs, in the order of
 * `after` then removed ones. A missing answer equals an empty one, so adding an empty answer is no change.
 */
export function diffAnswers(before: readonly Answer[], after: readonly Answer[]): AnswerChange[] {
  const old = new Map(before.map((a) => [a.question, a]));
  const next = new Map(after.map((a) => [a.question, a]));
  const ids = [...new Set([...next.keys(), ...old.keys()])];
  const changes: AnswerChange[] = [];
  for (const questionId of ids) {
    const b = old.get(questionId) ?? null;
    const a = next.get(questionId) ?? null;
    if (!sameJson(answerValueOf(b), answerValueOf(a))) {
      changes.push({ questionId, before: b, after: a });
    }
  }
  return changes;
}

function pick(text: LocalizedText | undefined, language: string): string {
  const all = (text ?? {}) as Record<string, string | undefined>;
  return all[language] ?? Object.values(all).find((v) => v) ?? '';
}

/**
 * Spec 001 §2 change log: an answer's value in words (possibility labels in `language`, table cells as
 * `row/col=value`), `unavailable` / `skipped` for the markers, null when there is no value.
 */
export function describeAnswer(
  question: Question | undefined,
  answer: Answer | null | undefined,
  language: string,
): string | null {
  if (!answer) return null;
  if (answer.answerUnavailable) return 'unavailable';
  if (answer.answerSkipped) return 'skipped';
  const parts: string[] = [];
  for (const s of answer.answerStrings) if (s.trim() !== '') parts.push(s);
  for (const pid of answer.possibilities) {
    const p = question?.possibilities.find((x) => x.id === pid);
    parts.push(p ? pick(p.possibility, language) || pid : pid);
  }
  for (const c of answer.tableCells) if (c.value.trim() !== '') parts.push(`${c.row}/${c.col}=${c.value}`);
  for (const f of [...answer.images, ...answer.files]) parts.push(f.fileName);
  parts.push(...answer.aeRefs, ...answer.medicationRefs, ...answer.unscheduledEventRefs);
  return parts.length === 0 ? null : parts.join(', ');
}
