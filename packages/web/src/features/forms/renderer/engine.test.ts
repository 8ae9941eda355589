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

  it('gives, change after change, what a run from scratch gives (the reuse of unread parts is exact)', () => {
    // Show rules on a question and on a possibility, a rule between two questions, a formula, a
    // score: a seeded sequence of edits, each run reusing the last run, compared with a fresh run.
    const wide = FormTemplateSchema.parse({
      ...form,
      questions: [
        ...form.questions,
        {
          id: 'mood',
          order: 6,
          type: 'MULTIPLE_CHOICE',
          question: { en: 'Mood' },
          possibilities: [
            { id: 'good', possibility: { en: 'Good' }, scoreValue: 1 },
            {
              id: 'bad',
              possibility: { en: 'Bad' },
              scoreValue: 3,
              showRules: [{ question: 'smoker', possibilities: ['yes'] }],
            },
          ],
        },
        {
          id: 'limit',
          order: 7,
          type: 'NUMBER',
          required: true,
          question: { en: 'Limit' },
          validationRules: [
            {
              id: 'r2',
              leftOperant: { type: 'QUESTION', question: 'limit' },
              operator: 'gte',
              rightOperant: { type: 'QUESTION', question: 'count' },
              action: { type: 'WARNING', message: { en: 'Below {limit}' } },
            },
          ],
        },
        { id: 'sum', order: 8, type: 'CALCULATED', question: { en: 'Sum' }, calculationFormula: 'Q7 + Q1' },
        { id: 'why', order: 9, type: 'TEXT_SENTENCE', required: true, question: { en: 'Why' } },
      ],
    });
    const rules = rulesOf(wide);
    const edits: Array<(id: number) => Answer> = [
      (n) => answer('smoker', { possibilities: [n % 2 ? 'yes' : 'no'] }),
      (n) => answer('brand', { answerStrings: n % 3 ? [`b${n}`] : [] }),
      (n) => answer('count', { answerStrings: [String((n * 7) % 90)] }),
      (n) => answer('notes', { answerStrings: n % 4 ? [`note ${n}`] : [] }),
      (n) => answer('mood', { possibilities: [n % 2 ? 'good' : 'bad'] }),
      (n) => answer('limit', { answerStrings: n % 5 ? [String(n % 70)] : [] }),
      (n) => answer('why', { answerStrings: n % 2 ? ['x'] : [], answerSkipped: n % 7 === 0 }),
      (n) => answer('notes', { answerStrings: [`n${n}`], answerUnavailable: n % 6 === 0 }),
    ];
    let seed = 7;
    const next = () => {
      // mulberry32: a seeded generator whose low bits are usable.
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return (t ^ (t >>> 14)) >>> 0;
    };
    type Answer = ReturnType<typeof answer>;
    let answers: Answer[] = [];
    let last = computeFormEngine(wide, rules, answers, options);
    for (let step = 0; step < 300; step++) {
      const edited = (edits[next() % edits.length] as (n: number) => Answer)(next() % 100);
      const at = answers.findIndex((a) => a.question === edited.question);
      answers = at < 0 ? [...answers, edited] : answers.map((a, i) => (i === at ? edited : a));
      if (next() % 9 === 0) answers = answers.filter((a) => a.question !== edited.question);
      const reused = computeFormEngine(wide, rules, answers, options, last.views);
      const fresh = computeFormEngine(wide, rules, answers, options);
      expect(reused.shown.map((q) => q.id)).toEqual(fresh.shown.map((q) => q.id));
      expect(Object.fromEntries(reused.views)).toEqual(Object.fromEntries(fresh.views));
      expect([reused.score, reused.invalidCount]).toEqual([fresh.score, fresh.invalidCount]);
      for (const [id, view] of reused.views) {
        const isSame = JSON.stringify(view) === JSON.stringify(last.views.get(id));
        if (isSame) expect(view).toBe(last.views.get(id));
      }
      last = reused;
    }
  });
});
