/**
 * Authoring check of a calculated question's formula (spec 001 §5 CALCULATED):
 * valid pattern, referenced questions exist and are of an allowed type, QMAX only on score forms.
 */

import { authoringIssue, type IssuePath } from '../authoring/issues';
import type { FieldIssue } from '../common/errors';
import type { FormTemplate } from '../forms/model';
import { FORMULA_SCORE_TYPES, findQuestionByOrder, listFormulaReferenceTypes } from './evaluate';
import { type FormulaNode, listFormulaReferences, parseFormula } from './parser';

/** Spec 001 §5 CALCULATED: every problem of `formula` on `form`, at `path` (default `calculationFormula`). */
export function validateFormula(
  form: Pick<FormTemplate, 'questions' | 'score'>,
  formula: string | null | undefined,
  path: IssuePath = ['calculationFormula'],
): FieldIssue[] {
  if (formula == null || formula.trim() === '') return [authoringIssue(path, 'REQUIRED')];
  const parsed = parseFormula(formula);
  if (!parsed.ok)
    return [authoringIssue(path, 'INVALID_FORMULA', { error: parsed.error, position: parsed.position })];
  const issues: FieldIssue[] = [];
  const allowed = listFormulaReferenceTypes(form);
  for (const ref of collectRefs(parsed.ast)) {
    const reference = `${ref.ref}${ref.order}`;
    const question = findQuestionByOrder(form, ref.order);
    if (ref.ref === 'QMAX' && !form.score) {
      issues.push(authoringIssue(path, 'NOT_ALLOWED', { reference, position: ref.position }));
    } else if (!question) {
      issues.push(authoringIssue(path, 'UNKNOWN_REFERENCE', { reference, position: ref.position }));
    } else if (
      ref.ref === 'QMAX'
        ? !(FORMULA_SCORE_TYPES as readonly string[]).includes(question.type)
        : !allowed.includes(question.type)
    ) {
      issues.push(authoringIssue(path, 'INCOMPATIBLE_TYPES', { reference, type: question.type }));
    }
  }
  return issues;
}

function collectRefs(ast: FormulaNode) {
  const seen = new Set<string>();
  return listFormulaReferences(ast).filter((r) => {
    const key = `${r.ref}${r.order}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
