import { describe, expect, it } from 'vitest';
import { buildAnswer, buildForm, buildQuestion } from '../forms/test-fixtures';
import { ValidationRuleSchema } from '../rules/model';
import { ANSWER_SET_MESSAGES, checkAnswerSet, describeAnswer, diffAnswers } from './answer-set';
import { formEditBlockReason } from './edit-locks';
import type { Answer } from './model';

const now = new Date('2025-03-01T10:00:00Z');
const form = buildForm(
  [
    buildQuestion({ order: 1, type: 'NUMBER', required: true, minValue: 0, maxValue: 100 }),
    buildQuestion({ order: 2, type: 'MULTIPLE_CHOICE', possibilities: ['p1', 'p2'] }),
    buildQuestion({ order: 3, type: 'TEXT_FREE', showRules: [{ question: 'q2', possibilities: ['p2'] }] }),
    buildQuestion({ order: 4, type: 'CALCULATED', calculationFormula: 'Q1*2', calculationDecimals: 0 }),
  ],
  { score: false },
);
const rule = (action: 'BLOCK' | 'WARNING' | 'QUERY') =>
  ValidationRuleSchema.parse({
    id: `r-${action}`,
    leftOperant: { question: 'q1', form: 'form1' },
    rightOperant: { type: 'CONST_VAL', value: 50 },
    operator: 'lt',
    action: { type: action, message: { en: 'Must be below {limit}' } },
  });
const check = (
  answers: ReturnType<typeof buildAnswer>[],
  extra: Partial<Parameters<typeof checkAnswerSet>[0]> = {},
) => checkAnswerSet({ form, answers, isFinal: true, ruleContext: { now }, ...extra });

describe('Spec 001 §5 server re-validation of a submitted answer set', () => {
  it('spec 001 §4: a token with missingData gives missing data even when every required question is answered', () => {
    const answered = [buildAnswer('q1', { answerStrings: ['12'] })];
    expect(check(answered).status).toBe('STATUS_COMPLETED');
    expect(check(answered, { isTokenMissingData: true }).status).toBe('STATUS_MISSING_DATA');
    expect(check(answered, { isTokenMissingData: true, queryStatuses: ['OPEN'] }).status).toBe(
      'STATUS_QUERY',
    );
  });

  it('accepts a valid set and recomputes the calculated answer, ignoring the client value', () => {
    const result = check([
      buildAnswer('q1', { answerStrings: ['12'] }),
      buildAnswer('q4', { answerStrings: ['999'] }),
    ]);
    expect(result.issues).toEqual([]);
    expect(result.answers.find((a) => a.question === 'q4')?.answerStrings).toEqual(['24']);
    expect(result.status).toBe('STATUS_COMPLETED');
  });

  it('rejects tampering: unknown question, value outside min/max, unknown possibility, hidden answer', () => {
    const result = check([
      buildAnswer('q1', { answerStrings: ['101'] }),
      buildAnswer('q2', { possibilities: ['nope'] }),
      buildAnswer('q3', { answerStrings: ['hidden text'] }),
      buildAnswer('q9', { answerStrings: ['x'] }),
    ]);
    const paths = result.issues.map((i) => i.path.join('.'));
    expect(paths).toContain('answers.q9');
    expect(paths).toContain('answers.q3');
    expect(paths).toContain('answers.q2.possibilities.0');
    expect(paths.some((p) => p.startsWith('answers.q1'))).toBe(true);
    expect(result.issues.find((i) => i.path.join('.') === 'answers.q3')?.message).toBe(
      ANSWER_SET_MESSAGES.HIDDEN_QUESTION,
    );
  });

  it('checks required questions only on a final submit', () => {
    expect(check([], { isFinal: true }).issues.map((i) => i.path.join('.'))).toEqual(['answers.q1']);
    expect(check([], { isFinal: false }).issues).toEqual([]);
  });

  it('reports BLOCK rules as blocking and returns WARNING and QUERY rules as fired', () => {
    const answers = [buildAnswer('q1', { answerStrings: ['70'] })];
    expect(check(answers, { validationRules: [rule('BLOCK')] }).blockingIssues).toHaveLength(1);
    const fired = check(answers, { validationRules: [rule('WARNING'), rule('QUERY')] });
    expect(fired.blockingIssues).toEqual([]);
    expect(fired.fired.map((f) => f.action)).toEqual(['WARNING', 'QUERY']);
    expect(
      check([buildAnswer('q1', { answerStrings: ['10'] })], { validationRules: [rule('BLOCK')] })
        .blockingIssues,
    ).toEqual([]);
  });
});

describe('Spec 001 §2 change log helpers', () => {
  it('lists only answers whose value changed; a missing answer equals an empty one', () => {
    const before = [
      buildAnswer('q1', { answerStrings: ['1'] }),
      buildAnswer('q2', { possibilities: ['p1'] }),
    ];
    const after = [
      buildAnswer('q1', { answerStrings: ['2'], verification: true }),
      buildAnswer('q2', { possibilities: ['p1'] }),
      buildAnswer('q3'),
    ];
    expect(diffAnswers(before, after).map((c) => c.questionId)).toEqual(['q1']);
  });

  it('compares values, not how they were written: member order and absent members are no change', () => {
    // Stored answers come back from JSON with their members in another order than the request's.
    const image = { id: 'f1', fileName: 'scan.png', mimeType: 'image/png', size: 10 };
    const reordered = { size: 10, mimeType: 'image/png', fileName: 'scan.png', id: 'f1' };
    const answer = (question: string, values: Record<string, unknown>) =>
      ({ ...buildAnswer(question), ...values }) as Answer;
    const before = [
      answer('q1', { images: [image], comment: undefined }),
      answer('q2', { tableCells: [{ row: 0, col: 1, value: 'a' }] }),
      answer('q3', { possibilities: ['p1', 'p2'] }),
    ];
    const after = [
      answer('q1', { images: [reordered], comment: null }),
      answer('q2', { tableCells: [{ col: 1, row: 0, value: 'b' }] }),
      answer('q3', { possibilities: ['p2', 'p1'] }),
    ];
    expect(diffAnswers(before, after).map((c) => c.questionId)).toEqual(['q2', 'q3']);
    const renamed = answer('q1', { images: [{ ...reordered, fileName: 'other.png' }] });
    expect(diffAnswers(before, [renamed, ...after.slice(1)]).map((c) => c.questionId)).toEqual([
      'q1',
      'q2',
      'q3',
    ]);
  });

  it('describes values in words', () => {
    const q2 = form.questions[1];
    expect(describeAnswer(q2, buildAnswer('q2', { possibilities: ['p2'] }), 'en')).toBe('p2');
    expect(describeAnswer(undefined, buildAnswer('q1', { answerUnavailable: true }), 'en')).toBe(
      'unavailable',
    );
    expect(describeAnswer(undefined, null, 'en')).toBeNull();
  });
});

describe('Spec 001 §4 form editing locks', () => {
  const open = {
    studyStatus: 'PRODUCTION',
    tokenStatus: 'COMPLETED',
    isTokenLocked: false,
    isFormRemoved: false,
  } as const;
  it('allows production and test, refuses amendment and build', () => {
    expect(formEditBlockReason(open)).toBeNull();
    expect(formEditBlockReason({ ...open, studyStatus: 'TEST' })).toBeNull();
    expect(formEditBlockReason({ ...open, studyStatus: 'AMENDMENT' })).toBe('STUDY_STATUS_MISMATCH');
    expect(formEditBlockReason({ ...open, studyStatus: 'STUDY_STATUS_BUILD' })).toBe('STUDY_STATUS_MISMATCH');
  });
  it('refuses locked tokens, non-editable events and removed forms', () => {
    expect(formEditBlockReason({ ...open, isTokenLocked: true })).toBe('TOKEN_LOCKED');
    expect(formEditBlockReason({ ...open, tokenStatus: 'EXCLUDED' })).toBe('EVENT_NOT_EDITABLE');
    expect(formEditBlockReason({ ...open, isFormRemoved: true })).toBe('FORM_REMOVED');
  });
});
