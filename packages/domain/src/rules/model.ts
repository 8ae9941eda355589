/**
 * Validation rule entity (spec 001 §3 "Validation rule", 002 §3 "as applied at fill").
 * Shapes are lenient where the authoring check (`validateValidationRule`) reports what is missing.
 */
import { z } from 'zod';
import { LocalizedTextSchema } from '../common/languages';
import { RULE_OPERATORS } from './operators';
import {
  OFFSET_MATH_OPERATORS,
  OFFSET_TIME_UNITS,
  OPERANT_TYPES,
  RULE_ACTION_TYPES,
  RULE_REFERENCE_DATES,
} from './rule-constants';

// The enumerations, limits and operant offsets without zod live in rule-constants.ts, so the pages
// that need only them (the participant's fill page) do not pull the schema library in.
export * from './rule-constants';

/** Spec 001 §3 offset element: mathOperator, offsetNumber, timeUnit. */
export const RuleOffsetSchema = z.object({
  mathOperator: z.enum(OFFSET_MATH_OPERATORS).nullish(),
  offsetNumber: z.number().nullish(),
  timeUnit: z.enum(OFFSET_TIME_UNITS).nullish(),
});
export type RuleOffset = z.infer<typeof RuleOffsetSchema>;

/**
 * Spec 001 §3 operant. `possibilities` are 1-based positions in the question's list (CONST_POS,
 * DESIGN.md positions); `duration` is a TIME_DURATION constant as "hours-minutes"; `offset` is the
 * single legacy offset, used when `offsetElements` is empty.
 */
export const RuleOperantSchema = z.object({
  type: z.enum(OPERANT_TYPES).nullish(),
  pathway: z.string().nullish(),
  dataEvent: z.string().nullish(),
  form: z.string().nullish(),
  question: z.string().nullish(),
  value: z.union([z.string(), z.number()]).nullish(),
  duration: z.string().nullish(),
  possibilities: z.array(z.number()).default([]),
  referenceDate: z.enum(RULE_REFERENCE_DATES).nullish(),
  offset: RuleOffsetSchema.nullish(),
  offsetElements: z.array(RuleOffsetSchema).default([]),
});
export type RuleOperant = z.infer<typeof RuleOperantSchema>;
export type RuleOperantInput = z.input<typeof RuleOperantSchema>;

/** Spec 001 §3 action: type and message per language (may hold `{limit}`). */
export const RuleActionSchema = z.object({
  type: z.enum(RULE_ACTION_TYPES).nullish(),
  message: LocalizedTextSchema.default({}),
});
export type RuleAction = z.infer<typeof RuleActionSchema>;

/** Spec 001 §3 validation rule: `leftOperant operator rightOperant` must hold (DESIGN.md). */
export const ValidationRuleSchema = z.object({
  id: z.string().optional(),
  process: z.string().nullish(),
  leftOperant: RuleOperantSchema,
  rightOperant: RuleOperantSchema,
  operator: z.enum(RULE_OPERATORS).nullish(),
  action: RuleActionSchema,
  comment: z.string().nullish(),
});
export type ValidationRule = z.infer<typeof ValidationRuleSchema>;
export type ValidationRuleInput = z.input<typeof ValidationRuleSchema>;
