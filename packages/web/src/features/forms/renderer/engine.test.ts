import { AnswerSchema, collectEmbeddedRules, FormTemplateSchema } from '@trialbase/domain';
import { describe, expect, it } from 'vitest';
import { computeFormEngine } from './engine';

const form = FormTemplateSchema.parse({
  id: 'f1',
  title: { en: 'Form' },
  type: 'TYPE_FORM',
  score: true,
  questions: [
    {
      id: 'smoker',
      order: 1,
      type: 'YES_NO',
      required: true,
      question: { en: 'Smoker?' },
      possibilities: [
        { id: 'yes', possibility: { en: 'Yes' }, scoreValue: 2 },
        { id: 'no', possibility: { en: 'No' }, scoreValue: 0 },
      ],
    },
    {
      id: 'brand',
      order: 2,
      type: 'TEXT_SENTENCE',
      required: true,
      question: { en: 'Brand' },
      showRules: [{ question: 'smoker', possibilities: ['yes'] }],
    },
    {
      id: 'count',
      order: 3,
      type: 'NUMBER',
      question: { en: 'Per day' },
      validationRules: [
        {
          id: 'r1',
          leftOperant: { type: 'QUESTION', question: 'count' },
          operator: 'lte',
          rightOperant: { type: 'CONST_VAL', value: 60 },
          action: { type: 'BLOCK', message: { en: 'At most {limit}' } },
        },
      ],
    },
    { id: 'double', order: 4, type: 'CALCULATED', question: { en: 'Double' }, calculationFormula: 'Q3 * 2' },
    { id: 'notes', order: 5, type: 'TEXT_FREE', question: { en: 'Notes' } },
  ],
});
const options = { audience: 'public' as const, now: new Date('2026-01-01T00:00:00Z') };
const answer = (question: string, value: Record<string, unknown>) =>
  AnswerSchema.parse({ question, ...value });
const rulesOf = collectEmbeddedRules;

describe('form renderer engine (spec 001 §4-§5, issue 5 item 7)', () => {
  it('hides a question until its show rule holds, and validates only shown questions', () => {
    const empty = computeFormEngine(form, rulesOf(form), [], options);
    expect(empty.shown.map((q) => q.id)).toEqual(['smoker', 'count', 'double', 'notes']);
    expect(empty.views.get('smoker')?.issues[0]?.message).toBe('PUBLIC.VALIDATION.REQUIRED');
    const yes = computeFormEngine(
      form,
      rulesOf(form),
      [answer('smoker', { possibilities: ['yes'] })],
      options,
    );
    expect(yes.shown.map((q) => q.id)).toContain('brand');
    expect(yes.views.get('brand')?.issues[0]?.message).toBe('PUBLIC.VALIDATION.REQUIRED');
    expect(yes.score).toBe(2);
  });

  it('fires a BLOCK rule with its filled message and computes calculated questions live', () => {
    const result = computeFormEngine(
      form,
      rulesOf(form),
      [answer('count', { answerStrings: ['80'] })],
      options,
    );
    const fired = result.views.get('count')?.fired[0];
    expect(fired).toMatchObject({ action: 'BLOCK', isBlocking: true, message: { en: 'At most 60' } });
    expect(result.views.get('double')?.calculated).toBe(160);
    expect(result.invalidCount).toBe(2); // the unanswered required smoker, and the blocked count
  });

  it('keeps the view objects of untouched questions, so their rows do not re-render', () => {
    const first = computeFormEngine(
      form,
      rulesOf(form),
      [answer('count', { answerStrings: ['80'] })],
      options,
    );
    const typed = [answer('count', { answerStrings: ['80'] }), answer('notes', { answerStrings: ['a'] })];
    const second = computeFormEngine(form, rulesOf(form), typed, options, first.views);
    for (const id of ['smoker', 'count', 'double', 'notes']) {
      expect(second.views.get(id)).toBe(first.views.get(id));
    }
    const fixed = computeFormEngine(
      form,
      rulesOf(form),
      [answer('count', { answerStrings: ['10'] })],
      options,
      second.views,
    );
    expect(fixed.views.get('count')).not.toBe(second.views.get('count'));
    expect(fixed.views.get('count')?.fired).toEqual([]);
  });
});
