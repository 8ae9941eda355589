import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QUESTION_TYPES } from './model';
import {
  collectShowRules,
  dropDanglingShowRules,
  evaluateFormVisibility,
  evaluateVisibility,
  type FormShowRule,
  findShowRulesReferencing,
  validateShowRule,
} from './show-rules';
import { buildAnswer, buildForm, buildQuestion } from './test-fixtures';

const yesNo = (order: number, extra = {}) =>
  buildQuestion({ order, type: 'YES_NO', possibilities: [`y${order}`, `n${order}`], ...extra });
const rule = (
  target: string,
  question: string,
  possibilities: string[],
  possibility?: string,
): FormShowRule => ({
  target: possibility ? { question: target, possibility } : { question: target },
  question,
  possibilities,
});

describe('Spec 001 §5 show rule authoring', () => {
  const form = buildForm([
    yesNo(1),
    buildQuestion({ order: 2, type: 'NUMBER' }),
    yesNo(3),
    buildQuestion({ order: 4, type: 'TEXT_FREE', possibilities: [] }),
  ]);
  const reasons = (r: FormShowRule) => validateShowRule(form, r).map((i) => [i.message, i.params?.reason]);

  it('accepts a rule on possibilities of an earlier choice question', () => {
    expect(validateShowRule(form, rule('q3', 'q1', ['y1']))).toEqual([]);
    expect(validateShowRule(form, rule('q3', 'q1', ['y1'], 'n3'))).toEqual([]);
  });

  it('rejects later, same and non-choice sources with INVALID_SHOW_RULE', () => {
    expect(reasons(rule('q1', 'q3', ['y3']))).toEqual([['INVALID_SHOW_RULE', 'QUESTION_NOT_EARLIER']]);
    expect(reasons(rule('q3', 'q3', ['y3'], 'n3'))).toEqual([['INVALID_SHOW_RULE', 'QUESTION_NOT_EARLIER']]);
    expect(reasons(rule('q4', 'q2', []))).toEqual([
      ['INVALID_SHOW_RULE', 'QUESTION_NOT_CHOICE'],
      ['INVALID_SHOW_RULE', 'NO_POSSIBILITIES'],
    ]);
  });

  it('rejects unknown targets, sources and possibilities', () => {
    expect(reasons(rule('zz', 'q1', ['y1']))).toEqual([['INVALID_SHOW_RULE', 'TARGET_NOT_FOUND']]);
    expect(reasons(rule('q3', 'zz', ['y1']))).toEqual([['INVALID_SHOW_RULE', 'QUESTION_NOT_FOUND']]);
    expect(reasons(rule('q3', 'q1', ['y3']))).toEqual([['INVALID_SHOW_RULE', 'POSSIBILITY_NOT_FOUND']]);
    expect(reasons(rule('q3', 'q1', ['y1'], 'zz'))).toEqual([
      ['INVALID_SHOW_RULE', 'TARGET_POSSIBILITY_NOT_FOUND'],
    ]);
  });

  it('drops rules pointing at removed questions or possibilities', () => {
    const withRules = buildForm([
      buildQuestion({ order: 1, type: 'MULTIPLE_RESPONSE', possibilities: ['a', 'b'] }),
      buildQuestion({
        order: 2,
        showRules: [
          { question: 'q1', possibilities: ['a', 'gone'] },
          { question: 'removed', possibilities: ['x'] },
          { question: 'q1', possibilities: ['gone'] },
        ],
      }),
    ]);
    const cleaned = dropDanglingShowRules(withRules);
    expect(cleaned.questions[1]?.showRules).toEqual([{ question: 'q1', possibilities: ['a'] }]);
    expect(findShowRulesReferencing(withRules, 'q1')).toHaveLength(2);
  });
});

describe('Spec 001 §4 show rule evaluation (DESIGN.md: OR, chains)', () => {
  it('shows a question when any chosen possibility of a rule matches', () => {
    const q2 = buildQuestion({ order: 2, showRules: [{ question: 'q1', possibilities: ['y1'] }] });
    const form = buildForm([yesNo(1), q2]);
    expect(evaluateFormVisibility(form, []).hiddenQuestions).toEqual(['q2']);
    expect(
      evaluateFormVisibility(form, [buildAnswer('q1', { possibilities: ['n1'] })]).hiddenQuestions,
    ).toEqual(['q2']);
    expect(
      evaluateFormVisibility(form, [buildAnswer('q1', { possibilities: ['y1'] })]).hiddenQuestions,
    ).toEqual([]);
  });

  it('combines several rules on one target with OR', () => {
    const q3 = buildQuestion({
      order: 3,
      showRules: [
        { question: 'q1', possibilities: ['y1'] },
        { question: 'q2', possibilities: ['y2'] },
      ],
    });
    const form = buildForm([yesNo(1), yesNo(2), q3]);
    const vis = (a: string, b: string) =>
      evaluateFormVisibility(form, [
        buildAnswer('q1', { possibilities: [a] }),
        buildAnswer('q2', { possibilities: [b] }),
      ]).hiddenQuestions;
    expect(vis('y1', 'n2')).toEqual([]);
    expect(vis('n1', 'y2')).toEqual([]);
    expect(vis('n1', 'n2')).toEqual(['q3']);
  });

  it('hides what depends on a hidden question, even when its stale answer matches', () => {
    const form = buildForm([
      yesNo(1),
      yesNo(2, { showRules: [{ question: 'q1', possibilities: ['y1'] }] }),
      buildQuestion({ order: 3, showRules: [{ question: 'q2', possibilities: ['y2'] }] }),
    ]);
    const answers = [
      buildAnswer('q1', { possibilities: ['n1'] }),
      buildAnswer('q2', { possibilities: ['y2'] }),
    ];
    expect(evaluateFormVisibility(form, answers).hiddenQuestions).toEqual(['q2', 'q3']);
  });

  it('hides possibilities by possibility-level rules, and a hidden choice counts as not chosen', () => {
    const q2 = buildQuestion({
      order: 2,
      type: 'MULTIPLE_CHOICE',
      possibilities: [
        { id: 'a', possibility: { en: 'A' }, showRules: [{ question: 'q1', possibilities: ['y1'] }] },
        { id: 'b', possibility: { en: 'B' } },
      ],
    });
    const q3 = buildQuestion({ order: 3, showRules: [{ question: 'q2', possibilities: ['a'] }] });
    const form = buildForm([yesNo(1), q2, q3]);
    const answers = [
      buildAnswer('q1', { possibilities: ['n1'] }),
      buildAnswer('q2', { possibilities: ['a'] }),
    ];
    expect(evaluateFormVisibility(form, answers)).toEqual({
      hiddenQuestions: ['q3'],
      hiddenPossibilities: ['a'],
    });
  });

  it('ignores unavailable or skipped answers as sources', () => {
    const form = buildForm([
      yesNo(1),
      buildQuestion({ order: 2, showRules: [{ question: 'q1', possibilities: ['y1'] }] }),
    ]);
    const answers = [buildAnswer('q1', { possibilities: ['y1'], answerUnavailable: true })];
    expect(evaluateFormVisibility(form, answers).hiddenQuestions).toEqual(['q2']);
  });
});

describe('Spec 001 §4 show rule evaluation properties', () => {
  const arbitraryCase = fc
    .record({
      types: fc.array(fc.constantFrom(...QUESTION_TYPES), { minLength: 1, maxLength: 8 }),
      rules: fc.array(
        fc.record({
          target: fc.nat(9),
          source: fc.nat(9),
          picks: fc.array(fc.nat(2), { maxLength: 3 }),
          onPossibility: fc.option(fc.nat(2), { nil: undefined }),
        }),
        { maxLength: 20 },
      ),
      answers: fc.array(fc.record({ q: fc.nat(9), picks: fc.array(fc.nat(2), { maxLength: 3 }) }), {
        maxLength: 10,
      }),
    })
    .map(({ types, rules, answers }) => {
      const form = buildForm(
        types.map((type, i) =>
          buildQuestion({ order: i + 1, type, possibilities: ['0', '1', '2'].map((p) => `q${i + 1}p${p}`) }),
        ),
      );
      const formRules = rules.map((r) =>
        rule(
          `q${r.target}`,
          `q${r.source}`,
          r.picks.map((p) => `q${r.source}p${p}`),
          r.onPossibility === undefined ? undefined : `q${r.target}p${r.onPossibility}`,
        ),
      );
      const formAnswers = answers.map((a) =>
        buildAnswer(`q${a.q}`, { possibilities: a.picks.map((p) => `q${a.q}p${p}`) }),
      );
      return { form, formRules, formAnswers };
    });

  it('terminates on any rules, cyclic or invalid ones included, and does not depend on rule order', () => {
    const withPermutation = arbitraryCase.chain((c) =>
      fc
        .shuffledSubarray(c.formRules, { minLength: c.formRules.length, maxLength: c.formRules.length })
        .map((shuffled) => ({ ...c, shuffled })),
    );
    fc.assert(
      fc.property(withPermutation, ({ form, formRules, formAnswers, shuffled }) => {
        const sorted = (rules: FormShowRule[]) => {
          const v = evaluateVisibility(form, rules, formAnswers);
          return { q: [...v.hiddenQuestions].sort(), p: [...v.hiddenPossibilities].sort() };
        };
        expect(sorted(shuffled)).toEqual(sorted(formRules));
        expect(sorted([...formRules].reverse())).toEqual(sorted(formRules));
      }),
    );
  });

  it('collects exactly the rules stored on the form', () => {
    const form = buildForm([yesNo(1), yesNo(2, { showRules: [{ question: 'q1', possibilities: ['y1'] }] })]);
    expect(collectShowRules(form)).toEqual([rule('q2', 'q1', ['y1'])]);
  });
});
