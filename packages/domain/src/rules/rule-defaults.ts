/**
 * The defaults of a validation rule (ValidationRuleSchema) as plain data (issue 16: the fill page
 * reads a question's embedded rules without zod). rule-defaults.test.ts fails when this plan and
 * the schema differ.
 */
import { type DefaultsPlan, isRecord, withDefaults } from '../common/defaults-plan';
import { LANGUAGE_CODES, TRANSLATION_MAX_LENGTH } from '../common/language-codes';
import type { ValidationRule } from './model';
import { RULE_OPERATORS } from './operators';
import {
  OFFSET_MATH_OPERATORS,
  OFFSET_TIME_UNITS,
  OPERANT_TYPES,
  RULE_ACTION_TYPES,
  RULE_REFERENCE_DATES,
} from './rule-constants';

/** An operand's fields and defaults: both sides of a rule have the same shape. */
const OPERAND_DEFAULTS: DefaultsPlan = {
  keys: [
    'type',
    'pathway',
    'dataEvent',
    'form',
    'question',
    'value',
    'duration',
    'possibilities',
    'referenceDate',
    'offset',
    'offsetElements',
  ],
  defaults: { possibilities: [], offsetElements: [] },
  fields: {
    offset: { keys: ['mathOperator', 'offsetNumber', 'timeUnit'] },
    offsetElements: { each: { keys: ['mathOperator', 'offsetNumber', 'timeUnit'] } },
  },
};

/** Issue 16: ValidationRuleSchema's fields and defaults (see common/defaults-plan.ts). */
export const VALIDATION_RULE_DEFAULTS: DefaultsPlan = {
  keys: ['id', 'process', 'leftOperant', 'rightOperant', 'operator', 'action', 'comment'],
  fields: {
    leftOperant: OPERAND_DEFAULTS,
    rightOperant: OPERAND_DEFAULTS,
    action: { keys: ['type', 'message'], defaults: { message: {} } },
  },
};

type Check = (value: unknown) => boolean;
type Fields = Record<string, Check>;

const isString: Check = (value) => typeof value === 'string';
const isNumber: Check = (value) => typeof value === 'number' && Number.isFinite(value);
const oneOf =
  (values: readonly string[]): Check =>
  (value) =>
    typeof value === 'string' && values.includes(value);
const optional =
  (check: Check): Check =>
  (value) =>
    value === undefined || check(value);
const nullish =
  (check: Check): Check =>
  (value) =>
    value == null || check(value);
const listOf =
  (check: Check): Check =>
  (value) =>
    Array.isArray(value) && value.every(check);
const objectOf =
  (fields: Fields): Check =>
  (value) =>
    isRecord(value) && Object.keys(fields).every((key) => fields[key]?.(value[key]) === true);
const isLocalizedText: Check = (value) =>
  isRecord(value) &&
  Object.entries(value).every(
    ([key, text]) =>
      (LANGUAGE_CODES as readonly string[]).includes(key) &&
      typeof text === 'string' &&
      text.length <= TRANSLATION_MAX_LENGTH,
  );

const isOffset = objectOf({
  mathOperator: nullish(oneOf(OFFSET_MATH_OPERATORS)),
  offsetNumber: nullish(isNumber),
  timeUnit: nullish(oneOf(OFFSET_TIME_UNITS)),
});
const isOperant = objectOf({
  type: nullish(oneOf(OPERANT_TYPES)),
  pathway: nullish(isString),
  dataEvent: nullish(isString),
  form: nullish(isString),
  question: nullish(isString),
  value: nullish((value) => isString(value) || isNumber(value)),
  duration: nullish(isString),
  possibilities: optional(listOf(isNumber)),
  referenceDate: nullish(oneOf(RULE_REFERENCE_DATES)),
  offset: nullish(isOffset),
  offsetElements: optional(listOf(isOffset)),
});
/** What ValidationRuleSchema accepts, checked by hand (rule-defaults.test.ts compares the two). */
const isValidationRule = objectOf({
  id: optional(isString),
  process: nullish(isString),
  leftOperant: isOperant,
  rightOperant: isOperant,
  operator: nullish(oneOf(RULE_OPERATORS)),
  action: objectOf({ type: nullish(oneOf(RULE_ACTION_TYPES)), message: optional(isLocalizedText) }),
  comment: nullish(isString),
});

/**
 * Spec 001 §3: one embedded validation rule as ValidationRuleSchema.safeParse reads it (defaults
 * filled in, unknown fields left out), or null where the schema refuses it; without zod (issue 16).
 */
export function readValidationRule(raw: unknown): ValidationRule | null {
  return isValidationRule(raw) ? (withDefaults(VALIDATION_RULE_DEFAULTS, raw) as ValidationRule) : null;
}
