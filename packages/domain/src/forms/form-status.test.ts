import { describe, expect, it } from 'vitest';
import { deriveFormStatus, formStatusForToken, isReviewFormStatus } from './form-status';
import { FORM_STATUSES } from './model';
import { buildAnswer, buildForm, buildQuestion } from './test-fixtures';

describe('Spec 001 §4 form status', () => {
  const form = buildForm([
    buildQuestion({ order: 1, type: 'YES_NO', possibilities: ['y', 'n'], required: true }),
    buildQuestion({ order: 2, required: true, showRules: [{ question: 'q1', possibilities: ['y'] }] }),
    buildQuestion({ order: 3, required: true, canSkip: true }),
    buildQuestion({ order: 4 }),
    buildQuestion({ order: 5, type: 'INFORMATION', required: true }),
  ]);
  const no = buildAnswer('q1', { possibilities: ['n'] });
  const status = (answers: ReturnType<typeof buildAnswer>[], extra = {}) =>
    deriveFormStatus({ form, answers, ...extra });

  it('is not started when no answers exist', () => {
    expect(status([])).toBe('STATUS_NOT_STARTED');
    expect(status([buildAnswer('q4')])).toBe('STATUS_NOT_STARTED');
  });

  it('is completed when all required visible questions are answered (skipped counts)', () => {
    expect(status([no, buildAnswer('q3', { answerStrings: ['x'] })])).toBe('STATUS_COMPLETED');
    expect(status([no, buildAnswer('q3', { answerSkipped: true })])).toBe('STATUS_COMPLETED');
  });

  it('is incomplete when a required visible question is unanswered', () => {
    expect(status([no])).toBe('STATUS_INCOMPLETE');
    const yes = buildAnswer('q1', { possibilities: ['y'] });
    expect(status([yes, buildAnswer('q3', { answerStrings: ['x'] })])).toBe('STATUS_INCOMPLETE');
  });

  it('is missing data when every required unanswered question is marked unavailable', () => {
    expect(status([no, buildAnswer('q3', { answerUnavailable: true })])).toBe('STATUS_MISSING_DATA');
    expect(status([buildAnswer('q1', { answerUnavailable: true }), buildAnswer('q3')])).toBe(
      'STATUS_INCOMPLETE',
    );
  });

  it('is missing data for a token with missingData even when all is answered (DESIGN.md)', () => {
    const all = [no, buildAnswer('q3', { answerStrings: ['x'] })];
    expect(status(all, { isTokenMissingData: true })).toBe('STATUS_MISSING_DATA');
    expect(status([], { isTokenMissingData: true })).toBe('STATUS_MISSING_DATA');
  });

  it('spec 001 §4: a stored status read for a missingData token is missing data, unless under query', () => {
    expect(formStatusForToken('STATUS_COMPLETED', true)).toBe('STATUS_MISSING_DATA');
    expect(formStatusForToken(null, true)).toBe('STATUS_MISSING_DATA');
    expect(formStatusForToken('STATUS_QUERY', true)).toBe('STATUS_QUERY');
    expect(formStatusForToken('STATUS_INCOMPLETE', false)).toBe('STATUS_INCOMPLETE');
    expect(formStatusForToken(null, false)).toBe('STATUS_NOT_STARTED');
  });

  it('is query when a question has an open or responded query, overriding the others', () => {
    const all = [no, buildAnswer('q3', { answerStrings: ['x'] })];
    expect(status(all, { queryStatuses: ['OPEN'] })).toBe('STATUS_QUERY');
    expect(status([], { queryStatuses: ['CLOSED', 'RESPONDED'], isTokenMissingData: true })).toBe(
      'STATUS_QUERY',
    );
    expect(status(all, { queryStatuses: ['CLOSED'] })).toBe('STATUS_COMPLETED');
  });

  it('does not require subject-hidden questions of subjects', () => {
    const hidden = buildForm([
      buildQuestion({ order: 1 }),
      buildQuestion({ order: 2, required: true, hideFromSubjects: true }),
    ]);
    const answers = [buildAnswer('q1', { answerStrings: ['x'] })];
    expect(deriveFormStatus({ form: hidden, answers, audience: 'public' })).toBe('STATUS_COMPLETED');
    expect(deriveFormStatus({ form: hidden, answers })).toBe('STATUS_INCOMPLETE');
  });

  it('has review statuses that exclude not-started', () => {
    expect(FORM_STATUSES.filter(isReviewFormStatus)).toEqual([
      'STATUS_QUERY',
      'STATUS_COMPLETED',
      'STATUS_INCOMPLETE',
      'STATUS_MISSING_DATA',
    ]);
  });
});
