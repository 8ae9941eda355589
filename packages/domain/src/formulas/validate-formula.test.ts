import { describe, expect, it } from 'vitest';
import { buildTestForm, buildTestPossibilities, buildTestQuestion } from '../authoring/testing';
import { validateFormula } from './validate-formula';

const form = buildTestForm({
  questions: [
    buildTestQuestion({ id: 'n', type: 'NUMBER', order: 1 }),
    buildTestQuestion({ id: 's', type: 'SLIDER', order: 2, minValue: 0, maxValue: 10 }),
    buildTestQuestion({
      id: 'y',
      type: 'YES_NO',
      order: 3,
      possibilities: buildTestPossibilities('y', 2, [1, 0]),
    }),
    buildTestQuestion({ id: 't', type: 'TEXT_FREE', order: 4 }),
  ],
});
const scoreForm = { ...form, score: true };

describe('Spec 001 §5 CALCULATED authoring', () => {
  it('accepts NUMBER and SLIDER references on any form', () => {
    expect(validateFormula(form, 'Q1 + Q2 / 2')).toEqual([]);
  });

  it('requires a formula and a valid pattern', () => {
    expect(validateFormula(form, '')).toEqual([{ path: ['calculationFormula'], message: 'REQUIRED' }]);
    expect(validateFormula(form, 'Q1 +')).toEqual([
      {
        path: ['calculationFormula'],
        message: 'INVALID_FORMULA',
        params: { error: 'UNEXPECTED_END', position: 4 },
      },
    ]);
  });

  it('refuses references to missing questions and disallowed types', () => {
    expect(validateFormula(form, 'Q9')).toMatchObject([
      { message: 'UNKNOWN_REFERENCE', params: { reference: 'Q9' } },
    ]);
    expect(validateFormula(form, 'Q3')).toMatchObject([
      { message: 'INCOMPATIBLE_TYPES', params: { type: 'YES_NO' } },
    ]);
    expect(validateFormula(scoreForm, 'Q3')).toEqual([]);
    expect(validateFormula(scoreForm, 'Q4')).toMatchObject([
      { message: 'INCOMPATIBLE_TYPES', params: { type: 'TEXT_FREE' } },
    ]);
  });

  it('allows QMAX only on score forms and only for scored choice types', () => {
    expect(validateFormula(form, 'Q1 / QMAX3')).toMatchObject([
      { message: 'NOT_ALLOWED', params: { reference: 'QMAX3' } },
    ]);
    expect(validateFormula(scoreForm, 'Q3 / QMAX3')).toEqual([]);
    expect(validateFormula(scoreForm, 'QMAX1')).toMatchObject([{ message: 'INCOMPATIBLE_TYPES' }]);
  });

  it('reports each wrong reference once, at the given path', () => {
    expect(validateFormula(form, 'Q9 + Q9', ['questions', 4, 'calculationFormula'])).toEqual([
      {
        path: ['questions', 4, 'calculationFormula'],
        message: 'UNKNOWN_REFERENCE',
        params: { reference: 'Q9', position: 0 },
      },
    ]);
  });
});
