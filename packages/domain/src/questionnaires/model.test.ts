import { describe, expect, it } from 'vitest';
import { QUESTION_TYPES } from '../forms/model';
import { ANSWER_MARKERS, AnswerSchema, answerMarkerOf, answerValueKindOf, hasAnswerValue } from './model';

describe('Spec 001 §3 answers', () => {
  it('names the special answer markers', () => {
    expect(ANSWER_MARKERS).toEqual({
      NOT_ANSWERED: '.b',
      SKIPPED: '.na',
      UNAVAILABLE: '.n',
      CANCELLED: '.c',
      DISCONTINUED: '.d',
      EXCLUDED: '.e',
    });
  });

  it('gives every one of the 22 question types a value kind', () => {
    expect(QUESTION_TYPES).toHaveLength(22);
    expect(QUESTION_TYPES.map(answerValueKindOf)).not.toContain(undefined);
    expect(answerValueKindOf('MULTIPLE_RESPONSE')).toBe('possibilities');
    expect(answerValueKindOf('AE_2_REF')).toBe('aeRefs');
    expect(answerValueKindOf('INFORMATION')).toBe('none');
  });

  it('marks unavailable, skipped and not answered values', () => {
    const a = (x: object) => AnswerSchema.parse({ question: 'q', ...x });
    expect(answerMarkerOf('TEXT_FREE', a({ answerUnavailable: true }))).toBe('.n');
    expect(answerMarkerOf('TEXT_FREE', a({ answerSkipped: true }))).toBe('.na');
    expect(answerMarkerOf('TEXT_FREE', a({ answerStrings: [' '] }))).toBe('.b');
    expect(answerMarkerOf('TEXT_FREE', undefined)).toBe('.b');
    expect(answerMarkerOf('TEXT_FREE', a({ answerStrings: ['x'] }))).toBeNull();
    expect(hasAnswerValue('TABLE', a({ tableCells: [{ row: 0, col: 'c', value: '1' }] }))).toBe(true);
  });

  it('keeps the filler time zone and caps a comment at 256 characters', () => {
    expect(AnswerSchema.parse({ question: 'q', timeZone: 'Europe/Copenhagen' }).timeZone).toBe(
      'Europe/Copenhagen',
    );
    expect(AnswerSchema.safeParse({ question: 'q', comment: 'x'.repeat(257) }).success).toBe(false);
  });
});
