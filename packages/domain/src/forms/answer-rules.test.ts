import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Answer } from '../questionnaires/model';
import {
  addTableRow,
  canAddTableRow,
  clearTableRow,
  countTableRows,
  fillOrder,
  markAnswerSkipped,
  markAnswerUnavailable,
  nextQuestion,
  previousQuestion,
  removeTableRow,
  resetHiddenAnswers,
  tableRowHasAnswers,
} from './answer-rules';
import { resolveTableMaxRows } from './model';
import { buildAnswer, buildForm, buildQuestion } from './test-fixtures';

const filled = () =>
  buildAnswer('q1', {
    id: 'a1',
    answerStrings: ['x'],
    possibilities: ['p'],
    timeZone: 'Europe/Copenhagen',
    comment: 'checked',
    tableCells: [{ row: 0, col: 'c', value: '1' }],
  });

describe('Spec 001 §4 unavailable and skipped answers', () => {
  it('marking unavailable clears the answer and sets skipped false', () => {
    const a = markAnswerUnavailable({ ...filled(), answerSkipped: true });
    expect(a).toMatchObject({
      answerUnavailable: true,
      answerSkipped: false,
      answerStrings: [],
      possibilities: [],
      tableCells: [],
    });
    expect(a).toMatchObject({ id: 'a1', timeZone: 'Europe/Copenhagen', comment: 'checked' });
    expect(markAnswerUnavailable(a, false).answerUnavailable).toBe(false);
  });

  it('skipping clears unavailable and the answer', () => {
    const a = markAnswerSkipped({ ...filled(), answerUnavailable: true });
    expect(a).toMatchObject({
      answerSkipped: true,
      answerUnavailable: false,
      answerStrings: [],
      possibilities: [],
    });
  });

  it('is idempotent and the last operation wins (property)', () => {
    const ops = [markAnswerUnavailable, markAnswerSkipped] as const;
    fc.assert(
      fc.property(
        fc.array(fc.nat(1), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        fc.boolean(),
        (seq, u, s) => {
          const start: Answer = { ...filled(), answerUnavailable: u, answerSkipped: s };
          for (const op of ops) expect(op(op(start))).toEqual(op(start));
          const end = seq.reduce((a, i) => ops[i]!(a), start);
          const last = seq[seq.length - 1];
          expect(end.answerUnavailable).toBe(last === 0);
          expect(end.answerSkipped).toBe(last === 1);
          expect(end.answerStrings).toEqual([]);
        },
      ),
    );
  });
});

describe('Spec 001 §4 questions hidden by show rules are reset', () => {
  const q1 = buildQuestion({ order: 1, type: 'YES_NO', possibilities: ['y', 'n'] });
  const q2 = buildQuestion({
    order: 2,
    showRules: [{ question: 'q1', possibilities: ['y'] }],
    canSkip: true,
  });
  const q3 = buildQuestion({
    order: 3,
    type: 'MULTIPLE_RESPONSE',
    possibilities: [
      { id: 'a', possibility: { en: 'A' }, showRules: [{ question: 'q1', possibilities: ['y'] }] },
      'b',
    ],
  });
  const form = buildForm([q1, q2, q3]);
  const answers = [
    buildAnswer('q1', { possibilities: ['n'] }),
    buildAnswer('q2', { answerStrings: ['stale'], answerSkipped: true }),
    buildAnswer('q3', { possibilities: ['a', 'b'] }),
  ];

  it('resets hidden questions and removes hidden possibilities', () => {
    const reset = resetHiddenAnswers(form, answers);
    expect(reset[1]).toMatchObject({ answerStrings: [], answerSkipped: false, answerUnavailable: false });
    expect(reset[2]?.possibilities).toEqual(['b']);
    expect(reset[0]).toBe(answers[0]);
  });

  it('is idempotent', () => {
    const once = resetHiddenAnswers(form, answers);
    expect(resetHiddenAnswers(form, once)).toEqual(once);
  });
});

describe('Spec 001 §4 dynamic table rows (max default 10)', () => {
  const table = buildQuestion({ type: 'TABLE', dynamicTable: true });

  it('defaults the maximum to the existing row count or 10', () => {
    expect(resolveTableMaxRows(table)).toBe(10);
    expect(
      resolveTableMaxRows({ ...table, tableRow: [{ id: 'r', title: { en: 'R' }, exportLabel: 'R' }] }),
    ).toBe(1);
    expect(resolveTableMaxRows({ ...table, tableMaxRowCount: 3 })).toBe(3);
  });

  it('adds rows up to the maximum and no further', () => {
    let a = buildAnswer('q1');
    expect(countTableRows(a)).toBe(1);
    for (let i = 0; i < 20; i += 1) a = addTableRow(table, a);
    expect(countTableRows(a)).toBe(10);
    expect(canAddTableRow(table, a)).toBe(false);
    expect(canAddTableRow({ ...table, dynamicTable: false }, buildAnswer('q1'))).toBe(false);
  });

  it('clears or removes a row, later rows moving up', () => {
    const a = buildAnswer('q1', {
      visibleRowIndex: 3,
      tableCells: [
        { row: 0, col: 'c', value: 'r0' },
        { row: 1, col: 'c', value: 'r1' },
        { row: 2, col: 'c', value: 'r2' },
      ],
    });
    expect(tableRowHasAnswers(a, 1)).toBe(true);
    expect(clearTableRow(a, 1).tableCells.map((c) => c.value)).toEqual(['r0', 'r2']);
    const removed = removeTableRow(a, 1);
    expect(removed.tableCells).toEqual([
      { row: 0, col: 'c', value: 'r0' },
      { row: 1, col: 'c', value: 'r2' },
    ]);
    expect(countTableRows(removed)).toBe(2);
    expect(countTableRows(removeTableRow(removeTableRow(removed, 0), 0))).toBe(1);
  });
});

describe('Spec 001 §4 single-question fill-out order', () => {
  const form = buildForm([
    buildQuestion({ order: 1, type: 'YES_NO', possibilities: ['y', 'n'] }),
    buildQuestion({ order: 2, showRules: [{ question: 'q1', possibilities: ['y'] }] }),
    buildQuestion({ order: 3, hideFromSubjects: true }),
    buildQuestion({ order: 4, type: 'AE_REF' }),
    buildQuestion({ order: 5, visibleInPublic: false }),
    buildQuestion({ order: 6, type: 'MEDICATION_REF' }),
    buildQuestion({ order: 7 }),
  ]);

  it('skips hidden, subject-hidden, reference-type and not-visible questions', () => {
    expect(fillOrder(form, [])).toEqual(['q1', 'q7']);
    expect(fillOrder(form, [buildAnswer('q1', { possibilities: ['y'] })])).toEqual(['q1', 'q2', 'q7']);
  });

  it('steps forward and back, even from a question that just became hidden', () => {
    const yes = [buildAnswer('q1', { possibilities: ['y'] })];
    expect(nextQuestion(form, yes, null)).toBe('q1');
    expect(nextQuestion(form, yes, 'q1')).toBe('q2');
    expect(nextQuestion(form, [], 'q2')).toBe('q7');
    expect(nextQuestion(form, [], 'q7')).toBeNull();
    expect(previousQuestion(form, yes, 'q7')).toBe('q2');
    expect(previousQuestion(form, yes, 'q1')).toBeNull();
  });
});
