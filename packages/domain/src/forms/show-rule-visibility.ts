/**
 * Which questions and possibilities show rules hide (spec 001 §3 "Show rule", §4; DESIGN.md
 * decisions), without zod: the participant's fill page uses these and no schema (issue 16, the
 * slow phone); show-rules.ts, which re-exports them, adds the schemas and the authoring checks.
 */
import type { Answer } from '../questionnaires/model';
import { isChoiceQuestionType, sortQuestionsByOrder } from './form-constants';
import type { FormTemplate, Question } from './model';
import type { FormShowRule, ShowRuleTarget } from './show-rules';

/** Visible state of a whole form: what show rules hide, in question order. */
export type FormVisibility = { hiddenQuestions: string[]; hiddenPossibilities: string[] };

/** Every show rule of a form, question-level then possibility-level, in question order (spec 001 §3). */
export function collectShowRules(form: Pick<FormTemplate, 'questions'>): FormShowRule[] {
  const rules: FormShowRule[] = [];
  for (const q of sortQuestionsByOrder(form.questions)) {
    for (const r of q.showRules) rules.push({ target: { question: q.id }, ...r });
    for (const p of q.possibilities) {
      for (const r of p.showRules) rules.push({ target: { question: q.id, possibility: p.id }, ...r });
    }
  }
  return rules;
}

function targetKey(target: ShowRuleTarget): string {
  return target.possibility === undefined
    ? `q:${target.question}`
    : `p:${target.question}:${target.possibility}`;
}

/**
 * Spec 001 §4 / DESIGN.md: which questions and possibilities show rules hide, given the
 * answers. One pass in question order: a rule counts only when its source is earlier and a
 * choice question (others are ignored), so evaluation terminates and the order of rules is irrelevant.
 * Choices of hidden questions and hidden possibilities count as not chosen (they are reset).
 */
export function evaluateVisibility(
  form: Pick<FormTemplate, 'questions'>,
  rules: readonly FormShowRule[],
  answers: readonly Answer[],
): FormVisibility {
  const questions = sortQuestionsByOrder(form.questions);
  const byId = new Map<string, Question>(questions.map((q) => [q.id, q]));
  const rulesByTarget = new Map<string, FormShowRule[]>();
  for (const rule of rules) {
    const key = targetKey(rule.target);
    rulesByTarget.set(key, [...(rulesByTarget.get(key) ?? []), rule]);
  }
  const answerByQuestion = new Map(answers.map((a) => [a.question, a]));
  const hiddenQuestions = new Set<string>();
  const hiddenPossibilities = new Set<string>();
  const chosen = new Map<string, Set<string>>();

  const isRuleSatisfied = (rule: FormShowRule): boolean => {
    const picked = chosen.get(rule.question);
    return picked !== undefined && rule.possibilities.some((p) => picked.has(p));
  };
  const isShown = (key: string, targetOrder: number): boolean => {
    const relevant = (rulesByTarget.get(key) ?? []).filter((r) => {
      const source = byId.get(r.question);
      return source !== undefined && isChoiceQuestionType(source.type) && source.order < targetOrder;
    });
    return relevant.length === 0 || relevant.some(isRuleSatisfied);
  };

  for (const q of questions) {
    if (!isShown(targetKey({ question: q.id }), q.order)) {
      hiddenQuestions.add(q.id);
      for (const p of q.possibilities) hiddenPossibilities.add(p.id);
      continue;
    }
    const visiblePossibilities = new Set<string>();
    for (const p of q.possibilities) {
      if (isShown(targetKey({ question: q.id, possibility: p.id }), q.order)) visiblePossibilities.add(p.id);
      else hiddenPossibilities.add(p.id);
    }
    const answer = answerByQuestion.get(q.id);
    if (answer && !answer.answerUnavailable && !answer.answerSkipped) {
      chosen.set(q.id, new Set(answer.possibilities.filter((p) => visiblePossibilities.has(p))));
    }
  }
  return { hiddenQuestions: [...hiddenQuestions], hiddenPossibilities: [...hiddenPossibilities] };
}

/** Visibility from the rules stored on the form itself (spec 001 §4). */
export function evaluateFormVisibility(
  form: Pick<FormTemplate, 'questions'>,
  answers: readonly Answer[],
): FormVisibility {
  return evaluateVisibility(form, collectShowRules(form), answers);
}

/** Whether show rules hide this question (spec 001 §4). */
export function isQuestionHidden(visibility: FormVisibility, questionId: string): boolean {
  return visibility.hiddenQuestions.includes(questionId);
}
