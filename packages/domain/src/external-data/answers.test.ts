import { describe, expect, it } from 'vitest';
import { buildForm, buildQuestion } from '../forms/test-fixtures';
import { checkExternalDataMapping, checkExternalDataRow, externalAnswersOf } from './answers';
import { EXTERNAL_DATA_MESSAGES, type ExternalDataMapping } from './mapping';

const blockRule = {
  id: 'r1',
  leftOperant: { type: 'QUESTION', form: 'form1', question: 'hb' },
  operator: 'lte',
  rightOperant: { type: 'CONST_VAL', value: 20 },
  action: { type: 'BLOCK', message: { en: 'At most {limit}', ar: 'على الأكثر {limit}' } },
};

const form = buildForm([
  buildQuestion({
    id: 'hb',
    order: 1,
    type: 'NUMBER',
    required: true,
    floatingNumber: true,
    minValue: 0,
    maxValue: 25,
    validationRules: [blockRule],
  }),
  buildQuestion({ id: 'fasting', order: 2, type: 'YES_NO', possibilities: ['yes', 'no'] }),
  buildQuestion({ id: 'tests', order: 3, type: 'MULTIPLE_RESPONSE', possibilities: ['ldl', 'hdl', 'tg'] }),
  buildQuestion({ id: 'done', order: 4, type: 'CHECKBOX' }),
  buildQuestion({ id: 'photo', order: 5, type: 'IMAGE' }),
]);

const mapping: ExternalDataMapping = {
  subjectIdColumn: 'Patient',
  eventDateColumn: 'Drawn',
  questions: { hb: 'Hb', fasting: 'Fasting', tests: 'Tests', done: 'Done' },
};
const now = new Date('2026-04-01T10:00:00Z');
const row = (answers: Record<string, string>, eventDate = '2026-03-01') => ({
  line: 7,
  subjectId: 'S-1',
  eventDate,
  answers,
});
const check = (answers: Record<string, string>, eventDate?: string) =>
  checkExternalDataRow({
    form,
    row: row(answers, eventDate),
    mapping,
    timeZone: 'Europe/Copenhagen',
    ruleContext: { now },
  });

describe('Issue 28 item 4: external data rows are checked like a final staff fill (spec 001 §4, §5)', () => {
  it('turns cells into answers: numbers as written, possibilities by id, text or order, checkbox words', () => {
    const answers = externalAnswersOf(
      form,
      row({ hb: '13,5', fasting: 'No', tests: 'ldl|3', done: 'x' }),
      'UTC',
    );
    expect(answers.map((a) => [a.question, a.answerStrings, a.possibilities])).toEqual([
      ['hb', ['13,5'], []],
      ['fasting', [], ['no']],
      ['tests', [], ['ldl', 'tg']],
      ['done', ['true'], []],
    ]);
    expect(check({ hb: '13,5', fasting: 'No', tests: 'ldl|3', done: 'x' }).issues).toEqual([]);
  });

  it('reports min/max, unknown possibilities, required and BLOCK rules on the row line and the mapped column', () => {
    const outOfRange = check({ hb: '30', fasting: 'maybe' });
    expect(outOfRange.issues.map((i) => [i.line, i.column, i.message])).toEqual([
      [7, 'Hb', 'PUBLIC.VALIDATION.MIN_MAX_MESSAGE'],
      [7, 'Fasting', 'PUBLIC.VALIDATION.VALID'],
      // 30 is over the BLOCK rule's 20 too: both are reported, as a fill reports them.
      [7, 'Hb', 'VALIDATION_RULE_VIOLATION'],
    ]);
    expect(check({}).issues).toEqual([
      expect.objectContaining({
        line: 7,
        column: 'Hb',
        questionId: 'hb',
        message: 'PUBLIC.VALIDATION.REQUIRED',
      }),
    ]);
    // Within min/max but over the BLOCK rule's limit: refused as the fill refuses it.
    expect(check({ hb: '22' }).issues).toEqual([
      expect.objectContaining({ line: 7, column: 'Hb', message: 'VALIDATION_RULE_VIOLATION' }),
    ]);
  });

  it("carries the BLOCK rule's own message in every language, its limit filled in", () => {
    const [issue] = check({ hb: '22' }).issues;
    expect(issue?.ruleMessage).toEqual({ en: 'At most 20', ar: 'على الأكثر 20' });
    // Answer errors carry no rule message.
    expect(check({}).issues[0]?.ruleMessage).toBeUndefined();
  });

  it("refuses an event date after today in the subject's time zone", () => {
    expect(check({ hb: '12' }, '2026-04-01').issues).toEqual([]);
    expect(check({ hb: '12' }, '2026-04-02').issues).toEqual([
      expect.objectContaining({ column: 'Drawn', message: EXTERNAL_DATA_MESSAGES.FUTURE_DATE }),
    ]);
  });

  it('checks the mapping: unknown questions and types a column cannot fill', () => {
    expect(
      checkExternalDataMapping(form, { ...mapping, questions: { hb: 'Hb', nope: 'X', photo: 'Photo' } }).map(
        (i) => [i.column, i.message],
      ),
    ).toEqual([
      ['X', EXTERNAL_DATA_MESSAGES.UNKNOWN_QUESTION],
      ['Photo', EXTERNAL_DATA_MESSAGES.UNSUPPORTED_QUESTION],
    ]);
  });
});
