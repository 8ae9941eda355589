/**
 * Request and response schemas of the validation-rule and reference show-rule calls
 * (spec 001 §7 Validation rules, §2 reference rules page), shared by the server routes and
 * the web editors, and the authoring check both run before saving.
 */
import { z } from 'zod';
import type { FieldIssue } from '../common/errors';
import { IdSchema } from '../common/ids';
import { TimestampSchema } from '../common/timestamps';
import { type FormTemplate, FormTemplateSchema } from '../forms/model';
import { type FormShowRule, ShowRuleTargetSchema, validateShowRule } from '../forms/show-rules';
import { type ValidationRule, ValidationRuleSchema } from './model';
import { type ValidationRuleAuthoringContext, validateValidationRule } from './validate-rule';

/** Spec 000 §8: the error id of a refused show rule. */
export const SHOW_RULE_ERROR_ID = 'INVALID_SHOW_RULE';

const FieldIssueSchema = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

export const StudyRulesParamsSchema = z.object({ studyId: IdSchema });
export const ValidationRuleParamsSchema = z.object({ studyId: IdSchema, validationRuleId: IdSchema });
export const ShowRuleParamsSchema = z.object({ studyId: IdSchema, showRuleId: IdSchema });

/** Spec 001 §7: the list is filtered by data event and form (and process, reference rules page). */
export const RuleListQuerySchema = z.object({
  processId: z.string().min(1).optional(),
  dataEventId: z.string().min(1).optional(),
  formId: z.string().min(1).optional(),
});
export type RuleListQuery = z.infer<typeof RuleListQuerySchema>;

/** Create or edit a validation rule: the domain rule document without its id (spec 001 §3). */
export const ValidationRuleBodySchema = ValidationRuleSchema.omit({ id: true });
export type ValidationRuleBody = z.infer<typeof ValidationRuleBodySchema>;
export type ValidationRuleDraft = z.input<typeof ValidationRuleBodySchema>;

/** A stored validation rule with its listing columns and its problems against the current drafts. */
export const ValidationRuleViewSchema = ValidationRuleSchema.extend({
  id: IdSchema,
  processId: z.string().nullable(),
  dataEventId: z.string().nullable(),
  formId: z.string(),
  questionId: z.string(),
  issues: z.array(FieldIssueSchema),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type ValidationRuleView = z.infer<typeof ValidationRuleViewSchema>;

export const ValidationRuleListSchema = z.object({ validationRules: z.array(ValidationRuleViewSchema) });
export type ValidationRuleList = z.infer<typeof ValidationRuleListSchema>;

export const RuleCountSchema = z.object({ count: z.number().int().min(0) });
export type RuleCount = z.infer<typeof RuleCountSchema>;

/**
 * Create or edit a reference show rule (spec 001 §2, §3 "Show rule"): on form `formId` the
 * target question (or one of its possibilities) shows when any listed possibility of `question` is chosen.
 */
export const ShowRuleInputSchema = z.object({
  processId: z.string().min(1).nullish(),
  dataEventId: z.string().min(1).nullish(),
  formId: z.string().min(1),
  target: ShowRuleTargetSchema,
  question: z.string().min(1),
  possibilities: z.array(z.string()),
});
export type ShowRuleInput = z.infer<typeof ShowRuleInputSchema>;

export const ShowRuleViewSchema = ShowRuleInputSchema.extend({
  id: IdSchema,
  processId: z.string().nullable(),
  dataEventId: z.string().nullable(),
  issues: z.array(FieldIssueSchema),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type ShowRuleView = z.infer<typeof ShowRuleViewSchema>;

export const ShowRuleListSchema = z.object({ showRules: z.array(ShowRuleViewSchema) });
export type ShowRuleList = z.infer<typeof ShowRuleListSchema>;

/** The current form drafts the rule editors pick forms and questions from. */
export const RuleFormListSchema = z.object({ forms: z.array(FormTemplateSchema) });
export type RuleFormList = z.infer<typeof RuleFormListSchema>;

const PROCESS_COORDINATES = new Set(['pathway', 'dataEvent']);

/**
 * Spec 001 §5 authoring check of a validation rule against the current form drafts. Processes
 * do not exist yet: without `ctx.processes` the missing pathway and data event of an operant
 * are not reported (they are optional and stored when given).
 */
export function checkValidationRule(
  rule: ValidationRule,
  forms: readonly FormTemplate[],
  ctx: ValidationRuleAuthoringContext = {},
): FieldIssue[] {
  const form = forms.find((f) => f.id === rule.leftOperant.form);
  if (!form) {
    return [
      { path: ['leftOperant', 'form'], message: rule.leftOperant.form ? 'UNKNOWN_REFERENCE' : 'REQUIRED' },
    ];
  }
  const issues = validateValidationRule(form, rule, { ...ctx, forms });
  if (ctx.processes) return issues;
  return issues.filter(
    (i) => !(i.message === 'REQUIRED' && i.path.length === 2 && PROCESS_COORDINATES.has(String(i.path[1]))),
  );
}

/** Spec 001 §5 show-rule check on the current draft of its form; a removed form is reported at `formId`. */
export function checkShowRule(
  rule: Pick<ShowRuleInput, 'formId' | 'target' | 'question' | 'possibilities'>,
  forms: readonly FormTemplate[],
): FieldIssue[] {
  const form = forms.find((f) => f.id === rule.formId);
  if (!form) return [{ path: ['formId'], message: 'UNKNOWN_REFERENCE' }];
  const asRule: FormShowRule = {
    target: rule.target,
    question: rule.question,
    possibilities: rule.possibilities,
  };
  return validateShowRule(form, asRule);
}
