import {
  checkShowRule,
  checkValidationRule,
  type FormTemplate,
  type ShowRuleInput,
  type ShowRuleView,
  type ValidationRule,
  ValidationRuleSchema,
  type ValidationRuleView,
} from '@trialbase/domain';
import type { ShowRuleRow, ValidationRuleRow } from './repo';

/** The stored rule document, read back through the domain schema. */
export function validationRuleOf(row: ValidationRuleRow): ValidationRule {
  return ValidationRuleSchema.parse({ ...row.document, id: row.id });
}

/** A validation rule as the API shows it, with its problems against the current drafts (spec 001 §5). */
export function presentValidationRule(
  row: ValidationRuleRow,
  forms: readonly FormTemplate[],
): ValidationRuleView {
  const rule = validationRuleOf(row);
  return {
    ...rule,
    id: row.id,
    processId: row.processId,
    dataEventId: row.dataEventId,
    formId: row.formId,
    questionId: row.questionId,
    issues: checkValidationRule(rule, forms),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit trail keeps of a validation rule. */
export function validationRuleSnapshot(row: ValidationRuleRow) {
  return { processId: row.processId, dataEventId: row.dataEventId, formId: row.formId, ...row.document };
}

function showRuleDocument(row: ShowRuleRow): Pick<ShowRuleInput, 'target' | 'question' | 'possibilities'> {
  const doc = row.document as Pick<ShowRuleInput, 'target' | 'question' | 'possibilities'>;
  return { target: doc.target, question: doc.question, possibilities: doc.possibilities ?? [] };
}

/** A reference show rule as the API shows it, with its problems against the current draft (spec 001 §5). */
export function presentShowRule(row: ShowRuleRow, forms: readonly FormTemplate[]): ShowRuleView {
  const doc = showRuleDocument(row);
  return {
    id: row.id,
    processId: row.processId,
    dataEventId: row.dataEventId,
    formId: row.formId,
    ...doc,
    issues: checkShowRule({ formId: row.formId, ...doc }, forms),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit trail keeps of a show rule. */
export function showRuleSnapshot(row: ShowRuleRow) {
  return { processId: row.processId, dataEventId: row.dataEventId, formId: row.formId, ...row.document };
}
