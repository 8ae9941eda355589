import { describe, expect, it } from 'vitest';
import { validateFormTemplate } from '../authoring/validate-form';
import { AnswerSchema } from '../questionnaires/model';
import { validateAnswer } from './answer-validation';
import { buildEq5dForm, deviceClassForWidth, eq5dHealthProfile } from './eq5d';

describe('EQ-5D-5L form (spec 001 §3 TYPE_EQ_5D)', () => {
  const form = buildEq5dForm('eq');

  it('has five single-choice dimensions of five ordered levels and a 0-100 VAS', () => {
    expect(form.type).toBe('TYPE_EQ_5D');
    const dims = form.questions.filter((q) => q.type === 'MULTIPLE_CHOICE');
    expect(dims.map((q) => q.exportLabel)).toEqual(['MO', 'SC', 'UA', 'PD', 'AD']);
    for (const q of dims) expect(q.possibilities.map((p) => p.scoreValue)).toEqual([1, 2, 3, 4, 5]);
    const vas = form.questions.find((q) => q.type === 'SLIDER');
    expect(vas).toMatchObject({ minValue: 0, maxValue: 100, order: 6, required: true });
  });

  it('passes every authoring limit', () => {
    expect(validateFormTemplate(form)).toEqual([]);
  });

  it('keeps question and possibility ids unique for its form id', () => {
    const ids = form.questions.flatMap((q) => [q.id, ...q.possibilities.map((p) => p.id)]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('EQ-5D device classes (spec 001 §9)', () => {
  it('splits at 540 and 1024 px', () => {
    expect(deviceClassForWidth(390)).toBe('MOBILE');
    expect(deviceClassForWidth(539)).toBe('MOBILE');
    expect(deviceClassForWidth(540)).toBe('TABLET');
    expect(deviceClassForWidth(1023)).toBe('TABLET');
    expect(deviceClassForWidth(1024)).toBe('DESKTOP');
  });
  it('is kept in the form document', () => {
    expect(buildEq5dForm('x').deviceClasses?.map((d) => d.deviceClass)).toEqual([
      'MOBILE',
      'TABLET',
      'DESKTOP',
    ]);
  });
});

describe('EQ-5D health profile', () => {
  it('round-trips 11111 and 55555 and codes missing levels as 9', () => {
    expect(eq5dHealthProfile([1, 1, 1, 1, 1])).toBe('11111');
    expect(eq5dHealthProfile([5, 5, 5, 5, 5])).toBe('55555');
    expect(eq5dHealthProfile([2, 1, null, 4, 3])).toBe('21943');
    expect(eq5dHealthProfile([0, 6, 2.5, 1])).toBe('99919');
  });
});

describe('EQ VAS answers', () => {
  const vas = buildEq5dForm('eq').questions[5]!;
  const answer = (value: string) => AnswerSchema.parse({ question: vas.id, answerStrings: [value] });
  it('accepts 0 and 100 and refuses -1 and 101', () => {
    expect(validateAnswer(vas, answer('0'))).toEqual([]);
    expect(validateAnswer(vas, answer('100'))).toEqual([]);
    expect(validateAnswer(vas, answer('-1'))).not.toEqual([]);
    expect(validateAnswer(vas, answer('101'))).not.toEqual([]);
  });
});
