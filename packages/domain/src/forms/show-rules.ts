/**
 * Show rules (spec 001 §3 "Show rule", §5 authoring, §4 answer rules; DESIGN.md decisions):
 * a rule on a question or a possibility lists possibilities of one EARLIER choice question
 * and is satisfied when any of them is chosen; several rules on one target combine with OR;
 * a question hidden by a hidden question is hidden.
 */
import { z } from 'zod';
import type { FieldIssue } from '../common/errors';
import type { Answer } from '../questionnaires/model';
import { ANSWER_MESSAGES } from './answer-messages';
import {
  type FormTemplate,
  isChoiceQuestionType,
  type Question,
  type ShowRule,
  sortQuestionsByOrder,
} from './model';

/** What a show rule shows: a question, or one possibility of a question. */
export const ShowRuleTargetSchema = z.object({ question: z.string(), possibility: z.string().optional() });
export type ShowRuleTarget = z.infer<typeof ShowRuleTargetSchema>;

/** A show rule together with its target, as listed on the reference rules page (spec 001 §2). */
export const FormShowRuleSchema = z.object({
  target: ShowRuleTargetSchema,
  question: z.string(),
  possibilities: z.array(z.string()),
});
export type FormShowRule = z.infer<typeof FormShowRuleSchema>;

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

function issue(path: (string | number)[], reason: string, params: Record<string, string> = {}): FieldIssue {
  return { path, message: ANSWER_MESSAGES.INVALID_SHOW_RULE, params: { reason, ...params } };
}

/** Spec 001 §5: a rule references only an earlier question of a choice type and its own possibilities. */
export function validateShowRule(form: Pick<FormTemplate, 'questions'>, rule: FormShowRule): FieldIssue[] {
  const target = form.questions.find((q) => q.id === rule.target.question);
  if (!target) return [issue(['target', 'question'], 'TARGET_NOT_FOUND')];
  const issues: FieldIssue[] = [];
  if (
    rule.target.possibility !== undefined &&
    !target.possibilities.some((p) => p.id === rule.target.possibility)
  ) {
    issues.push(issue(['target', 'possibility'], 'TARGET_POSSIBILITY_NOT_FOUND'));
  }
  const source = form.questions.find((q) => q.id === rule.question);
  if (!source) return [...issues, issue(['question'], 'QUESTION_NOT_FOUND')];
  if (!isChoiceQuestionType(source.type)) {
    issues.push(issue(['question'], 'QUESTION_NOT_CHOICE', { type: source.type }));
  }
  if (source.order >= target.order) issues.push(issue(['question'], 'QUESTION_NOT_EARLIER'));
  if (rule.possibilities.length === 0) issues.push(issue(['possibilities'], 'NO_POSSIBILITIES'));
  rule.possibilities.forEach((pid, i) => {
    if (!source.possibilities.some((p) => p.id === pid))
      issues.push(issue(['possibilities', i], 'POSSIBILITY_NOT_FOUND'));
  });
  return issues;
}

/** Validates every show rule stored on a form, paths under questions (spec 001 §5). */
export function validateFormShowRules(form: Pick<FormTemplate, 'questions'>): FieldIssue[] {
  return collectShowRules(form).flatMap((rule) =>
    validateShowRule(form, rule).map((i) => ({
      ...i,
      path: [
        'questions',
        rule.target.question,
        ...(rule.target.possibility ? [rule.target.possibility] : []),
        'showRules',
        ...i.path,
      ],
    })),
  );
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

/** Spec 001 §5: rules pointing at removed questions or possibilities are dropped. */
export function dropDanglingShowRules<F extends Pick<FormTemplate, 'questions'>>(form: F): F {
  const byId = new Map(form.questions.map((q) => [q.id, q]));
  const keep = (rules: readonly ShowRule[]): ShowRule[] =>
    rules.flatMap((rule) => {
      const source = byId.get(rule.question);
      if (!source) return [];
      const possibilities = rule.possibilities.filter((pid) =>
        source.possibilities.some((p) => p.id === pid),
      );
      return possibilities.length === 0 ? [] : [{ ...rule, possibilities }];
    });
  return {
    ...form,
    questions: form.questions.map((q) => ({
      ...q,
      showRules: keep(q.showRules),
      possibilities: q.possibilities.map((p) => ({ ...p, showRules: keep(p.showRules) })),
    })),
  };
}

/** Spec 001 §4: rules that reference a question, for the confirm warning before removing it. */
export function findShowRulesReferencing(
  form: Pick<FormTemplate, 'questions'>,
  questionId: string,
): FormShowRule[] {
  return collectShowRules(form).filter((r) => r.question === questionId);
}
