/**
 * Build check of forms (issue 23 item 3): show rules that can never be satisfied, calculated
 * formulas with missing or wrongly typed questions, forms without questions.
 */

import type { FormTemplate } from '../forms/model';
import { collectShowRules, type FormShowRule, validateShowRule } from '../forms/show-rules';
import { validateFormula } from '../formulas/validate-formula';
import { listProcessFormIds } from '../processes/data-event-forms';
import type { BuildCheckInput } from './context';
import { formParams } from './context';
import { type BuildCheckDiagnostic, buildDiagnostic } from './model';

/** Form types whose content is built in (EQ-5D, image chart): they need no authored questions. */
const BUILT_IN_CONTENT_TYPES = new Set(['TYPE_EQ_5D', 'TYPE_IMAGE_CHART']);

function ruleKey(rule: FormShowRule): string {
  return [rule.target.question, rule.target.possibility ?? '', rule.question, ...rule.possibilities].join(
    '/',
  );
}

/**
 * DESIGN.md show rules: a target shows when any of its rules holds. A rule never holds when it is
 * broken, when its source question is never shown, or when every possibility it lists is never shown.
 * Returns the broken rules and the rules blocked by a never-shown source, found to a fixed point.
 */
function analyseShowRules(form: FormTemplate) {
  const rules = collectShowRules(form);
  const broken = new Map<string, string>();
  for (const rule of rules) {
    const [first] = validateShowRule(form, rule);
    if (first) broken.set(ruleKey(rule), String(first.params?.reason ?? first.message));
  }
  const neverQuestions = new Set<string>();
  const neverPossibilities = new Set<string>();
  const blocked = new Set<string>();
  const isDead = (rule: FormShowRule) =>
    broken.has(ruleKey(rule)) ||
    neverQuestions.has(rule.question) ||
    rule.possibilities.every((p) => neverPossibilities.has(`${rule.question}/${p}`));
  let changed = true;
  while (changed) {
    changed = false;
    const byTarget = new Map<string, FormShowRule[]>();
    for (const rule of rules) {
      const key =
        rule.target.possibility === undefined
          ? rule.target.question
          : `${rule.target.question}/${rule.target.possibility}`;
      byTarget.set(key, [...(byTarget.get(key) ?? []), rule]);
    }
    for (const [key, targetRules] of byTarget) {
      const isPossibility = key.includes('/');
      const set = isPossibility ? neverPossibilities : neverQuestions;
      if (!set.has(key) && targetRules.every(isDead)) {
        set.add(key);
        changed = true;
      }
    }
  }
  for (const rule of rules) if (!broken.has(ruleKey(rule)) && isDead(rule)) blocked.add(ruleKey(rule));
  return { rules, broken, blocked };
}

function showRuleDiagnostics(form: FormTemplate, primary: string): BuildCheckDiagnostic[] {
  const { rules, broken, blocked } = analyseShowRules(form);
  return rules.flatMap((rule) => {
    const key = ruleKey(rule);
    const question = form.questions.find((q) => q.id === rule.target.question);
    const target = { screen: 'FORM' as const, formId: form.id, questionId: rule.target.question };
    const params = formParams(form, primary, question);
    const reason = broken.get(key);
    if (reason !== undefined)
      return [buildDiagnostic('SHOW_RULE_NEVER_SATISFIED', 'ERROR', target, { ...params, reason }, key)];
    if (blocked.has(key))
      return [buildDiagnostic('SHOW_RULE_SOURCE_NEVER_SHOWN', 'ERROR', target, params, key)];
    return [];
  });
}

function formulaDiagnostics(form: FormTemplate, primary: string): BuildCheckDiagnostic[] {
  return form.questions
    .filter((q) => q.type === 'CALCULATED')
    .flatMap((q) =>
      validateFormula(form, q.calculationFormula).map((issue, i) =>
        buildDiagnostic(
          'FORMULA_INVALID',
          'ERROR',
          { screen: 'FORM', formId: form.id, questionId: q.id },
          {
            ...formParams(form, primary, q),
            reason: issue.message,
            reference: String(issue.params?.reference ?? issue.params?.error ?? ''),
          },
          String(i),
        ),
      ),
    );
}

/** Issue 23 item 3: form diagnostics; a form without questions blocks only when a process uses it. */
export function checkForms(input: BuildCheckInput): BuildCheckDiagnostic[] {
  const primary = input.study.primaryLanguage;
  const used = new Set(input.processes.flatMap((p) => listProcessFormIds(p)));
  return input.forms.flatMap((form) => {
    const diagnostics = [...showRuleDiagnostics(form, primary), ...formulaDiagnostics(form, primary)];
    const hasQuestions = form.questions.some((q) => q.type !== 'INFORMATION');
    if (!hasQuestions && !BUILT_IN_CONTENT_TYPES.has(form.type)) {
      diagnostics.push(
        buildDiagnostic(
          'FORM_WITHOUT_QUESTIONS',
          used.has(form.id) ? 'ERROR' : 'WARNING',
          { screen: 'FORM', formId: form.id, questionId: null },
          formParams(form, primary),
        ),
      );
    }
    return diagnostics;
  });
}
