import { describe, expect, it } from 'vitest';
import { buildTestForm, buildTestPossibilities, buildTestQuestion } from '../authoring/testing';
import { ProcessSchema } from '../processes/model';
import { type RuleOperantInput, type ValidationRuleInput, ValidationRuleSchema } from './model';
import {
  isRuleQuestionTypeCompatible,
  VALIDATION_RULE_ERROR_ID,
  validateValidationRule,
} from './validate-rule';

const form = buildTestForm({
  questions: [
    buildTestQuestion({ id: 'n', type: 'NUMBER', order: 1 }),
    buildTestQuestion({ id: 's', type: 'SLIDER', order: 2, minValue: 0, maxValue: 10 }),
    buildTestQuestion({ id: 'd', type: 'DATE', order: 3 }),
    buildTestQuestion({ id: 'dt', type: 'DATE_TIME', order: 4 }),
    buildTestQuestion({
      id: 'mc',
      type: 'MULTIPLE_CHOICE',
      order: 5,
      possibilities: buildTestPossibilities('mc', 3),
    }),
    buildTestQuestion({
      id: 'mr',
      type: 'MULTIPLE_RESPONSE',
      order: 6,
      possibilities: buildTestPossibilities('mr', 3),
    }),
    buildTestQuestion({ id: 't', type: 'TIME', order: 7 }),
    buildTestQuestion({ id: 'txt', type: 'TEXT_FREE', order: 8 }),
  ],
});
const at = { pathway: 'p1', dataEvent: 'e1', form: 'f1' };
const offset = { mathOperator: '+', offsetNumber: 1, timeUnit: 'days' } as const;

function rule(question: string, right: RuleOperantInput, extra: Partial<ValidationRuleInput> = {}) {
  return ValidationRuleSchema.parse({
    leftOperant: { ...at, type: 'QUESTION', question },
    rightOperant: { ...at, question, ...right },
    operator: 'lt',
    action: { type: 'BLOCK', message: { en: 'Too high: {limit}' } },
    ...extra,
  });
}
const messages = (issues: ReturnType<typeof validateValidationRule>) =>
  issues.map((i) => [i.path.join('.'), i.message]);

describe('Spec 001 §5 validation rules (authoring)', () => {
  it('accepts a complete rule; failures carry the INVALID_VALIDATION_RULE id', () => {
    expect(validateValidationRule(form, rule('n', { type: 'CONST_VAL', value: '10' }))).toEqual([]);
    expect(VALIDATION_RULE_ERROR_ID).toBe('INVALID_VALIDATION_RULE');
  });

  it('requires operator, action type, message and the date reference', () => {
    const r = rule('d', { type: 'DATE_REF' }, { operator: null, action: { type: null, message: {} } });
    expect(messages(validateValidationRule(form, r))).toEqual([
      ['operator', 'REQUIRED'],
      ['action.type', 'REQUIRED'],
      ['action.message', 'REQUIRED'],
      ['rightOperant.referenceDate', 'REQUIRED'],
    ]);
  });

  it('allows a comment of 1024 characters, not 1025', () => {
    expect(
      validateValidationRule(form, rule('n', { type: 'CONST_VAL', value: 1 }, { comment: 'x'.repeat(1024) })),
    ).toEqual([]);
    expect(
      messages(
        validateValidationRule(
          form,
          rule('n', { type: 'CONST_VAL', value: 1 }, { comment: 'x'.repeat(1025) }),
        ),
      ),
    ).toEqual([['comment', 'MAX_LENGTH']]);
  });

  it('requires dataEvent, pathway, form and question on both operants', () => {
    const r = rule('n', {
      type: 'CONST_VAL',
      value: 1,
      dataEvent: null,
      pathway: null,
      form: null,
      question: null,
    });
    expect(messages(validateValidationRule(form, r))).toEqual([
      ['rightOperant.dataEvent', 'REQUIRED'],
      ['rightOperant.pathway', 'REQUIRED'],
      ['rightOperant.form', 'REQUIRED'],
      ['rightOperant.question', 'REQUIRED'],
    ]);
  });

  it('requires the form to be part of the data event', () => {
    const process = ProcessSchema.parse({
      id: 'p1',
      pathwayName: 'P',
      dataEvents: [{ id: 'e1', type: 'TYPE_USER', forms: ['f1'] }],
    });
    const r = rule('n', { type: 'CONST_VAL', value: 1 });
    expect(validateValidationRule(form, r, { processes: [process] })).toEqual([]);
    const elsewhere = { ...process, dataEvents: [{ ...process.dataEvents[0]!, forms: ['f9'] }] };
    expect(messages(validateValidationRule(form, r, { processes: [elsewhere] }))).toEqual([
      ['leftOperant.form', 'NOT_IN_DATA_EVENT'],
      ['rightOperant.form', 'NOT_IN_DATA_EVENT'],
    ]);
    expect(messages(validateValidationRule(form, r, { processes: [] }))[0]).toEqual([
      'leftOperant.pathway',
      'UNKNOWN_REFERENCE',
    ]);
  });

  it('compatible types: number with slider, date with date-time, otherwise the same type', () => {
    expect(isRuleQuestionTypeCompatible('NUMBER', 'SLIDER')).toBe(true);
    expect(isRuleQuestionTypeCompatible('DATE_TIME', 'DATE')).toBe(true);
    expect(isRuleQuestionTypeCompatible('TIME', 'TIME')).toBe(true);
    expect(isRuleQuestionTypeCompatible('NUMBER', 'DATE')).toBe(false);
    expect(isRuleQuestionTypeCompatible('TIME', 'TIME_DURATION')).toBe(false);
    expect(validateValidationRule(form, rule('n', { type: 'QUESTION', question: 's' }))).toEqual([]);
    expect(validateValidationRule(form, rule('dt', { type: 'QUESTION', question: 'd' }))).toEqual([]);
    expect(messages(validateValidationRule(form, rule('n', { type: 'QUESTION', question: 'd' })))).toEqual([
      ['rightOperant.question', 'INCOMPATIBLE_TYPES'],
    ]);
  });

  it('offers any/nany for choices and any/nany/all/nall for multiple response', () => {
    expect(
      validateValidationRule(
        form,
        rule('mc', { type: 'CONST_POS', possibilities: [1] }, { operator: 'nany' }),
      ),
    ).toEqual([]);
    expect(
      messages(
        validateValidationRule(
          form,
          rule('mc', { type: 'CONST_POS', possibilities: [1] }, { operator: 'all' }),
        ),
      ),
    ).toEqual([['operator', 'NOT_ALLOWED']]);
    expect(
      validateValidationRule(
        form,
        rule('mr', { type: 'CONST_POS', possibilities: [1, 3] }, { operator: 'nall' }),
      ),
    ).toEqual([]);
    expect(
      messages(validateValidationRule(form, rule('n', { type: 'CONST_VAL', value: 1 }, { operator: 'any' }))),
    ).toEqual([['operator', 'NOT_ALLOWED']]);
    expect(messages(validateValidationRule(form, rule('txt', { type: 'CONST_VAL', value: 'a' })))).toEqual([
      ['leftOperant.question', 'NOT_ALLOWED'],
    ]);
  });

  it('right operand: constants for numbers, positions for choices, date reference or question for dates', () => {
    expect(
      messages(validateValidationRule(form, rule('n', { type: 'DATE_REF', referenceDate: 'fillout' }))),
    ).toEqual([['rightOperant.type', 'NOT_ALLOWED']]);
    expect(
      messages(validateValidationRule(form, rule('d', { type: 'CONST_VAL', value: '2024-01-01' }))),
    ).toEqual([['rightOperant.type', 'NOT_ALLOWED']]);
    expect(messages(validateValidationRule(form, rule('n', { type: 'CONST_VAL', value: 'ten' })))).toEqual([
      ['rightOperant.value', 'NOT_NUMERIC'],
    ]);
    expect(
      messages(validateValidationRule(form, rule('n', { type: 'CONST_VAL', value: '10000000000000' }))),
    ).toEqual([['rightOperant.value', 'OUT_OF_RANGE']]);
    const positions = rule('mc', { type: 'CONST_POS', possibilities: [0, 2, 2, 4] }, { operator: 'any' });
    expect(messages(validateValidationRule(form, positions))).toEqual([
      ['rightOperant.possibilities.0', 'OUT_OF_RANGE'],
      ['rightOperant.possibilities.2', 'DUPLICATE'],
      ['rightOperant.possibilities.3', 'OUT_OF_RANGE'],
    ]);
  });

  it('offsets: up to 3 elements (4 is too many), a number is required, units by type', () => {
    const date = (offsetElements: unknown[]) =>
      rule('d', { type: 'DATE_REF', referenceDate: 'currentDate', offsetElements } as RuleOperantInput);
    expect(validateValidationRule(form, date([offset, offset, offset]))).toEqual([]);
    expect(messages(validateValidationRule(form, date([offset, offset, offset, offset])))).toEqual([
      ['rightOperant.offsetElements', 'TOO_MANY'],
    ]);
    expect(messages(validateValidationRule(form, date([{ ...offset, offsetNumber: null }])))).toEqual([
      ['rightOperant.offsetElements.0.offsetNumber', 'NUMBER_REQUIRED'],
    ]);
    expect(messages(validateValidationRule(form, date([{ ...offset, timeUnit: 'hours' }])))).toEqual([
      ['rightOperant.offsetElements.0.timeUnit', 'NOT_ALLOWED'],
    ]);
    const time = rule('t', {
      type: 'CONST_VAL',
      value: '08:00',
      offsetElements: [{ ...offset, timeUnit: 'minutes' }],
    });
    expect(validateValidationRule(form, time)).toEqual([]);
    const number = rule('n', { type: 'CONST_VAL', value: '1', offsetElements: [offset] });
    expect(messages(validateValidationRule(form, number))).toEqual([
      ['rightOperant.offsetElements.0', 'NOT_ALLOWED'],
    ]);
  });

  it('the left operand is a question of this form', () => {
    const r = rule('n', { type: 'CONST_VAL', value: 1 });
    expect(
      messages(validateValidationRule(form, { ...r, leftOperant: { ...r.leftOperant, form: 'f2' } })),
    ).toEqual([['leftOperant.form', 'NOT_ALLOWED']]);
    expect(
      messages(validateValidationRule(form, { ...r, leftOperant: { ...r.leftOperant, question: 'zz' } })),
    ).toEqual([['leftOperant.question', 'UNKNOWN_REFERENCE']]);
  });
});
