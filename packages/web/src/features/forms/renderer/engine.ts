/**
 * One pass of the domain engine per change (issue 5 item 7, spec 001 §4-§5, 002 §4-§5):
 * visibility from show rules, answer validation, validation rules, calculated values and
 * the score. Pure (no React), so the bench measures exactly what the renderer runs.
 */
import {
  type Answer,
  type EngineAnswer,
  evaluateCalculatedQuestion,
  evaluateFormVisibility,
  evaluateValidationRules,
  type FieldIssue,
  type FiredValidationRule,
  type FormTemplate,
  formScore,
  isQuestionAskedIn,
  type Question,
  sortQuestionsByOrder,
  type ValidationRule,
  validateAnswer,
  validateAnswers,
} from '@trialbase/domain';

export type RendererAudience = 'staff' | 'public';

/** What one question shows besides its answer. Objects are reused while unchanged (memoised rows). */
export type QuestionView = {
  issues: FieldIssue[];
  fired: FiredValidationRule[];
  hiddenPossibilities: string[];
  calculated: number | null;
};

export type FormEngineResult = {
  /** Questions shown, in order: asked in this audience and not hidden by show rules. */
  shown: Question[];
  views: ReadonlyMap<string, QuestionView>;
  score: number | null;
  /** Questions with an answer issue or a fired BLOCK rule. */
  invalidCount: number;
};

const EMPTY_VIEW: QuestionView = { issues: [], fired: [], hiddenPossibilities: [], calculated: null };

/** Answers keyed by question id, the shape formulas and validation rules read. */
export function toEngineAnswers(answers: readonly Answer[]): Record<string, EngineAnswer> {
  const byQuestion: Record<string, EngineAnswer> = {};
  for (const answer of answers) byQuestion[answer.question] = answer;
  return byQuestion;
}

function sameView(a: QuestionView, b: QuestionView): boolean {
  if (a === b) return true;
  return (
    a.calculated === b.calculated &&
    JSON.stringify([a.issues, a.fired, a.hiddenPossibilities]) ===
      JSON.stringify([b.issues, b.fired, b.hiddenPossibilities])
  );
}

/**
 * Each question's last check: a keystroke changes one answer, and the answers it did not change
 * keep their identity (the renderer's `handleAnswer`), so the other questions' issues are reused
 * instead of checked again (a 300-question form: one check per keystroke, not 270). The check is
 * pure; the key is everything it reads.
 */
type LastCheck = {
  answer: Answer | undefined;
  audience: 'staff' | 'public' | undefined;
  isInclusionForm: boolean | undefined;
  isTouched: boolean | undefined;
  issues: FieldIssue[];
};
const lastChecks = new WeakMap<Question, LastCheck>();
const validateAnswerOnce: typeof validateAnswer = (question, answer, ctx = {}) => {
  const last = lastChecks.get(question);
  if (
    last &&
    last.answer === answer &&
    last.audience === ctx.audience &&
    last.isInclusionForm === ctx.isInclusionForm &&
    last.isTouched === ctx.isTouched
  ) {
    return last.issues;
  }
  const issues = validateAnswer(question, answer, ctx);
  lastChecks.set(question, {
    answer,
    audience: ctx.audience,
    isInclusionForm: ctx.isInclusionForm,
    isTouched: ctx.isTouched,
    issues,
  });
  return issues;
};

/** The form's questions in order, sorted once per form document. */
const sortedQuestions = new WeakMap<readonly Question[], Question[]>();
function inOrder(questions: readonly Question[]): Question[] {
  let sorted = sortedQuestions.get(questions);
  if (!sorted) {
    sorted = sortQuestionsByOrder(questions);
    sortedQuestions.set(questions, sorted);
  }
  return sorted;
}

/**
 * Runs the engine over the whole form once. `previous` lets unchanged question views keep
 * their identity, so memoised question rows do not re-render (the 200-question must-show).
 */
export function computeFormEngine(
  form: FormTemplate,
  rules: readonly ValidationRule[],
  answers: readonly Answer[],
  options: { audience: RendererAudience; now: Date; timeZone?: string },
  previous?: ReadonlyMap<string, QuestionView>,
): FormEngineResult {
  const visibility = evaluateFormVisibility(form, answers);
  const hidden = new Set(visibility.hiddenQuestions);
  const hiddenPossibilities = new Set(visibility.hiddenPossibilities);
  const visibleById: Record<string, boolean> = {};
  for (const q of form.questions) visibleById[q.id] = !hidden.has(q.id);
  const engineAnswers = toEngineAnswers(answers);

  const issuesByQuestion = new Map<string, FieldIssue[]>();
  const checks = validateAnswers(
    form,
    answers,
    { audience: options.audience },
    { hiddenQuestions: hidden, validate: validateAnswerOnce },
  );
  for (const issue of checks) {
    const questionId = String(issue.path[1]);
    const list = issuesByQuestion.get(questionId) ?? [];
    list.push({ ...issue, path: issue.path.slice(2) });
    issuesByQuestion.set(questionId, list);
  }
  const ruleResults = evaluateValidationRules(form, rules, engineAnswers, {
    now: options.now,
    visibility: visibleById,
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  });

  const shown = inOrder(form.questions).filter(
    (q) => !hidden.has(q.id) && isQuestionAskedIn(q, options.audience),
  );
  const views = new Map<string, QuestionView>();
  let invalidCount = 0;
  for (const q of shown) {
    const view: QuestionView = {
      issues: issuesByQuestion.get(q.id) ?? [],
      fired: ruleResults[q.id]?.fired ?? [],
      hiddenPossibilities: q.possibilities.filter((p) => hiddenPossibilities.has(p.id)).map((p) => p.id),
      calculated: q.type === 'CALCULATED' ? evaluateCalculatedQuestion(form, q, engineAnswers) : null,
    };
    if (view.issues.length > 0 || ruleResults[q.id]?.isValid === false) invalidCount += 1;
    const before = previous?.get(q.id);
    const isEmpty = view.issues.length + view.fired.length + view.hiddenPossibilities.length === 0;
    const stable = isEmpty && view.calculated === null ? EMPTY_VIEW : view;
    views.set(q.id, before && sameView(before, stable) ? before : stable);
  }
  const score = form.score ? formScore(form, engineAnswers, visibleById) : null;
  return { shown, views, score, invalidCount };
}
