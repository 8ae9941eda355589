import { describe, expect, it } from 'vitest';
import type { Question } from '../forms/model';
import { validateQueryText, validateQuestionComment, validateUpdateComment } from './limits';
import { buildTestForm, buildTestPossibilities, buildTestQuestion } from './testing';
import { validateQuestion } from './validate-question';

const form = buildTestForm();
const check = (question: Question, f = form) =>
  validateQuestion(f, question).map((i) => [i.path.join('.'), i.message]);
const number = (extra: Partial<Question>) => ({
  ...buildTestQuestion({ id: 'n', type: 'NUMBER', order: 1 }),
  ...extra,
});

describe('Spec 001 §5 authoring limits: min and max', () => {
  it('numbers: within ±9999999999999, integers unless floating, min not above max', () => {
    expect(check(number({ minValue: -9999999999999, maxValue: 9999999999999 }))).toEqual([]);
    expect(check(number({ maxValue: 10000000000000 }))).toEqual([['maxValue', 'OUT_OF_RANGE']]);
    expect(check(number({ minValue: 1.5 }))).toEqual([['minValue', 'NOT_INTEGER']]);
    expect(check(number({ minValue: 1.5, floatingNumber: true }))).toEqual([]);
    expect(check(number({ minValue: 5, maxValue: 5 }))).toEqual([]);
    expect(check(number({ minValue: 6, maxValue: 5 }))).toEqual([['minValue', 'MIN_ABOVE_MAX']]);
    expect(check(number({ minValue: Number.NaN }))).toEqual([['minValue', 'NOT_NUMERIC']]);
  });

  it('sliders need both bounds', () => {
    const slider = { ...buildTestQuestion({ id: 's', type: 'SLIDER', order: 1 }) };
    expect(check(slider)).toEqual([
      ['minValue', 'REQUIRED'],
      ['maxValue', 'REQUIRED'],
    ]);
  });

  it('text lengths are whole numbers from 1 to 10000 (10001 fails), min not above max', () => {
    const text = (minLength: number | null, maxLength: number | null) =>
      check({ ...buildTestQuestion({ id: 't', type: 'TEXT_FREE', order: 1 }), minLength, maxLength });
    expect(text(1, 10000)).toEqual([]);
    expect(text(0, 10001)).toEqual([
      ['minLength', 'OUT_OF_RANGE'],
      ['maxLength', 'OUT_OF_RANGE'],
    ]);
    expect(text(20, 10)).toEqual([['minLength', 'MIN_ABOVE_MAX']]);
  });

  it('text min and max length: positive, at most 10000, with min below max (equal is refused)', () => {
    const text = (minLength: number | null, maxLength: number | null) =>
      check({ ...buildTestQuestion({ id: 't', type: 'TEXT_SENTENCE', order: 1 }), minLength, maxLength });
    expect(text(10, 10)).toEqual([['minLength', 'MIN_NOT_BELOW_MAX']]);
    expect(text(9, 10)).toEqual([]);
    expect(text(10000, 10000)).toEqual([['minLength', 'MIN_NOT_BELOW_MAX']]);
    expect(text(-1, 5)).toEqual([['minLength', 'OUT_OF_RANGE']]);
    expect(text(null, 10000)).toEqual([]);
  });

  it('multiple response min and max answers do not exceed the number of possibilities', () => {
    const mr = (minAnswer: number, maxAnswer: number) =>
      check({
        ...buildTestQuestion({
          id: 'm',
          type: 'MULTIPLE_RESPONSE',
          order: 1,
          possibilities: buildTestPossibilities('m', 3),
        }),
        minAnswer,
        maxAnswer,
      });
    expect(mr(1, 3)).toEqual([]);
    expect(mr(1, 4)).toEqual([['maxAnswer', 'OUT_OF_RANGE']]);
    expect(mr(3, 2)).toEqual([['minAnswer', 'MIN_ABOVE_MAX']]);
  });
});

describe('Spec 001 §5 authoring limits: texts and possibilities', () => {
  it('question text is required', () => {
    expect(check(number({ question: { en: '  ' } }))).toEqual([['question', 'REQUIRED']]);
  });

  it('choice types need a possibility; each text at most 1024 characters (1025 fails)', () => {
    const choice = (possibilities: Question['possibilities']) =>
      check({ ...buildTestQuestion({ id: 'c', type: 'YES_NO', order: 1 }), possibilities });
    expect(choice([])).toEqual([['possibilities', 'TOO_FEW']]);
    const [p1, p2] = buildTestPossibilities('c', 2);
    expect(choice([{ ...p1!, possibility: { en: 'x'.repeat(1024) } }])).toEqual([]);
    expect(
      choice([
        { ...p1!, possibility: { en: 'x'.repeat(1025) } },
        { ...p2!, possibility: {} },
      ]),
    ).toEqual([
      ['possibilities.0.possibility.en', 'MAX_LENGTH'],
      ['possibilities.1.possibility', 'REQUIRED'],
    ]);
  });

  it('export labels are letters and digits only', () => {
    expect(check(number({ exportLabel: 'Weight1' }))).toEqual([]);
    expect(check(number({ exportLabel: 'weight_kg' }))).toEqual([['exportLabel', 'PATTERN']]);
  });

  it('calculated questions: formula references checked, decimals within range', () => {
    const calc = buildTestQuestion({ id: 'c', type: 'CALCULATED', order: 2, calculationFormula: 'Q1 * 2' });
    const withNumber = buildTestForm({ questions: [number({}), calc] });
    expect(check(calc, withNumber)).toEqual([]);
    expect(check({ ...calc, calculationFormula: 'Q2 * 2', calculationDecimals: 21 }, withNumber)).toEqual([
      ['calculationFormula', 'INCOMPATIBLE_TYPES'],
      ['calculationDecimals', 'OUT_OF_RANGE'],
    ]);
  });

  it('show rules only reference earlier choice questions', () => {
    const source = buildTestQuestion({
      id: 'y',
      type: 'YES_NO',
      order: 2,
      possibilities: buildTestPossibilities('y', 2),
    });
    const f = buildTestForm({ questions: [number({}), source] });
    const later = buildTestQuestion({
      id: 'l',
      type: 'TEXT_FREE',
      order: 3,
      showRules: [{ question: 'y', possibilities: ['y-p1'] }],
    });
    expect(check(later, f)).toEqual([]);
    expect(check({ ...later, order: 1 }, f)).toEqual([['showRules.0.question', 'NOT_ALLOWED']]);
    expect(check({ ...later, showRules: [{ question: 'n', possibilities: [] }] }, f)).toEqual([
      ['showRules.0.question', 'NOT_ALLOWED'],
    ]);
  });
});

describe('Spec 001 §5 comment, query text and update comment limits', () => {
  it('question comment: 256 pass, 257 fail', () => {
    expect(validateQuestionComment('x'.repeat(256))).toEqual([]);
    expect(validateQuestionComment('')).toEqual([]);
    expect(validateQuestionComment('x'.repeat(257))).toMatchObject([
      { message: 'MAX_LENGTH', params: { max: 256 } },
    ]);
  });

  it('query text: required, 1000 pass, 1001 fail', () => {
    expect(validateQueryText('')).toMatchObject([{ message: 'REQUIRED' }]);
    expect(validateQueryText('x'.repeat(1000))).toEqual([]);
    expect(validateQueryText('x'.repeat(1001))).toMatchObject([
      { path: ['queryText'], message: 'MAX_LENGTH' },
    ]);
  });

  it('update comment: required, 2048 pass, 2049 fail', () => {
    expect(validateUpdateComment(undefined)).toMatchObject([{ message: 'REQUIRED' }]);
    expect(validateUpdateComment('x'.repeat(2048))).toEqual([]);
    expect(validateUpdateComment('x'.repeat(2049))).toMatchObject([
      { message: 'MAX_LENGTH', params: { max: 2048 } },
    ]);
  });
});
