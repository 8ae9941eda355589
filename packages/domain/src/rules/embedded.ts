/**
 * Validation rules that travel inside a question (spec 001 §3 Question.validationRules):
 * read, and checked with the same rule as stand-alone rules minus the process coordinates
 * an in-form rule cannot have. Used by the builder, the renderer and the server alike.
 */
import type { FieldIssue } from '../common/errors';
import type { FormTemplate, Question } from '../forms/model';
import { type ValidationRule, ValidationRuleSchema } from './model';
import { readValidationRule } from './rule-defaults';
import { validateValidationRule } from './validate-rule';

const DRAFT_FORM_ID = 'draft';
/** Coordinates a rule inside a question does not have: it lives on its own form, outside any process. */
const PROCESS_COORDINATES = new Set(['pathway', 'dataEvent']);
const CONSTANT_OPERANTS = new Set(['CONST_VAL', 'CONST_POS', 'DATE_REF']);

/** Spec 001 §3: a question's embedded rules, parsed; unreadable entries are reported by `validateEmbeddedRules`. */
export function readEmbeddedRules(question: Pick<Question, 'validationRules'>): ValidationRule[] {
  // Without zod (issue 16: the fill page's schemas); rule-defaults.test.ts checks it against the schema.
  return question.validationRules.flatMap((raw) => {
    const rule = readValidationRule(raw);
    return rule ? [rule] : [];
  });
}

/** Spec 001 §3: every embedded rule of a form (the renderer evaluates them with the stand-alone ones). */
export function collectEmbeddedRules(form: Pick<FormTemplate, 'questions'>): ValidationRule[] {
  return form.questions.flatMap((question) => readEmbeddedRules(question));
}

/**
 * Spec 001 §5 through `validateValidationRule`, minus the process coordinates an in-form
 * rule cannot have (pathway, data event; form and question of a constant right side).
 */
export function checkEmbeddedRule(form: FormTemplate, rule: ValidationRule): FieldIssue[] {
  const draftForm = form.id ? form : { ...form, id: DRAFT_FORM_ID };
  const draftRule = { ...rule, leftOperant: { ...rule.leftOperant, form: draftForm.id } };
  const isRightConstant = CONSTANT_OPERANTS.has(rule.rightOperant.type ?? '');
  return validateValidationRule(draftForm, draftRule).filter((issue) => {
    const [side, field] = issue.path;
    if (issue.message !== 'REQUIRED' || typeof field !== 'string') return true;
    if (PROCESS_COORDINATES.has(field)) return false;
    return !(side === 'rightOperant' && isRightConstant && (field === 'form' || field === 'question'));
  });
}

/** Spec 001 §5: the issues of the embedded rules of one question, paths relative to the question. */
export function validateEmbeddedRules(form: FormTemplate, question: Question): FieldIssue[] {
  return question.validationRules.flatMap((raw, j) => {
    const parsed = ValidationRuleSchema.safeParse(raw);
    if (!parsed.success) {
      return [{ path: ['validationRules', j], message: 'INVALID_VALIDATION_RULE' }];
    }
    return checkEmbeddedRule(form, parsed.data).map((issue) => ({
      ...issue,
      path: ['validationRules', j, ...issue.path],
    }));
  });
}
