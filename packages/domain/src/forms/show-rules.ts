/**
 * Show rules (spec 001 §3 "Show rule", §5 authoring, §4 answer rules; DESIGN.md decisions):
 * a rule on a question or a possibility lists possibilities of one EARLIER choice question
 * and is satisfied when any of them is chosen; several rules on one target combine with OR;
 * a question hidden by a hidden question is hidden.
 */
import { z } from 'zod';
import type { FieldIssue } from '../common/errors';
import { ANSWER_MESSAGES } from './answer-messages';
import { isChoiceQuestionType } from './form-constants';
import type { FormTemplate, ShowRule } from './model';
import { collectShowRules } from './show-rule-visibility';

// Evaluating show rules, without zod, lives in show-rule-visibility.ts, so the pages that need only
// that (the participant's fill page) do not pull the schema library in.
export * from './show-rule-visibility';

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
