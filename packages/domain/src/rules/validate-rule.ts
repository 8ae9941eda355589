/**
 * Authoring check of a validation rule (spec 001 §5 "Validation rules (authoring)",
 * 002 §5): required parts, operand coordinates, type compatibility, operators,
 * right operand kind, constants and offsets. Failures carry INVALID_VALIDATION_RULE.
 */

import { authoringIssue, checkLocalizedText, checkPlainText } from '../authoring/issues';
import { assertNever } from '../common/assert';
import type { ErrorId, FieldIssue } from '../common/errors';
import { TRANSLATION_MAX_LENGTH } from '../common/languages';
import { FORM_LIMITS, type FormTemplate, type Question, type QuestionType } from '../forms/model';
import { parseAnswerNumber } from '../formulas/answer-values';
import { listDataEventForms } from '../processes/data-event-forms';
import type { Process } from '../processes/model';
import {
  MAX_OFFSET_ELEMENTS,
  NUMBER_REQUIRED,
  type OperantType,
  type RuleOperant,
  VALIDATION_RULE_COMMENT_MAX,
  type ValidationRule,
} from './model';
import {
  CHOICE_OPERATORS,
  MULTIPLE_RESPONSE_OPERATORS,
  type RuleOperator,
  VALUE_OPERATORS,
} from './operators';
import { offsetUnitsFor, parseRuleValue, ruleValueKind } from './values';

/** Spec 000 §8: the error id a server answers with when a rule fails this check. */
export const VALIDATION_RULE_ERROR_ID = 'INVALID_VALIDATION_RULE' satisfies ErrorId;

/** Other forms and processes the rule points into (QUESTION_REF, "form is part of the data event"). */
export type ValidationRuleAuthoringContext = {
  forms?: readonly FormTemplate[];
  processes?: readonly Process[];
};

const PAIRS: readonly (readonly [QuestionType, QuestionType])[] = [
  ['NUMBER', 'SLIDER'],
  ['DATE', 'DATE_TIME'],
];

/** Spec 001 §5: number with slider, date with date-time, otherwise the same type. */
export function isRuleQuestionTypeCompatible(a: QuestionType, b: QuestionType): boolean {
  return a === b || PAIRS.some(([x, y]) => (a === x && b === y) || (a === y && b === x));
}

/** Spec 001 §5: operators a question type offers (value operators, any/nany, or any/nany/all/nall). */
export function listRuleOperators(type: QuestionType): readonly RuleOperator[] {
  if (type === 'MULTIPLE_RESPONSE') return MULTIPLE_RESPONSE_OPERATORS;
  if (type === 'MULTIPLE_CHOICE' || type === 'YES_NO' || type === 'SMILEY') return CHOICE_OPERATORS;
  return ruleValueKind(type) === null ? [] : VALUE_OPERATORS;
}

/** Spec 001 §5: numbers and times compare with a constant, choices with positions, dates with a date reference; all but choices with a question. */
export function listRightOperantTypes(type: QuestionType): readonly OperantType[] {
  const kind = ruleValueKind(type);
  if (listRuleOperators(type).includes('any')) return ['CONST_POS'];
  if (kind === 'date' || kind === 'datetime') return ['DATE_REF', 'QUESTION', 'QUESTION_REF'];
  return kind === null ? [] : ['CONST_VAL', 'QUESTION', 'QUESTION_REF'];
}

type Side = 'leftOperant' | 'rightOperant';
const COORDINATES = ['dataEvent', 'pathway', 'form', 'question'] as const;

function findQuestion(forms: readonly FormTemplate[], operant: RuleOperant): Question | undefined {
  return forms.find((f) => f.id === operant.form)?.questions.find((q) => q.id === operant.question);
}

/** Spec 001 §5: both operants have dataEvent, pathway, form and question; the form is part of the data event. */
function checkCoordinates(
  side: Side,
  operant: RuleOperant,
  ctx: ValidationRuleAuthoringContext,
): FieldIssue[] {
  const issues = COORDINATES.filter((f) => !operant[f]).map((f) => authoringIssue([side, f], 'REQUIRED'));
  if (!operant.type) issues.push(authoringIssue([side, 'type'], 'REQUIRED'));
  if (issues.length > 0 || !ctx.processes) return issues;
  const process = ctx.processes.find((p) => p.id === operant.pathway);
  if (!process) return [authoringIssue([side, 'pathway'], 'UNKNOWN_REFERENCE')];
  const forms = listDataEventForms(process, operant.dataEvent as string);
  if (!forms) return [authoringIssue([side, 'dataEvent'], 'UNKNOWN_REFERENCE')];
  return forms.includes(operant.form as string) ? [] : [authoringIssue([side, 'form'], 'NOT_IN_DATA_EVENT')];
}

/** Spec 001 §5 offsets: at most 3 elements; + or -, a number (NUMBER_REQUIRED) and a unit fitting the type. */
function checkOffsets(side: Side, operant: RuleOperant, left: Question): FieldIssue[] {
  const isLegacy = operant.offsetElements.length === 0 && operant.offset != null;
  const list = isLegacy && operant.offset ? [operant.offset] : operant.offsetElements;
  const issues: FieldIssue[] = [];
  if (list.length > MAX_OFFSET_ELEMENTS) {
    issues.push(authoringIssue([side, 'offsetElements'], 'TOO_MANY', { max: MAX_OFFSET_ELEMENTS }));
  }
  const units = offsetUnitsFor(ruleValueKind(left.type));
  list.forEach((offset, i) => {
    const path = isLegacy ? [side, 'offset'] : [side, 'offsetElements', i];
    if (units.length === 0) {
      issues.push(authoringIssue(path, 'NOT_ALLOWED'));
      return;
    }
    if (!offset.mathOperator) issues.push(authoringIssue([...path, 'mathOperator'], 'REQUIRED'));
    if (offset.offsetNumber == null) issues.push(authoringIssue([...path, 'offsetNumber'], NUMBER_REQUIRED));
    else if (!Number.isSafeInteger(offset.offsetNumber) || offset.offsetNumber < 0) {
      issues.push(authoringIssue([...path, 'offsetNumber'], 'NOT_INTEGER'));
    }
    if (!offset.timeUnit) issues.push(authoringIssue([...path, 'timeUnit'], 'REQUIRED'));
    else if (!units.includes(offset.timeUnit))
      issues.push(authoringIssue([...path, 'timeUnit'], 'NOT_ALLOWED'));
  });
  return issues;
}

/** CONST_VAL, CONST_POS and DATE_REF specifics of the right operand. */
function checkRightConstant(right: RuleOperant, left: Question, owner: Question | undefined): FieldIssue[] {
  const side = 'rightOperant';
  switch (right.type) {
    case 'CONST_VAL': {
      const text = left.type === 'TIME_DURATION' && right.duration ? right.duration : right.value;
      const field = left.type === 'TIME_DURATION' && right.duration ? 'duration' : 'value';
      if (text == null || String(text).trim() === '') return [authoringIssue([side, field], 'REQUIRED')];
      const parsed = parseRuleValue(left, String(text));
      if (!parsed)
        return [
          authoringIssue([side, field], ruleValueKind(left.type) === 'number' ? 'NOT_NUMERIC' : 'INVALID'),
        ];
      const n = parseAnswerNumber(String(text));
      return parsed.kind === 'number' && n !== null && Math.abs(n) > FORM_LIMITS.numberBound
        ? [
            authoringIssue([side, field], 'OUT_OF_RANGE', {
              min: -FORM_LIMITS.numberBound,
              max: FORM_LIMITS.numberBound,
            }),
          ]
        : [];
    }
    case 'CONST_POS': {
      if (right.possibilities.length === 0) return [authoringIssue([side, 'possibilities'], 'REQUIRED')];
      const count = (owner ?? left).possibilities.length;
      return right.possibilities.flatMap((pos, i) => {
        if (!Number.isInteger(pos) || pos < 1 || pos > count) {
          return [authoringIssue([side, 'possibilities', i], 'OUT_OF_RANGE', { min: 1, max: count })];
        }
        return right.possibilities.indexOf(pos) < i
          ? [authoringIssue([side, 'possibilities', i], 'DUPLICATE')]
          : [];
      });
    }
    case 'DATE_REF':
      return right.referenceDate ? [] : [authoringIssue([side, 'referenceDate'], 'REQUIRED')];
    case 'QUESTION':
    case 'QUESTION_REF':
    case null:
    case undefined:
      return [];
    default:
      return assertNever(right.type);
  }
}

/** Question-dependent checks: left on this form, supported type, operator, right kind, compatibility. */
function checkAgainstQuestions(
  form: FormTemplate,
  rule: ValidationRule,
  forms: readonly FormTemplate[],
): FieldIssue[] {
  const { leftOperant: leftOp, rightOperant: rightOp } = rule;
  if (!leftOp.question || !leftOp.form) return [];
  if (leftOp.form !== form.id) return [authoringIssue(['leftOperant', 'form'], 'NOT_ALLOWED')];
  if (leftOp.type && leftOp.type !== 'QUESTION')
    return [authoringIssue(['leftOperant', 'type'], 'NOT_ALLOWED')];
  const left = form.questions.find((q) => q.id === leftOp.question);
  if (!left) return [authoringIssue(['leftOperant', 'question'], 'UNKNOWN_REFERENCE')];
  if (listRuleOperators(left.type).length === 0)
    return [authoringIssue(['leftOperant', 'question'], 'NOT_ALLOWED')];
  const issues: FieldIssue[] = [];
  if (rule.operator && !listRuleOperators(left.type).includes(rule.operator)) {
    issues.push(authoringIssue(['operator'], 'NOT_ALLOWED'));
  }
  if (rightOp.type && !listRightOperantTypes(left.type).includes(rightOp.type)) {
    issues.push(authoringIssue(['rightOperant', 'type'], 'NOT_ALLOWED'));
  }
  const owner = rightOp.question && rightOp.form ? findQuestion(forms, rightOp) : undefined;
  if (rightOp.question && rightOp.form && !owner) {
    issues.push(authoringIssue(['rightOperant', 'question'], 'UNKNOWN_REFERENCE'));
  } else if (owner && !isRuleQuestionTypeCompatible(left.type, owner.type)) {
    issues.push(
      authoringIssue(['rightOperant', 'question'], 'INCOMPATIBLE_TYPES', {
        left: left.type,
        right: owner.type,
      }),
    );
  }
  if (rightOp.type === 'QUESTION' && rightOp.form && rightOp.form !== form.id) {
    issues.push(authoringIssue(['rightOperant', 'form'], 'NOT_ALLOWED'));
  }
  issues.push(...checkRightConstant(rightOp, left, owner));
  issues.push(...checkOffsets('leftOperant', leftOp, left), ...checkOffsets('rightOperant', rightOp, left));
  return issues;
}

/**
 * Spec 001 §5: every problem of a validation rule on `form`, with field paths. Pass the other forms
 * (QUESTION_REF) and the processes to check that each form is part of its data event.
 */
export function validateValidationRule(
  form: FormTemplate,
  rule: ValidationRule,
  ctx: ValidationRuleAuthoringContext = {},
): FieldIssue[] {
  const forms = [form, ...(ctx.forms ?? []).filter((f) => f.id !== form.id)];
  return [
    ...(rule.operator ? [] : [authoringIssue(['operator'], 'REQUIRED')]),
    ...(rule.action.type ? [] : [authoringIssue(['action', 'type'], 'REQUIRED')]),
    ...checkLocalizedText(['action', 'message'], rule.action.message, {
      isRequired: true,
      max: TRANSLATION_MAX_LENGTH,
    }),
    ...checkPlainText(['comment'], rule.comment, { isRequired: false, max: VALIDATION_RULE_COMMENT_MAX }),
    ...checkCoordinates('leftOperant', rule.leftOperant, ctx),
    ...checkCoordinates('rightOperant', rule.rightOperant, ctx),
    ...checkAgainstQuestions(form, rule, forms),
  ];
}
