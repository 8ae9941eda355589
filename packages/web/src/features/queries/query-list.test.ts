import type { QueryListRow } from '@trialbase/domain';
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER, toQueryFilter } from './query-filter';
import { queryRowPath } from './query-table';

describe('spec 001 §2 query list filter', () => {
  it('sends only the fields that are set, trimmed', () => {
    expect(toQueryFilter(EMPTY_FILTER)).toEqual({});
    expect(
      toQueryFilter({
        ...EMPTY_FILTER,
        statuses: ['OPEN', 'RESPONDED'],
        sites: ['a'.repeat(24)],
        subject: '  S-001 ',
        queryText: '   ',
      }),
    ).toEqual({ statuses: ['OPEN', 'RESPONDED'], sites: ['a'.repeat(24)], subject: 'S-001' });
  });
});

describe('spec 001 §2 param qId: a row opens the form at the question', () => {
  it('links to the review of the token, on the form, at the question', () => {
    const row = {
      enrollmentId: 'e'.repeat(24),
      tokenId: 't'.repeat(24),
      dataEventId: 'ev-1',
      formId: 'f'.repeat(24),
      questionId: 'q-systolic',
    } as QueryListRow;
    expect(queryRowPath('s'.repeat(24), row)).toBe(
      `/study/${'s'.repeat(24)}/patient/review/${'e'.repeat(24)}/ev-1/${'t'.repeat(24)}?questionnaireTemplateId=${'f'.repeat(24)}&qId=q-systolic`,
    );
  });
});
