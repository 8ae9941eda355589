/**
 * Validation rule entity (spec 001 §3 "Validation rule", 002 §3 "as applied at fill").
 * Shapes are lenient where the authoring check (`validateValidationRule`) reports what is missing.
 */
import { z } from 'zod';
import { LocalizedTextSchema } from '../common/languages';
import { RULE_OPERATORS } from './operators';

/** Spec 001 §3 operant types. */
export const OPERANT_TYPES = ['CONST_VAL', 'CONST_POS', 'DATE_REF', 'QUESTION', 'QUESTION_REF'] as const;
export type OperantType = (typeof OPERANT_TYPES)[number];

/** Spec 001 §3 reference dates of a DATE_REF operant. */
export const RULE_REFERENCE_DATES = ['fillout', 'dateOfBirth', 'enrollment', 'currentDate'] as const;
export type RuleReferenceDate = (typeof RULE_REFERENCE_DATES)[number];

/** Spec 001 §3 action types: BLOCK is an error, WARNING a message, QUERY a message plus a query. */
export const RULE_ACTION_TYPES = ['BLOCK', 'WARNING', 'QUERY'] as const;
export type RuleActionType = (typeof RULE_ACTION_TYPES)[number];

/** Spec 001 §5 offsets: math operators + and -. */
export const OFFSET_MATH_OPERATORS = ['+', '-'] as const;
export type OffsetMathOperator = (typeof OFFSET_MATH_OPERATORS)[number];

/** Spec 001 §5 offset units: years and days for dates, hours and minutes for times. */
export const OFFSET_TIME_UNITS = ['years', 'days', 'hours', 'minutes'] as const;
export type OffsetTimeUnit = (typeof OFFSET_TIME_UNITS)[number];
export const DATE_OFFSET_UNITS = ['years', 'days'] as const;
export const TIME_OFFSET_UNITS = ['hours', 'minutes'] as const;

/** Spec 001 §9: at most 3 offset elements. */
export const MAX_OFFSET_ELEMENTS = 3;
/** Spec 001 §5 / §9: the validation rule comment is at most 1024 characters. */
export const VALIDATION_RULE_COMMENT_MAX = 1024;
/** Spec 001 §3: where a rule message shows the limit value (`Must be before {limit}`). */
export const RULE_LIMIT_PLACEHOLDER = '{limit}';
/** Spec 001 §5: the issue message for an offset without its number. */
export const NUMBER_REQUIRED = 'NUMBER_REQUIRED';

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

/** Spec 001 §3: the offsets of an operant, `offsetElements` first, else the single `offset`. */
export function listOperantOffsets(operant: Pick<RuleOperant, 'offset' | 'offsetElements'>): RuleOffset[] {
  if (operant.offsetElements.length > 0) return operant.offsetElements;
  return operant.offset ? [operant.offset] : [];
}
