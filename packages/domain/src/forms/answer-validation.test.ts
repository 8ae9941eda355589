import { describe, expect, it } from 'vitest';
import { ANSWER_MESSAGES } from './answer-messages';
import { validateAnswer } from './answer-validation';
import { buildAnswer, buildQuestion } from './test-fixtures';

const messages = (issues: { message: string }[]) => issues.map((i) => i.message);

describe('Spec 001 §5 number answers', () => {
  const integer = buildQuestion({ type: 'NUMBER' });
  const decimal = buildQuestion({ type: 'NUMBER', floatingNumber: true });
  const value = (s: string) => buildAnswer('q1', { answerStrings: [s] });

  it('accepts an optionally negative integer without floatingNumber', () => {
    expect(validateAnswer(integer, value('42'))).toEqual([]);
    expect(validateAnswer(integer, value('-42'))).toEqual([]);
  });

  it('rejects decimals and non-numbers without floatingNumber', () => {
    for (const s of ['1.5', '1,5', 'abc', '1e3', '--1', '+1']) {
      expect(messages(validateAnswer(integer, value(s)))).toEqual([ANSWER_MESSAGES.VALID]);
    }
  });

  it('accepts a dot or a comma as decimal separator with floatingNumber', () => {
    for (const s of ['1.5', '1,5', '-0,25', '-3', '0']) expect(validateAnswer(decimal, value(s))).toEqual([]);
    for (const s of ['1.', '.5', '1,2,3', '1.2.3']) {
      expect(messages(validateAnswer(decimal, value(s)))).toEqual([ANSWER_MESSAGES.VALID]);
    }
  });

  it('accepts ±9999999999999 inclusive and rejects ±10000000000000', () => {
    expect(validateAnswer(integer, value('9999999999999'))).toEqual([]);
    expect(validateAnswer(integer, value('-9999999999999'))).toEqual([]);
    expect(validateAnswer(integer, value('10000000000000'))).toEqual([
      { path: ['answerStrings', 0], message: ANSWER_MESSAGES.MAX_VALUE, params: { max: 9999999999999 } },
    ]);
    expect(messages(validateAnswer(integer, value('-10000000000000')))).toEqual([ANSWER_MESSAGES.MIN_VALUE]);
    expect(messages(validateAnswer(decimal, value('9999999999999,5')))).toEqual([ANSWER_MESSAGES.MAX_VALUE]);
  });

  it('shows PUBLIC.VALIDATION.MIN_MAX_MESSAGE with the bounds outside min and max once touched', () => {
    const bounded = buildQuestion({ type: 'NUMBER', minValue: 1, maxValue: 10 });
    expect(validateAnswer(bounded, value('1'))).toEqual([]);
    expect(validateAnswer(bounded, value('10'))).toEqual([]);
    expect(validateAnswer(bounded, value('11'))).toEqual([
      {
        path: ['answerStrings', 0],
        message: 'PUBLIC.VALIDATION.MIN_MAX_MESSAGE',
        params: { min: 1, max: 10 },
      },
    ]);
    expect(validateAnswer(bounded, value('0'))[0]?.message).toBe('PUBLIC.VALIDATION.MIN_MAX_MESSAGE');
    expect(validateAnswer(bounded, value('11'), { isTouched: false })).toEqual([]);
    const minOnly = buildQuestion({ type: 'NUMBER', minValue: 5 });
    expect(validateAnswer(minOnly, value('4'))[0]?.params).toEqual({ min: 5 });
  });

  it('accepts an empty value when not required and rejects it when required', () => {
    expect(validateAnswer(integer, buildAnswer('q1'))).toEqual([]);
    expect(validateAnswer(integer, undefined)).toEqual([]);
    const required = buildQuestion({ type: 'NUMBER', required: true });
    expect(validateAnswer(required, value(''))).toEqual([
      { path: [], message: 'PUBLIC.VALIDATION.REQUIRED' },
    ]);
  });

  it('suspends the check when the answer is unavailable', () => {
    const required = buildQuestion({ type: 'NUMBER', required: true });
    expect(
      validateAnswer(required, buildAnswer('q1', { answerUnavailable: true, answerStrings: ['x'] })),
    ).toEqual([]);
  });
});

describe('Spec 001 §5 required answers', () => {
  const required = buildQuestion({ type: 'TEXT_SENTENCE', required: true, canSkip: true });

  it('is invalid when unanswered unless unavailable or skipped', () => {
    expect(messages(validateAnswer(required, undefined))).toEqual([ANSWER_MESSAGES.REQUIRED]);
    expect(messages(validateAnswer(required, buildAnswer('q1', { answerStrings: ['  '] })))).toEqual([
      ANSWER_MESSAGES.REQUIRED,
    ]);
    expect(validateAnswer(required, buildAnswer('q1', { answerUnavailable: true }))).toEqual([]);
    expect(validateAnswer(required, buildAnswer('q1', { answerSkipped: true }))).toEqual([]);
  });

  it('refuses a skip on a question that cannot be skipped, and both flags at once', () => {
    const noSkip = buildQuestion({ required: true });
    expect(messages(validateAnswer(noSkip, buildAnswer('q1', { answerSkipped: true })))).toEqual([
      ANSWER_MESSAGES.SKIP_NOT_ALLOWED,
    ]);
    expect(
      messages(validateAnswer(required, buildAnswer('q1', { answerSkipped: true, answerUnavailable: true }))),
    ).toEqual([ANSWER_MESSAGES.UNAVAILABLE_AND_SKIPPED]);
  });

  it('treats a required CHECKBOX as answered only when ticked', () => {
    const box = buildQuestion({ type: 'CHECKBOX', required: true });
    expect(validateAnswer(box, buildAnswer('q1', { answerStrings: ['true'] }))).toEqual([]);
    expect(messages(validateAnswer(box, buildAnswer('q1', { answerStrings: ['false'] })))).toEqual([
      ANSWER_MESSAGES.REQUIRED,
    ]);
  });
});

describe('Spec 001 §5 text answers (DESIGN.md text cap 10000)', () => {
  const text = buildQuestion({ type: 'TEXT_FREE' });
  const value = (s: string) => buildAnswer('q1', { answerStrings: [s] });

  it('accepts 10000 characters and rejects 10001', () => {
    expect(validateAnswer(text, value('a'.repeat(10000)))).toEqual([]);
    expect(validateAnswer(text, value('a'.repeat(10001)))).toEqual([
      {
        path: ['answerStrings', 0],
        message: 'PUBLIC.VALIDATION.MAX_LENGTH',
        params: { field: 'answer', length: 10000 },
      },
    ]);
  });

  it('applies minLength and maxLength, the cap winning over a larger maxLength', () => {
    const limited = buildQuestion({ type: 'TEXT_SENTENCE', minLength: 3, maxLength: 5 });
    expect(validateAnswer(limited, value('abc'))).toEqual([]);
    expect(validateAnswer(limited, value('abcde'))).toEqual([]);
    expect(validateAnswer(limited, value('ab'))[0]?.params).toEqual({ field: 'answer', length: 3 });
    expect(validateAnswer(limited, value('abcdef'))[0]?.params).toEqual({ field: 'answer', length: 5 });
    const large = buildQuestion({ type: 'TEXT_SENTENCE', maxLength: 20000 });
    expect(messages(validateAnswer(large, value('a'.repeat(10001))))).toEqual([ANSWER_MESSAGES.MAX_LENGTH]);
  });
});

describe('Spec 001 §5 multiple response answers', () => {
  const mr = buildQuestion({
    type: 'MULTIPLE_RESPONSE',
    possibilities: ['a', 'b', 'c', 'd'],
    minAnswer: 2,
    maxAnswer: 3,
  });
  const picks = (...p: string[]) => buildAnswer('q1', { possibilities: p });

  it('requires the count to lie between minAnswer and maxAnswer', () => {
    expect(validateAnswer(mr, picks('a', 'b'))).toEqual([]);
    expect(validateAnswer(mr, picks('a', 'b', 'c'))).toEqual([]);
    expect(validateAnswer(mr, picks('a'))).toEqual([
      { path: ['possibilities'], message: ANSWER_MESSAGES.MIN_ANSWERS, params: { min: 2 } },
    ]);
    expect(validateAnswer(mr, picks('a', 'b', 'c', 'd'))).toEqual([
      { path: ['possibilities'], message: ANSWER_MESSAGES.MAX_ANSWERS, params: { max: 3 } },
    ]);
  });

  it('fails required on an empty list unless unavailable is ticked', () => {
    const required = { ...mr, required: true };
    expect(messages(validateAnswer(required, picks()))).toEqual([ANSWER_MESSAGES.REQUIRED]);
    expect(validateAnswer(required, buildAnswer('q1', { answerUnavailable: true }))).toEqual([]);
    expect(validateAnswer(mr, picks())).toEqual([]);
  });

  it('rejects unknown possibilities, and more than one on single-choice types', () => {
    expect(validateAnswer(mr, picks('a', 'zzz'))[0]?.path).toEqual(['possibilities', 1]);
    const mc = buildQuestion({ type: 'MULTIPLE_CHOICE', possibilities: ['a', 'b'] });
    expect(messages(validateAnswer(mc, picks('a', 'b')))).toEqual([ANSWER_MESSAGES.SINGLE_ANSWER]);
  });
});

describe('Spec 001 §5 slider and inclusion answers', () => {
  it('rejects a slider answer outside minValue..maxValue', () => {
    const slider = buildQuestion({ type: 'SLIDER', minValue: 0, maxValue: 10 });
    const v = (s: string) => buildAnswer('q1', { answerStrings: [s] });
    expect(validateAnswer(slider, v('0'))).toEqual([]);
    expect(validateAnswer(slider, v('10'))).toEqual([]);
    expect(validateAnswer(slider, v('10.5'))[0]).toMatchObject({
      message: ANSWER_MESSAGES.MAX_VALUE,
      params: { max: 10 },
    });
    expect(validateAnswer(slider, v('-1'))[0]).toMatchObject({
      message: ANSWER_MESSAGES.MIN_VALUE,
      params: { min: 0 },
    });
  });

  it('requires an inclusion answer to be a possibility marked required for inclusion', () => {
    const q = buildQuestion({
      type: 'YES_NO',
      possibilities: [
        { id: 'yes', possibility: { en: 'Yes' }, reqForInclusion: true },
        { id: 'no', possibility: { en: 'No' } },
      ],
    });
    const ctx = { isInclusionForm: true };
    expect(validateAnswer(q, buildAnswer('q1', { possibilities: ['yes'] }), ctx)).toEqual([]);
    expect(messages(validateAnswer(q, buildAnswer('q1', { possibilities: ['no'] }), ctx))).toEqual([
      ANSWER_MESSAGES.INCLUSION,
    ]);
    expect(validateAnswer(q, buildAnswer('q1', { possibilities: ['no'] }))).toEqual([]);
  });
});

describe('Spec 001 §5 date, time and duration answers', () => {
  const v = (s: string) => buildAnswer('q1', { answerStrings: [s] });

  it('accepts 1901-01-01 and rejects 1900-12-31 and impossible dates', () => {
    const date = buildQuestion({ type: 'DATE' });
    expect(validateAnswer(date, v('1901-01-01'))).toEqual([]);
    expect(validateAnswer(date, v('1900-12-31'))).toEqual([
      { path: ['answerStrings', 0], message: ANSWER_MESSAGES.MIN_DATE, params: { date: '1901-01-01' } },
    ]);
    expect(messages(validateAnswer(date, v('2023-02-29')))).toEqual([ANSWER_MESSAGES.VALID]);
    expect(validateAnswer(date, v('2024-02-29'))).toEqual([]);
  });

  it('applies the earliest date to date-times', () => {
    const dt = buildQuestion({ type: 'DATE_TIME' });
    expect(validateAnswer(dt, v('1901-01-01T00:00'))).toEqual([]);
    expect(validateAnswer(dt, v('2024-05-01T12:30:00Z'))).toEqual([]);
    expect(messages(validateAnswer(dt, v('1900-12-31T23:59')))).toEqual([ANSWER_MESSAGES.MIN_DATE]);
    expect(messages(validateAnswer(dt, v('2024-05-01T24:00')))).toEqual([ANSWER_MESSAGES.VALID]);
  });

  it('accepts stored times up to 23:59 and durations as unpadded hours-minutes', () => {
    const time = buildQuestion({ type: 'TIME' });
    expect(validateAnswer(time, v('23:59'))).toEqual([]);
    expect(messages(validateAnswer(time, v('24:00')))).toEqual([ANSWER_MESSAGES.VALID]);
    const duration = buildQuestion({ type: 'TIME_DURATION' });
    expect(validateAnswer(duration, v('1-30'))).toEqual([]);
    expect(messages(validateAnswer(duration, v('01-30')))).toEqual([ANSWER_MESSAGES.VALID]);
    expect(messages(validateAnswer(duration, v('1-60')))).toEqual([ANSWER_MESSAGES.VALID]);
  });
});

describe('Spec 001 §5 table and upload answers', () => {
  it('checks each cell by its column type and the dynamic row limit (default 10)', () => {
    const table = buildQuestion({
      type: 'TABLE',
      dynamicTable: true,
      tableCol: [{ id: 'n', title: { en: 'N' }, type: 'NUMBER', exportLabel: 'N' }],
    });
    const cells = (row: number, value: string) =>
      buildAnswer('q1', { tableCells: [{ row, col: 'n', value }] });
    expect(validateAnswer(table, cells(9, '5'))).toEqual([]);
    expect(validateAnswer(table, cells(10, '5'))[0]).toMatchObject({
      message: ANSWER_MESSAGES.TABLE_ROW_LIMIT,
    });
    expect(validateAnswer(table, cells(0, '1.5'))[0]?.path).toEqual(['tableCells', 0, 'value']);
  });

  it('checks uploaded files of a FILE answer', () => {
    const file = buildQuestion({ type: 'FILE' });
    const ok = buildAnswer('q1', { files: [{ id: 'f', fileName: 'scan.pdf', size: 1_024_000 }] });
    const bad = buildAnswer('q1', { files: [{ id: 'f', fileName: 'scan.v2.pdf', size: 1_024_001 }] });
    expect(validateAnswer(file, ok)).toEqual([]);
    expect(validateAnswer(file, bad).map((i) => [i.path, i.message])).toEqual([
      [['files', 0, 'fileName'], 'INVALID_FILENAME_DOTS'],
      [['files', 0, 'size'], ANSWER_MESSAGES.FILE_TOO_LARGE],
    ]);
  });
});
