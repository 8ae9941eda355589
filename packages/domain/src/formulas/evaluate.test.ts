import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTestForm, buildTestPossibilities, buildTestQuestion } from '../authoring/testing';
import {
  evaluateCalculatedQuestion,
  evaluateFormula,
  formScore,
  questionMaxScore,
  roundFormulaResult,
} from './evaluate';

const numbers = buildTestForm({
  questions: [
    buildTestQuestion({ id: 'a', type: 'NUMBER', order: 1, floatingNumber: true }),
    buildTestQuestion({ id: 'b', type: 'SLIDER', order: 2, minValue: 0, maxValue: 10 }),
    buildTestQuestion({
      id: 'c',
      type: 'MULTIPLE_CHOICE',
      order: 3,
      possibilities: buildTestPossibilities('c', 3, [1, 5, 3]),
    }),
    buildTestQuestion({ id: 'd', type: 'TEXT_SENTENCE', order: 4 }),
  ],
});
const scored = { ...numbers, score: true };
const answer = (text: string) => ({ answerStrings: [text] });

describe('Spec 002 §5 calculated answers', () => {
  it('evaluates Q{n} over NUMBER and SLIDER answers, dot or comma decimals', () => {
    expect(evaluateFormula(numbers, 'Q1 + Q2 * 2', { a: answer('1,5'), b: answer('3') })).toBe(7.5);
    expect(evaluateFormula(numbers, '-(Q1 - Q2)', { a: answer('-2'), b: answer('3') })).toBe(5);
  });

  it('rounds to the configured decimals, 4 by default', () => {
    expect(evaluateFormula(numbers, 'Q1 / 3', { a: answer('1') })).toBe(0.3333);
    expect(evaluateFormula(numbers, 'Q1 / 3', { a: answer('2') }, 2)).toBe(0.67);
    expect(evaluateFormula(numbers, 'Q1 / 3', { a: answer('2') }, 0)).toBe(1);
    expect(roundFormulaResult(-0.00001)).toBe(0);
    expect(Object.is(roundFormulaResult(-0.00001), -0)).toBe(false);
  });

  it('clears the answer (null) when the result is not finite', () => {
    expect(evaluateFormula(numbers, 'Q1 / Q2', { a: answer('1'), b: answer('0') })).toBeNull();
    expect(evaluateFormula(numbers, 'Q1 / Q2', { a: answer('0'), b: answer('0') })).toBeNull();
    expect(evaluateFormula(numbers, `${'9'.repeat(400)} * Q1`, { a: answer('1') })).toBeNull();
  });

  it('gives null while a referenced question is unanswered, unavailable or skipped', () => {
    expect(evaluateFormula(numbers, 'Q1 + Q2', { a: answer('1') })).toBeNull();
    expect(
      evaluateFormula(numbers, 'Q1', { a: { answerStrings: ['4'], answerUnavailable: true } }),
    ).toBeNull();
    expect(evaluateFormula(numbers, 'Q1', { a: { answerStrings: ['4'], answerSkipped: true } })).toBeNull();
    expect(evaluateFormula(numbers, 'Q1', { a: answer('abc') })).toBeNull();
  });

  it('reads choice questions by score value only on score forms; QMAX only on score forms', () => {
    expect(evaluateFormula(numbers, 'Q3', { c: { possibilities: ['c-p2'] } })).toBeNull();
    expect(evaluateFormula(scored, 'Q3', { c: { possibilities: ['c-p2'] } })).toBe(5);
    expect(evaluateFormula(scored, 'Q3 / QMAX3 * 100', { c: { possibilities: ['c-p3'] } })).toBe(60);
    expect(evaluateFormula(numbers, 'QMAX3', {})).toBeNull();
    expect(evaluateFormula(scored, 'Q4', { d: answer('5') })).toBeNull();
    expect(evaluateFormula(scored, 'Q9', {})).toBeNull();
  });

  it('QMAX{n} is the highest score value of the question', () => {
    expect(questionMaxScore(scored.questions[2]!)).toBe(5);
    expect(questionMaxScore(scored.questions[0]!)).toBeNull();
  });

  it('computes a CALCULATED question from its own formula and decimals', () => {
    const question = buildTestQuestion({
      id: 'calc',
      type: 'CALCULATED',
      order: 5,
      calculationFormula: 'Q1 / 7',
      calculationDecimals: 1,
    });
    expect(evaluateCalculatedQuestion(numbers, question, { a: answer('10') })).toBe(1.4);
    expect(evaluateCalculatedQuestion(numbers, { ...question, calculationFormula: null }, {})).toBeNull();
  });

  it('never throws, for any formula text and any generated answers', () => {
    const answerArb = fc.record(
      {
        answerStrings: fc.array(fc.oneof(fc.string(), fc.double().map(String), fc.constant('1,5'))),
        possibilities: fc.array(fc.constantFrom('c-p1', 'c-p2', 'c-p3', 'x')),
        answerUnavailable: fc.boolean(),
      },
      { requiredKeys: [] },
    );
    const formulaArb = fc.oneof(
      fc.string(),
      fc.constantFrom('Q1 + Q2', 'Q1 / Q2', 'Q3 * QMAX3', '-(Q1 - -Q2) / (Q3 - Q3)', 'Q4 + 1', 'QMAX1'),
    );
    fc.assert(
      fc.property(
        formulaArb,
        answerArb,
        answerArb,
        answerArb,
        fc.boolean(),
        fc.integer(),
        (f, a, b, c, isScore, d) => {
          const result = evaluateFormula({ ...numbers, score: isScore }, f, { a, b, c }, d);
          expect(result === null || Number.isFinite(result)).toBe(true);
        },
      ),
    );
  });
});

describe('Spec 001 §3 form score', () => {
  it('sums the score values of chosen possibilities and leaves hidden questions out', () => {
    const form = buildTestForm({
      score: true,
      questions: [
        buildTestQuestion({
          id: 's',
          type: 'SMILEY',
          order: 1,
          possibilities: buildTestPossibilities('s', 5, [0, 1, 2, 3, 4]),
        }),
        buildTestQuestion({
          id: 'm',
          type: 'MULTIPLE_RESPONSE',
          order: 2,
          possibilities: buildTestPossibilities('m', 3, [1, 2, 4]),
        }),
        buildTestQuestion({
          id: 'y',
          type: 'YES_NO',
          order: 3,
          possibilities: buildTestPossibilities('y', 2, [1, 0]),
        }),
      ],
    });
    const answers = {
      s: { possibilities: ['s-p4'] },
      m: { possibilities: ['m-p1', 'm-p3'] },
      y: { possibilities: ['y-p1'] },
    };
    expect(formScore(form, answers)).toBe(3 + 5 + 1);
    expect(formScore(form, answers, { m: false })).toBe(4);
    expect(formScore(form, {})).toBe(0);
  });
});
