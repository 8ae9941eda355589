import { describe, expect, it } from 'vitest';
import { defaultsPlanOf } from '../common/defaults-plan-of';
import { ANSWER_DEFAULTS, answerWithDefaults, withoutAnswerDefaults } from './answer-defaults';
import { AnswerSchema, createEmptyAnswer } from './model';

describe('Spec 001 §3 answer defaults without zod (issue 16)', () => {
  it("ANSWER_DEFAULTS is AnswerSchema's plan", () => {
    // On a failure, write the received plan into questionnaires/answer-defaults.ts.
    expect(ANSWER_DEFAULTS).toEqual(defaultsPlanOf(AnswerSchema));
  });

  it('gives what AnswerSchema parses from valid answers, unknown fields left out', () => {
    const answers = [
      { question: 'q1' },
      { question: 'q1', timeZone: null, answerStrings: ['4'], comment: 'ok' },
      {
        question: 'q2',
        possibilities: ['a', 'b'],
        files: [{ id: 'f', fileName: 'a.pdf', size: 3, extra: 1 }],
        tableCells: [{ row: 0, col: 'c', value: '1' }],
        visibleRowIndex: 2,
        answerSkipped: true,
        stray: 'left out',
      },
    ];
    for (const answer of answers) expect(answerWithDefaults(answer)).toEqual(AnswerSchema.parse(answer));
  });

  it('makes an empty answer as the schema does, with its own lists', () => {
    const empty = createEmptyAnswer('q1', 'Europe/Copenhagen');
    expect(empty).toEqual(AnswerSchema.parse({ question: 'q1', timeZone: 'Europe/Copenhagen' }));
    empty.answerStrings.push('x');
    expect(createEmptyAnswer('q1').answerStrings).toEqual([]);
  });

  it('stores an answer without its defaults, and the defaults give the same answer back', () => {
    const answers = [
      createEmptyAnswer('q1'),
      AnswerSchema.parse({ question: 'q1', answerStrings: ['4'], comment: null, timeZone: 'Europe/Oslo' }),
      AnswerSchema.parse({
        question: 'q2',
        possibilities: ['a'],
        tableCells: [{ row: 0, col: 'c', value: '' }],
        answerSkipped: true,
        verification: true,
      }),
    ];
    expect(withoutAnswerDefaults(answers[0] as Record<string, unknown>)).toEqual({
      question: 'q1',
      timeZone: null,
    });
    expect(withoutAnswerDefaults(answers[1] as Record<string, unknown>)).toEqual({
      question: 'q1',
      answerStrings: ['4'],
      comment: null,
      timeZone: 'Europe/Oslo',
    });
    // A list with an item and a true flag stay, whatever their content.
    expect(withoutAnswerDefaults(answers[2] as Record<string, unknown>)).toEqual({
      question: 'q2',
      possibilities: ['a'],
      tableCells: [{ row: 0, col: 'c', value: '' }],
      answerSkipped: true,
      verification: true,
    });
    for (const answer of answers) {
      const stored = withoutAnswerDefaults(answer as Record<string, unknown>);
      expect(answerWithDefaults(stored as { question: string })).toEqual(answer);
      expect(AnswerSchema.parse(stored)).toEqual(answer);
    }
  });
});
