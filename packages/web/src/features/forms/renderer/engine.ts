/**
 * One pass of the domain engine per change (issue 5 item 7, spec 001 §4-§5, 002 §4-§5):
 * visibility from show rules, answer validation, validation rules, calculated values and
 * the score. Pure (no React), so the bench measures exactly what the renderer runs.
 */
import {
  type Answer,
  type EngineAnswer,
  evaluateCalculatedQuestion,
  evaluateValidationRules,
  type FieldIssue,
  type FiredValidationRule,
  type FormTemplate,
  type FormVisibility,
  formScore,
  isQuestionAskedIn,
  type Question,
  type QuestionRuleResult,
  sortQuestionsByOrder,
  type ValidationRule,
  validateAnswer,
  validateAnswers,
} from '@trialbase/domain';
import {
  answersByQuestion,
  changedQuestions,
  formInputsOf,
  formVisibility,
  ruleInputsOf,
  touches,
} from './engine-inputs';

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
export function inOrder(questions: readonly Question[]): Question[] {
  let sorted = sortedQuestions.get(questions);
  if (!sorted) {
    sorted = sortQuestionsByOrder(questions);
    sortedQuestions.set(questions, sorted);
  }
  return sorted;
}

/** What the last run computed, for the next run's reuse (keyed by the views map it returned). */
type EngineState = {
  form: FormTemplate;
  rules: readonly ValidationRule[];
  audience: RendererAudience;
  timeZone: string | undefined;
  answers: ReadonlyMap<string, Answer>;
  visibility: FormVisibility;
  visibleById: Record<string, boolean>;
  shown: Question[];
  ruleResults: Record<string, QuestionRuleResult>;
  calculated: ReadonlyMap<string, number | null>;
  score: number | null;
};
const engineStates = new WeakMap<ReadonlyMap<string, QuestionView>, EngineState>();

/**
 * Runs the engine over the form. `previous` (the last result's views) lets unchanged question views
 * keep their identity, so memoised question rows do not re-render (the 200-question must-show), and
 * lets each part of the engine reuse its last result when the answers that changed are none it reads
 * (engine-inputs.ts): a keystroke in a free-text question checks that one answer and nothing else.
 */
export function computeFormEngine(
  form: FormTemplate,
  rules: readonly ValidationRule[],
  answers: readonly Answer[],
  options: { audience: RendererAudience; now: Date; timeZone?: string },
  previous?: ReadonlyMap<string, QuestionView>,
): FormEngineResult {
  const byQuestion = answersByQuestion(answers);
  const last = previous && engineStates.get(previous);
  const isSameSetting =
    last !== undefined &&
    byQuestion !== null &&
    last.form === form &&
    last.rules === rules &&
    last.audience === options.audience &&
    last.timeZone === options.timeZone;
  const changed = isSameSetting && byQuestion ? changedQuestions(last.answers, byQuestion) : null;
  const inputs = formInputsOf(form);
  const ruleInputs = ruleInputsOf(form, rules);

  const visibility = formVisibility(form, answers);
  const isVisibilitySame = isSameSetting && last.visibility === visibility;
  const hidden = new Set(visibility.hiddenQuestions);
  let visibleById: Record<string, boolean> = {};
  if (isVisibilitySame && last) visibleById = last.visibleById;
  else for (const q of form.questions) visibleById[q.id] = !hidden.has(q.id);
  const shown =
    isVisibilitySame && last
      ? last.shown
      : inOrder(form.questions).filter((q) => !hidden.has(q.id) && isQuestionAskedIn(q, options.audience));
  let keyed: Record<string, EngineAnswer> | undefined;
  const engineAnswers = () => {
    keyed ??= toEngineAnswers(answers);
    return keyed;
  };

  const isRulesSame =
    isVisibilitySame && !ruleInputs.isTimeDependent && !touches(changed, ruleInputs.questions);
  const ruleResults =
    isRulesSame && last
      ? last.ruleResults
      : evaluateValidationRules(form, rules, engineAnswers(), {
          now: options.now,
          visibility: visibleById,
          ...(options.timeZone ? { timeZone: options.timeZone } : {}),
        });
  const isCalculatedSame = isSameSetting && !touches(changed, inputs.formulaInputs);
  const calculated = isCalculatedSame && last ? last.calculated : calculatedValues(form, engineAnswers());
  const score = !form.score
    ? null
    : isVisibilitySame && last && !touches(changed, inputs.scored)
      ? last.score
      : formScore(form, engineAnswers(), visibleById);

  const views =
    isRulesSame && isCalculatedSame && previous && changed
      ? changedViews(form, byQuestion, shown, changed, previous, options.audience)
      : allViews(form, answers, shown, visibility, ruleResults, calculated, options.audience, previous);
  let invalidCount = 0;
  for (const q of shown) {
    if ((views.get(q.id)?.issues.length ?? 0) > 0 || ruleResults[q.id]?.isValid === false) invalidCount += 1;
  }
  if (byQuestion) {
    engineStates.set(views, {
      form,
      rules,
      audience: options.audience,
      timeZone: options.timeZone,
      answers: byQuestion,
      visibility,
      visibleById,
      shown,
      ruleResults,
      calculated,
      score,
    });
  }
  return { shown, views, score, invalidCount };
}

/** Every calculated question's value, shown or not (a show rule may show it without a formula input changing). */
function calculatedValues(form: FormTemplate, answers: Record<string, EngineAnswer>) {
  const values = new Map<string, number | null>();
  for (const q of form.questions) {
    if (q.type === 'CALCULATED') values.set(q.id, evaluateCalculatedQuestion(form, q, answers));
  }
  return values;
}

/** One answer's issues as its question shows them (paths below the question). */
function answerIssues(
  form: FormTemplate,
  q: Question,
  answer: Answer | undefined,
  audience: RendererAudience,
) {
  return validateAnswerOnce(q, answer, { audience, isInclusionForm: form.inclusion });
}

/**
 * Only some answers changed and nothing else the views show did: the other questions keep their
 * views as they are, the changed ones are checked again (the issues validateAnswers would give them,
 * as each answer's check reads only that answer when no question has two answers).
 */
function changedViews(
  form: FormTemplate,
  byQuestion: ReadonlyMap<string, Answer> | null,
  shown: readonly Question[],
  changed: ReadonlySet<string>,
  previous: ReadonlyMap<string, QuestionView>,
  audience: RendererAudience,
): ReadonlyMap<string, QuestionView> {
  const views = new Map(previous);
  for (const q of shown) {
    if (!changed.has(q.id)) continue;
    const before = previous.get(q.id) ?? EMPTY_VIEW;
    const view = withIssues(before, answerIssues(form, q, byQuestion?.get(q.id), audience));
    views.set(q.id, sameView(before, view) ? before : view);
  }
  return views;
}

function withIssues(view: QuestionView, issues: FieldIssue[]): QuestionView {
  const next = { ...view, issues };
  const isEmpty = issues.length + next.fired.length + next.hiddenPossibilities.length === 0;
  return isEmpty && next.calculated === null ? EMPTY_VIEW : next;
}

/** Every shown question's view, each kept from `previous` when it did not change. */
function allViews(
  form: FormTemplate,
  answers: readonly Answer[],
  shown: readonly Question[],
  visibility: FormVisibility,
  ruleResults: Record<string, QuestionRuleResult>,
  calculated: ReadonlyMap<string, number | null>,
  audience: RendererAudience,
  previous: ReadonlyMap<string, QuestionView> | undefined,
): ReadonlyMap<string, QuestionView> {
  const hidden = new Set(visibility.hiddenQuestions);
  const hiddenPossibilities = new Set(visibility.hiddenPossibilities);
  const issuesByQuestion = new Map<string, FieldIssue[]>();
  const checks = validateAnswers(
    form,
    answers,
    { audience },
    { hiddenQuestions: hidden, validate: validateAnswerOnce },
  );
  for (const issue of checks) {
    const questionId = String(issue.path[1]);
    const list = issuesByQuestion.get(questionId) ?? [];
    list.push({ ...issue, path: issue.path.slice(2) });
    issuesByQuestion.set(questionId, list);
  }
  const views = new Map<string, QuestionView>();
  for (const q of shown) {
    const view: QuestionView = {
      issues: issuesByQuestion.get(q.id) ?? [],
      fired: ruleResults[q.id]?.fired ?? [],
      hiddenPossibilities: q.possibilities.filter((p) => hiddenPossibilities.has(p.id)).map((p) => p.id),
      calculated: q.type === 'CALCULATED' ? (calculated.get(q.id) ?? null) : null,
    };
    const before = previous?.get(q.id);
    const isEmpty = view.issues.length + view.fired.length + view.hiddenPossibilities.length === 0;
    const stable = isEmpty && view.calculated === null ? EMPTY_VIEW : view;
    views.set(q.id, before && sameView(before, stable) ? before : stable);
  }
  return views;
}
