/**
 * Validation-rule operators (spec 001 §5, 002 §5) and their opposite and flipped
 * maps. DESIGN.md: a rule states what valid data satisfies; the opposite gives
 * the violation for messages; the flipped map swaps operands (`a lt b` ⇔ `b gt a`).
 */
import { assertNever } from '../common/assert';

/** Spec 001 §5 value operators (numbers, dates, times, durations). */
export const VALUE_OPERATORS = ['lt', 'lte', 'gt', 'gte', 'ne', 'eq'] as const;
export type ValueOperator = (typeof VALUE_OPERATORS)[number];

/** Spec 001 §5: multiple choice, yes/no and smiley use any, nany. */
export const CHOICE_OPERATORS = ['any', 'nany'] as const;
export type ChoiceOperator = (typeof CHOICE_OPERATORS)[number];

/** Spec 001 §5: multiple response uses any, nany, all, nall. */
export const MULTIPLE_RESPONSE_OPERATORS = ['any', 'nany', 'all', 'nall'] as const;
export type MultipleResponseOperator = (typeof MULTIPLE_RESPONSE_OPERATORS)[number];

export const RULE_OPERATORS = [...VALUE_OPERATORS, ...MULTIPLE_RESPONSE_OPERATORS] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];
export type SetOperator = MultipleResponseOperator;

/** Spec 001 §5 opposite map: the operator that holds exactly when this one does not. */
export const OPPOSITE = {
  lt: 'gte',
  lte: 'gt',
  gt: 'lte',
  gte: 'lt',
  ne: 'eq',
  eq: 'ne',
  any: 'nany',
  nany: 'any',
  all: 'nall',
  nall: 'all',
} as const satisfies Record<RuleOperator, RuleOperator>;

/** Operators whose operands can be swapped; all/nall (superset tests) have no swapped counterpart. */
export type FlippableOperator = ValueOperator | ChoiceOperator;

/** Spec 001 §5 flipped map: `a op b` ⇔ `b FLIPPED[op] a`. */
export const FLIPPED = {
  lt: 'gt',
  lte: 'gte',
  gt: 'lt',
  gte: 'lte',
  ne: 'ne',
  eq: 'eq',
  any: 'any',
  nany: 'nany',
} as const satisfies Record<FlippableOperator, FlippableOperator>;

/** True for lt, lte, gt, gte, ne, eq. */
export function isValueOperator(op: string): op is ValueOperator {
  return (VALUE_OPERATORS as readonly string[]).includes(op);
}

/** True for any, nany, all, nall. */
export function isSetOperator(op: string): op is SetOperator {
  return (MULTIPLE_RESPONSE_OPERATORS as readonly string[]).includes(op);
}

/** Spec 001 §5 value operators over comparable numbers (dates and times are compared as numbers). */
export function holdsValueOperator(left: number, op: ValueOperator, right: number): boolean {
  switch (op) {
    case 'lt':
      return left < right;
    case 'lte':
      return left <= right;
    case 'gt':
      return left > right;
    case 'gte':
      return left >= right;
    case 'ne':
      return left !== right;
    case 'eq':
      return left === right;
    default:
      return assertNever(op);
  }
}

/**
 * Spec 001 §5 choice operators: `any` holds when a chosen possibility is among the listed ones,
 * `all` when every listed one is chosen; nany and nall are their negations.
 */
export function holdsSetOperator(
  chosen: readonly string[],
  op: SetOperator,
  listed: readonly string[],
): boolean {
  const chosenSet = new Set(chosen);
  switch (op) {
    case 'any':
      return listed.some((id) => chosenSet.has(id));
    case 'nany':
      return !listed.some((id) => chosenSet.has(id));
    case 'all':
      return listed.every((id) => chosenSet.has(id));
    case 'nall':
      return !listed.every((id) => chosenSet.has(id));
    default:
      return assertNever(op);
  }
}
