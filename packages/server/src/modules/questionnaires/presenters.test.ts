/**
 * answerOfRow builds the stored answer without AnswerSchema.parse (issue 16: the parse was a tenth of
 * the server's time in a staff update); these hold it to what the parse gives for what is stored.
 */
import { AnswerSchema } from '@trialbase/domain';
import { describe, expect, it } from 'vitest';
import { answerOfRow } from './presenters';
import type { AnswerRow } from './repo';

const stamp = new Date('2026-05-04T08:00:00Z');

function rowOf(value: Record<string, unknown>, verified = false): AnswerRow {
  return {
    studyId: 'study',
    id: 'answer-1',
    questionnaireId: 'set-1',
    questionId: 'q-1',
    value,
    timeZone: null,
    isUnavailable: false,
    isSkipped: false,
    verifiedAt: verified ? stamp : null,
    verifiedBy: verified ? 'monitor' : null,
    secondaryVerifiedAt: null,
    secondaryVerifiedBy: null,
    createdAt: stamp,
    updatedAt: stamp,
  };
}

/** What the parse gave for the same row (the code before issue 16's change). */
function parsed(row: AnswerRow) {
  return AnswerSchema.parse({
    ...row.value,
    id: row.id,
    question: row.questionId,
    verification: row.verifiedAt !== null,
    secondaryVerification: row.secondaryVerifiedAt !== null,
  });
}

/** A stored value with every field of an answer set (the test fails when AnswerSchema gains one). */
const EVERY_FIELD: Record<string, unknown> = {
  answerStrings: ['a', 'b'],
  timeZone: 'Europe/Copenhagen',
  possibilities: ['p1'],
  aeRefs: ['ae-1'],
  medicationRefs: ['med-1'],
  unscheduledEventRefs: ['ev-1'],
  // Keys as jsonb stores them (shorter first), not in the schema's order, and one the schema lacks.
  images: [{ id: 'f-1', size: 10, fileName: 'x.png', mimeType: 'image/png' }],
  files: [{ id: 'f-2', size: 20, legacy: true, fileName: 'y.pdf' }],
  comment: 'checked',
  answerUnavailable: true,
  answerSkipped: false,
  visibleRowIndex: 2,
  tableCells: [{ col: 'c1', row: 0, value: '7' }],
  tableCol: ['c1'],
  tableRow: ['r1'],
};

describe('answerOfRow (a stored answer as the domain reads it)', () => {
  it('names every field of AnswerSchema in the test value', () => {
    const fields = Object.keys(AnswerSchema.shape).filter(
      (key) => !['id', 'question', 'verification', 'secondaryVerification'].includes(key),
    );
    expect(Object.keys(EVERY_FIELD).sort()).toEqual(fields.sort());
  });

  it.each([
    ['a compact value (defaults filled in)', { answerStrings: ['4'] }, false],
    ['an empty value', {}, true],
    ['every field given', EVERY_FIELD, true],
    [
      'null where a field may be null',
      { answerStrings: [], comment: null, timeZone: null, visibleRowIndex: null },
      false,
    ],
    [
      'fields the answer does not have (left behind)',
      { answerStrings: ['x'], legacy: 1, question: 'other' },
      false,
    ],
  ])('gives what AnswerSchema.parse gives for %s, in its field order', (_name, value, verified) => {
    const row = rowOf(value as Record<string, unknown>, verified as boolean);
    const answer = answerOfRow(row);
    expect(answer).toStrictEqual(parsed(row));
    // Answers are compared as JSON (diffAnswers): the same text, nested objects included.
    expect(JSON.stringify(answer)).toBe(JSON.stringify(parsed(row)));
  });

  it('gives each answer its own lists', () => {
    const stored = rowOf({ answerStrings: ['1'] });
    const first = answerOfRow(stored);
    const second = answerOfRow(stored);
    first.answerStrings.push('2');
    first.possibilities.push('p');
    expect(second.answerStrings).toEqual(['1']);
    expect(second.possibilities).toEqual([]);
    expect(stored.value.answerStrings).toEqual(['1']);
  });
});
