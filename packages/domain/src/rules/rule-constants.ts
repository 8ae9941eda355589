/**
 * Validation rule enumerations and limits (spec 001 §3 "Validation rule", §5, §9) and the offsets
 * of an operant, without zod: the participant's fill page uses these and no schema (issue 16, the
 * slow phone); model.ts, which re-exports them, adds the schemas.
 */
import type { RuleOffset, RuleOperant } from './model';

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

/** Spec 001 §3: the offsets of an operant, `offsetElements` first, else the single `offset`. */
export function listOperantOffsets(operant: Pick<RuleOperant, 'offset' | 'offsetElements'>): RuleOffset[] {
  if (operant.offsetElements.length > 0) return operant.offsetElements;
  return operant.offset ? [operant.offset] : [];
}
