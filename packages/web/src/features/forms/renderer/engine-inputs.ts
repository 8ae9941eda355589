/**
 * What each part of the form engine reads of the answers (issue 16 item 6), so a change that none of
 * them reads reuses its last result: typing into a free-text question changes one answer that no
 * show rule, formula, validation rule or score looks at. Pure; the sets are built once per form
 * document and rule list. Sets err on the side of "reads it" (a rule counts every formula's inputs).
 */
import {
  type Answer,
  evaluateFormVisibility,
  type FormTemplate,
  type FormVisibility,
  listFormulaReferences,
  parseFormula,
  type Question,
  type ValidationRule,
} from '@trialbase/domain';

export type FormInputs = {
  /** Questions a show rule reads (question- and possibility-level rules): visibility reads only these. */
  showSources: ReadonlySet<string>;
  /** Questions a calculated question's formula reads (`Q{n}`; `QMAX{n}` reads no answer). */
  formulaInputs: ReadonlySet<string>;
  /** Questions with possibilities: the form score reads only these (others score nothing). */
  scored: ReadonlySet<string>;
};

export type RuleInputs = {
  /** Both operands' questions, and every formula input (a rule on a calculated question computes it). */
  questions: ReadonlySet<string>;
  /** A rule with a reference date reads the clock: its results are never reused. */
  isTimeDependent: boolean;
};

const formInputsCache = new WeakMap<readonly Question[], FormInputs>();

/** The answers each part of the engine reads, once per form document. */
export function formInputsOf(form: Pick<FormTemplate, 'questions'>): FormInputs {
  let inputs = formInputsCache.get(form.questions);
  if (inputs) return inputs;
  const showSources = new Set<string>();
  const formulaInputs = new Set<string>();
  const scored = new Set<string>();
  const idByOrder = new Map<number, string>();
  for (const q of form.questions) if (!idByOrder.has(q.order)) idByOrder.set(q.order, q.id);
  for (const q of form.questions) {
    for (const rule of q.showRules) showSources.add(rule.question);
    for (const p of q.possibilities) for (const rule of p.showRules) showSources.add(rule.question);
    if (q.possibilities.length > 0) scored.add(q.id);
    if (q.type === 'CALCULATED' && q.calculationFormula) {
      const parsed = parseFormula(q.calculationFormula);
      if (!parsed.ok) continue;
      for (const ref of listFormulaReferences(parsed.ast)) {
        const id = ref.ref === 'Q' ? idByOrder.get(ref.order) : undefined;
        if (id !== undefined) formulaInputs.add(id);
      }
    }
  }
  inputs = { showSources, formulaInputs, scored };
  formInputsCache.set(form.questions, inputs);
  return inputs;
}

const ruleInputsCache = new WeakMap<readonly ValidationRule[], WeakMap<readonly Question[], RuleInputs>>();

/** The answers the validation rules read, once per rule list and form document. */
export function ruleInputsOf(
  form: Pick<FormTemplate, 'questions'>,
  rules: readonly ValidationRule[],
): RuleInputs {
  let byForm = ruleInputsCache.get(rules);
  if (!byForm) {
    byForm = new WeakMap();
    ruleInputsCache.set(rules, byForm);
  }
  let inputs = byForm.get(form.questions);
  if (inputs) return inputs;
  const questions = new Set(formInputsOf(form).formulaInputs);
  let isTimeDependent = false;
  for (const rule of rules) {
    for (const operant of [rule.leftOperant, rule.rightOperant]) {
      if (operant.question) questions.add(operant.question);
      if (operant.type === 'DATE_REF' || operant.referenceDate) isTimeDependent = true;
    }
  }
  inputs = { questions, isTimeDependent };
  byForm.set(form.questions, inputs);
  return inputs;
}

/** Whether `changed` (question ids) holds any of `read`; null means "anything may have changed". */
export function touches(changed: ReadonlySet<string> | null, read: ReadonlySet<string>): boolean {
  if (changed === null) return true;
  for (const id of changed) if (read.has(id)) return true;
  return false;
}

/**
 * The question ids whose answer object differs between two states (answers are never changed in
 * place: a new value is a new object).
 */
export function changedQuestions(
  before: ReadonlyMap<string, Answer>,
  after: ReadonlyMap<string, Answer>,
): Set<string> {
  const changed = new Set<string>();
  for (const [id, answer] of after) if (before.get(id) !== answer) changed.add(id);
  for (const id of before.keys()) if (!after.has(id)) changed.add(id);
  return changed;
}

/** Answers by question, or null when a question has two answers (then nothing is reused). */
export function answersByQuestion(answers: readonly Answer[]): Map<string, Answer> | null {
  const byQuestion = new Map<string, Answer>();
  for (const a of answers) byQuestion.set(a.question, a);
  return byQuestion.size === answers.length ? byQuestion : null;
}

type LastVisibility = { sources: (Answer | undefined)[]; visibility: FormVisibility };
const lastVisibility = new WeakMap<readonly Question[], LastVisibility>();

/**
 * `evaluateFormVisibility`, reused while the answers of the show rules' source questions are the
 * same objects (the rules read nothing else): a keystroke in a text question does not evaluate
 * every show rule of the form again, neither in the engine nor in the renderer's reset of hidden answers.
 */
export function formVisibility(
  form: Pick<FormTemplate, 'questions'>,
  answers: readonly Answer[],
): FormVisibility {
  const { showSources } = formInputsOf(form);
  // The last answer of a question counts, as in evaluateFormVisibility.
  const byQuestion = new Map<string, Answer>();
  for (const a of answers) if (showSources.has(a.question)) byQuestion.set(a.question, a);
  const sources = [...showSources].map((id) => byQuestion.get(id));
  const last = lastVisibility.get(form.questions);
  if (last?.sources.every((a, i) => a === sources[i])) return last.visibility;
  const visibility = evaluateFormVisibility(form, answers);
  lastVisibility.set(form.questions, { sources, visibility });
  return visibility;
}
