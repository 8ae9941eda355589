/**
 * Validation rule evaluation at fill time (spec 001 §5, 002 §5; DESIGN.md: a rule
 * states what valid data satisfies and its action fires when it does not hold).
 */
import { assertNever } from '../common/assert';
import type { LocalizedText } from '../common/languages';
import type { FormTemplate, Question } from '../forms/model';
import {
  type EngineAnswers,
  isAnswerEmpty,
  readAnswerText,
  readChosenPossibilityIds,
} from '../formulas/answer-values';
import { evaluateCalculatedQuestion } from '../formulas/evaluate';
import { fillRuleMessage } from './messages';
import type { RuleOperant, ValidationRule } from './model';
import { holdsSetOperator, holdsValueOperator, isSetOperator, isValueOperator } from './operators';
import { listOperantOffsets, type RuleActionType } from './rule-constants';
import { applyRuleOffsets, parseRuleValue, type RuleValue, toComparablePair, wallClockMs } from './values';

/** What the rule engine needs besides the answers; time is passed in (CONVENTIONS.md). */
export type RuleEvaluationContext = {
  now: Date;
  dateOfBirth?: string | Date | null;
  enrollmentDate?: string | Date | null;
  filloutDate?: string | Date | null;
  /** Show-rule result per question id; a question mapped to false is hidden. */
  visibility?: Readonly<Record<string, boolean>>;
  /** IANA zone of the filler, so "today" and instants read as the filler's wall clock (default UTC). */
  timeZone?: string;
  /** When set, only rules whose left operant is on this data event apply. */
  dataEventId?: string;
  /** Forms and answers of other data events, for QUESTION_REF operants. */
  referenceForms?: readonly FormTemplate[];
  referenceAnswers?: EngineAnswers;
};

/** One rule whose condition did not hold, with its action and filled-in message. */
export type FiredValidationRule = {
  ruleId: string | null;
  action: RuleActionType;
  message: LocalizedText;
  limit: string | null;
  isBlocking: boolean;
  /** QUERY rules: the server raises a query on save. */
  isQueryRequested: boolean;
};

/** Per question: invalid when a BLOCK rule fired; every fired rule in rule order. */
export type QuestionRuleResult = { isValid: boolean; fired: FiredValidationRule[] };

/** A resolved right operand: a comparable value, or the possibility ids a choice rule lists. */
export type ResolvedRuleOperand =
  | { kind: 'value'; value: RuleValue; question?: Question }
  | { kind: 'choice'; ids: string[]; question: Question };

function toWallClock(value: string | Date | null | undefined, ctx: RuleEvaluationContext): number | null {
  if (value == null) return null;
  if (value instanceof Date) return wallClockMs(value.getTime(), ctx.timeZone);
  const parsed =
    parseRuleValue({ type: 'DATE_TIME' }, value, ctx.timeZone) ?? parseRuleValue({ type: 'DATE' }, value);
  return parsed && 'ms' in parsed ? parsed.ms : null;
}

function referenceDateValue(operant: RuleOperant, ctx: RuleEvaluationContext): RuleValue | null {
  const kind = operant.referenceDate;
  if (!kind) return null;
  const source = {
    fillout: ctx.filloutDate ?? ctx.now,
    dateOfBirth: ctx.dateOfBirth,
    enrollment: ctx.enrollmentDate,
    currentDate: ctx.now,
  }[kind];
  const ms = toWallClock(source, ctx);
  return ms === null ? null : { kind: kind === 'dateOfBirth' ? 'date' : 'datetime', ms };
}

function findOperantQuestion(form: FormTemplate, operant: RuleOperant, ctx: RuleEvaluationContext) {
  const forms = operant.type === 'QUESTION_REF' ? (ctx.referenceForms ?? []) : [form];
  for (const f of forms) {
    const question = f.questions.find((q) => q.id === operant.question);
    if (question && (operant.type !== 'QUESTION_REF' || !operant.form || f.id === operant.form)) {
      return { form: f, question };
    }
  }
  return null;
}

function answerValue(
  form: FormTemplate,
  question: Question,
  answers: EngineAnswers,
  ctx: RuleEvaluationContext,
) {
  if (ctx.visibility?.[question.id] === false && form.questions.includes(question)) return null;
  if (question.type === 'CALCULATED' && isAnswerEmpty(answers[question.id])) {
    const computed = evaluateCalculatedQuestion(form, question, answers);
    return computed === null ? null : ({ kind: 'number', value: computed } as const);
  }
  return parseRuleValue(question, readAnswerText(answers[question.id]), ctx.timeZone);
}

function resolveOperant(
  form: FormTemplate,
  left: Question,
  operant: RuleOperant,
  answers: EngineAnswers,
  ctx: RuleEvaluationContext,
): ResolvedRuleOperand | null {
  let base: ResolvedRuleOperand | null = null;
  switch (operant.type) {
    case 'CONST_VAL': {
      const text = left.type === 'TIME_DURATION' && operant.duration ? operant.duration : operant.value;
      const value = parseRuleValue(left, text == null ? null : String(text), ctx.timeZone);
      base = value && { kind: 'value', value };
      break;
    }
    case 'CONST_POS': {
      const owner = operant.question ? form.questions.find((q) => q.id === operant.question) : left;
      if (!owner) return null;
      const ids = operant.possibilities.map((pos) => owner.possibilities[pos - 1]?.id);
      if (ids.some((id) => id === undefined)) return null;
      return { kind: 'choice', ids: ids as string[], question: owner };
    }
    case 'DATE_REF': {
      const value = referenceDateValue(operant, ctx);
      base = value && { kind: 'value', value };
      break;
    }
    case 'QUESTION':
    case 'QUESTION_REF': {
      const found = findOperantQuestion(form, operant, ctx);
      if (!found) return null;
      const source = operant.type === 'QUESTION' ? answers : (ctx.referenceAnswers ?? {});
      const value = answerValue(found.form, found.question, source, ctx);
      base = value && { kind: 'value', value, question: found.question };
      break;
    }
    case null:
    case undefined:
      return null;
    default:
      return assertNever(operant.type);
  }
  if (base?.kind !== 'value') return base;
  const value = applyRuleOffsets(base.value, listOperantOffsets(operant));
  return value && { ...base, value };
}

/** Spec 001 §5: does `rule` hold for these answers? null when it cannot be judged (missing data). */
export function holdsValidationRule(
  form: FormTemplate,
  rule: ValidationRule,
  answers: EngineAnswers,
  ctx: RuleEvaluationContext,
): { holds: boolean; right: ResolvedRuleOperand } | null {
  const left = form.questions.find((q) => q.id === rule.leftOperant.question);
  const op = rule.operator;
  if (!left || !op || (rule.leftOperant.form && rule.leftOperant.form !== form.id)) return null;
  const right = resolveOperant(form, left, rule.rightOperant, answers, ctx);
  if (!right) return null;
  if (right.kind === 'choice') {
    const chosen = readChosenPossibilityIds(left, answers[left.id]);
    if (!isSetOperator(op) || chosen.length === 0) return null;
    return { holds: holdsSetOperator(chosen, op, right.ids), right };
  }
  const leftValue = resolveOperant(form, left, { ...rule.leftOperant, type: 'QUESTION' }, answers, ctx);
  if (leftValue?.kind !== 'value' || !isValueOperator(op)) return null;
  const pair = toComparablePair(leftValue.value, right.value);
  return pair && { holds: holdsValueOperator(pair[0], op, pair[1]), right };
}

/**
 * Spec 001 §5 / 002 §5: fired rules per question id (questions without fired rules are absent).
 * BLOCK makes the question invalid; WARNING and QUERY carry a message, QUERY also asks for a query.
 * A question hidden by show rules (`visibility[id] === false`) is skipped, so it never blocks.
 */
export function evaluateValidationRules(
  form: FormTemplate,
  rules: readonly ValidationRule[],
  answers: EngineAnswers,
  ctx: RuleEvaluationContext,
): Record<string, QuestionRuleResult> {
  const results: Record<string, QuestionRuleResult> = {};
  for (const rule of rules) {
    const questionId = rule.leftOperant.question;
    const action = rule.action.type;
    if (!questionId || !action || ctx.visibility?.[questionId] === false) continue;
    if (ctx.dataEventId && rule.leftOperant.dataEvent && rule.leftOperant.dataEvent !== ctx.dataEventId)
      continue;
    const outcome = holdsValidationRule(form, rule, answers, ctx);
    if (!outcome || outcome.holds) continue;
    const limit = outcome.right.kind === 'value' ? outcome.right.value : null;
    const choices = outcome.right.kind === 'choice' ? outcome.right : null;
    const filled = fillRuleMessage(rule.action.message, limit, choices);
    const result = results[questionId] ?? { isValid: true, fired: [] };
    result.fired.push({
      ruleId: rule.id ?? null,
      action,
      message: filled.message,
      limit: filled.limit,
      isBlocking: action === 'BLOCK',
      isQueryRequested: action === 'QUERY',
    });
    if (action === 'BLOCK') result.isValid = false;
    results[questionId] = result;
  }
  return results;
}

/** Spec 001 §5: true when any question has a fired BLOCK rule (save is refused: VALIDATION_RULE_VIOLATION). */
export function hasBlockingRuleViolation(results: Readonly<Record<string, QuestionRuleResult>>): boolean {
  return Object.values(results).some((r) => !r.isValid);
}
