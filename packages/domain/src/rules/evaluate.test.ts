import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTestForm, buildTestPossibilities, buildTestQuestion } from '../authoring/testing';
import { evaluateValidationRules, hasBlockingRuleViolation } from './evaluate';
import { type RuleOperantInput, type ValidationRule, ValidationRuleSchema } from './model';
import { RULE_OPERATORS } from './operators';

const form = buildTestForm({
  questions: [
    buildTestQuestion({ id: 'weight', type: 'NUMBER', order: 1 }),
    buildTestQuestion({ id: 'visit', type: 'DATE', order: 2 }),
    buildTestQuestion({ id: 'taken', type: 'DATE_TIME', order: 3 }),
    buildTestQuestion({ id: 'pain', type: 'SLIDER', order: 4, minValue: 0, maxValue: 10 }),
    buildTestQuestion({
      id: 'arm',
      type: 'MULTIPLE_CHOICE',
      order: 5,
      possibilities: buildTestPossibilities('arm', 3),
    }),
    buildTestQuestion({
      id: 'symptoms',
      type: 'MULTIPLE_RESPONSE',
      order: 6,
      possibilities: buildTestPossibilities('sy', 4),
    }),
    buildTestQuestion({ id: 'wake', type: 'TIME', order: 7 }),
    buildTestQuestion({ id: 'sleep', type: 'TIME_DURATION', order: 8 }),
  ],
});
const at = { pathway: 'p1', dataEvent: 'e1', form: 'f1' };

function rule(
  question: string,
  operator: ValidationRule['operator'],
  right: RuleOperantInput,
  action: 'BLOCK' | 'WARNING' | 'QUERY' = 'BLOCK',
): ValidationRule {
  return ValidationRuleSchema.parse({
    id: `r-${question}`,
    leftOperant: { ...at, type: 'QUESTION', question },
    rightOperant: { ...at, question, ...right },
    operator,
    action: { type: action, message: { en: 'Limit is {limit}', da: 'Grænsen er {{limit}}' } },
  });
}
const now = new Date('2024-06-15T10:00:00Z');
const text = (value: string) => ({ answerStrings: [value] });

describe('Spec 002 §5 validation rules at fill (DESIGN.md: the rule states what valid data satisfies)', () => {
  it('BLOCK makes the question invalid when the rule does not hold, with the limit filled in per language', () => {
    const rules = [rule('weight', 'lte', { type: 'CONST_VAL', value: '200' })];
    const results = evaluateValidationRules(form, rules, { weight: text('250') }, { now });
    expect(results.weight).toEqual({
      isValid: false,
      fired: [
        {
          ruleId: 'r-weight',
          action: 'BLOCK',
          message: { en: 'Limit is 200', da: 'Grænsen er 200' },
          limit: '200',
          isBlocking: true,
          isQueryRequested: false,
        },
      ],
    });
    expect(hasBlockingRuleViolation(results)).toBe(true);
    expect(evaluateValidationRules(form, rules, { weight: text('200') }, { now })).toEqual({});
  });

  it('WARNING shows a message and QUERY also asks the server to raise a query; neither blocks', () => {
    const warning = rule('weight', 'gt', { type: 'CONST_VAL', value: 30 }, 'WARNING');
    const query = rule('weight', 'ne', { type: 'CONST_VAL', value: '20' }, 'QUERY');
    const results = evaluateValidationRules(form, [warning, query], { weight: text('20') }, { now });
    expect(results.weight?.isValid).toBe(true);
    expect(results.weight?.fired.map((f) => [f.action, f.isQueryRequested])).toEqual([
      ['WARNING', false],
      ['QUERY', true],
    ]);
    expect(hasBlockingRuleViolation(results)).toBe(false);
  });

  it('does not judge unanswered, unavailable or skipped questions', () => {
    const rules = [rule('weight', 'lt', { type: 'CONST_VAL', value: '10' })];
    expect(evaluateValidationRules(form, rules, {}, { now })).toEqual({});
    expect(
      evaluateValidationRules(
        form,
        rules,
        { weight: { answerStrings: ['99'], answerUnavailable: true } },
        { now },
      ),
    ).toEqual({});
  });

  it('compares dates with reference dates and offsets (18 years after the date of birth)', () => {
    const adult = rule('visit', 'gte', {
      type: 'DATE_REF',
      referenceDate: 'dateOfBirth',
      offsetElements: [{ mathOperator: '+', offsetNumber: 18, timeUnit: 'years' }],
    });
    const ctx = { now, dateOfBirth: '2006-06-20' };
    expect(
      evaluateValidationRules(form, [adult], { visit: text('2024-06-19') }, ctx).visit?.fired[0]?.message.en,
    ).toBe('Limit is 20-06-2024');
    expect(evaluateValidationRules(form, [adult], { visit: text('2024-06-20') }, ctx)).toEqual({});
    expect(evaluateValidationRules(form, [adult], { visit: text('2024-06-19') }, { now })).toEqual({});
  });

  it('currentDate comes from the passed-in time, read in the filler time zone, compared by day for dates', () => {
    const notFuture = rule('visit', 'lte', { type: 'DATE_REF', referenceDate: 'currentDate' });
    expect(evaluateValidationRules(form, [notFuture], { visit: text('2024-06-15') }, { now })).toEqual({});
    expect(
      evaluateValidationRules(form, [notFuture], { visit: text('2024-06-16') }, { now }).visit?.isValid,
    ).toBe(false);
    const late = new Date('2024-06-15T23:00:00Z');
    const ctx = { now: late, timeZone: 'Pacific/Auckland' };
    expect(evaluateValidationRules(form, [notFuture], { visit: text('2024-06-16') }, ctx)).toEqual({});
  });

  it('compares a date-time with a date question by day (compatible types)', () => {
    const afterVisit = rule('taken', 'gte', { type: 'QUESTION', question: 'visit' });
    const answers = { visit: text('2024-06-10'), taken: text('2024-06-10T08:00') };
    expect(evaluateValidationRules(form, [afterVisit], answers, { now })).toEqual({});
    const early = { ...answers, taken: text('2024-06-09T23:59') };
    expect(evaluateValidationRules(form, [afterVisit], early, { now }).taken?.isValid).toBe(false);
  });

  it('compares a number with a slider answer, and a time with a constant plus offset', () => {
    const r = rule('weight', 'gt', { type: 'QUESTION', question: 'pain' });
    expect(
      evaluateValidationRules(form, [r], { weight: text('5'), pain: text('7') }, { now }).weight?.isValid,
    ).toBe(false);
    const wake = rule('wake', 'lte', {
      type: 'CONST_VAL',
      value: '06:00',
      offsetElements: [{ mathOperator: '+', offsetNumber: 90, timeUnit: 'minutes' }],
    });
    expect(evaluateValidationRules(form, [wake], { wake: text('07:30') }, { now })).toEqual({});
    expect(
      evaluateValidationRules(form, [wake], { wake: text('07:31') }, { now }).wake?.fired[0]?.limit,
    ).toBe('07:30');
    const sleep = rule('sleep', 'gte', { type: 'CONST_VAL', duration: '6-0' }, 'WARNING');
    expect(
      evaluateValidationRules(form, [sleep], { sleep: text('5-59') }, { now }).sleep?.fired,
    ).toHaveLength(1);
  });

  it('choice rules use 1-based possibility positions, with the limit as possibility texts per language', () => {
    const arm = rule('arm', 'any', { type: 'CONST_POS', possibilities: [1, 3] });
    expect(evaluateValidationRules(form, [arm], { arm: { possibilities: ['arm-p3'] } }, { now })).toEqual({});
    const fired = evaluateValidationRules(form, [arm], { arm: { possibilities: ['arm-p2'] } }, { now });
    expect(fired.arm?.fired[0]?.message).toEqual({
      en: 'Limit is Option 1, Option 3',
      da: 'Grænsen er Valg 1, Valg 3',
    });
    const all = rule('symptoms', 'all', { type: 'CONST_POS', possibilities: [1, 2] });
    expect(
      evaluateValidationRules(
        form,
        [all],
        { symptoms: { possibilities: ['sy-p1', 'sy-p2', 'sy-p4'] } },
        { now },
      ),
    ).toEqual({});
    expect(
      evaluateValidationRules(form, [all], { symptoms: { possibilities: ['sy-p1'] } }, { now }).symptoms
        ?.isValid,
    ).toBe(false);
  });

  it('QUESTION_REF reads the answers of another data event', () => {
    const baseline = buildTestForm({
      id: 'f0',
      questions: [buildTestQuestion({ id: 'w0', type: 'NUMBER', order: 1 })],
    });
    const r = rule('weight', 'lte', { type: 'QUESTION_REF', form: 'f0', question: 'w0', dataEvent: 'e0' });
    const ctx = { now, referenceForms: [baseline], referenceAnswers: { w0: text('80') } };
    expect(evaluateValidationRules(form, [r], { weight: text('81') }, ctx).weight?.fired[0]?.limit).toBe(
      '80',
    );
    expect(evaluateValidationRules(form, [r], { weight: text('81') }, { now })).toEqual({});
  });

  it('applies only rules of the given data event', () => {
    const r = rule('weight', 'lt', { type: 'CONST_VAL', value: '1' });
    expect(evaluateValidationRules(form, [r], { weight: text('5') }, { now, dataEventId: 'e2' })).toEqual({});
    expect(
      evaluateValidationRules(form, [r], { weight: text('5') }, { now, dataEventId: 'e1' }).weight,
    ).toBeDefined();
  });

  it('a hidden question is skipped, and a hidden question as right operand gives no verdict', () => {
    const block = rule('arm', 'any', { type: 'CONST_POS', possibilities: [1] });
    const chosen = { arm: { possibilities: ['arm-p2'] } };
    expect(evaluateValidationRules(form, [block], chosen, { now }).arm?.isValid).toBe(false);
    expect(evaluateValidationRules(form, [block], chosen, { now, visibility: { arm: false } })).toEqual({});
    const byPain = rule('weight', 'gt', { type: 'QUESTION', question: 'pain' });
    const answers = { weight: text('5'), pain: text('7') };
    expect(evaluateValidationRules(form, [byPain], answers, { now, visibility: { pain: false } })).toEqual(
      {},
    );
  });

  it('a question hidden by show rules never blocks (property)', () => {
    const questionIds = form.questions.map((q) => q.id);
    const operant = fc.record({
      type: fc.constantFrom('CONST_VAL', 'CONST_POS', 'DATE_REF', 'QUESTION'),
      question: fc.constantFrom(...questionIds),
      value: fc.oneof(fc.string(), fc.integer().map(String), fc.constant('06:00')),
      possibilities: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1 }),
      referenceDate: fc.constantFrom('fillout', 'dateOfBirth', 'enrollment', 'currentDate'),
    });
    const ruleArb = fc.record({
      left: fc.constantFrom(...questionIds),
      operator: fc.constantFrom(...RULE_OPERATORS),
      right: operant,
    });
    const answerArb = fc.record({
      answerStrings: fc.array(fc.oneof(fc.string(), fc.integer().map(String), fc.constant('2024-01-01'))),
      possibilities: fc.array(fc.constantFrom('arm-p1', 'arm-p2', 'sy-p1', 'sy-p3')),
    });
    const scenario = fc.record({
      specs: fc.array(ruleArb, { maxLength: 6 }),
      answers: fc.dictionary(fc.constantFrom(...questionIds), answerArb),
      hiddenIds: fc.subarray(questionIds, { minLength: 1 }),
    });
    fc.assert(
      fc.property(scenario, ({ specs, answers, hiddenIds }) => {
        const rules = specs.map((s) =>
          rule(
            s.left,
            s.operator,
            (s.right.type === 'QUESTION' ? s.right : { ...s.right, question: s.left }) as RuleOperantInput,
          ),
        );
        const visibility = Object.fromEntries(questionIds.map((id) => [id, !hiddenIds.includes(id)]));
        const results = evaluateValidationRules(form, rules, answers, { now, visibility });
        for (const id of hiddenIds) expect(results[id]).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });
});
