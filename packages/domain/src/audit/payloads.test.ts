import { describe, expect, it } from 'vitest';
import type { AuditEvent } from './events';
import { isAuditActionIn, readAuditPayload } from './payloads';

describe('typed audit payloads (issue 14 item 5)', () => {
  it('writers: an event only type-checks with the before and after its action declares', () => {
    const ok: AuditEvent = {
      action: 'QUESTIONNAIRE_VERIFIED',
      entityType: 'QUESTIONNAIRE',
      entityId: 'q1',
      before: null,
      after: { type: 'primary', verified: true },
    };
    // @ts-expect-error `verified` is declared a boolean
    const wrongShape: AuditEvent = {
      action: 'QUESTIONNAIRE_VERIFIED',
      entityType: 'QUESTIONNAIRE',
      entityId: 'q1',
      before: null,
      after: { type: 'primary', verified: 'yes' },
    };
    // @ts-expect-error a save records its status, version and changed answers
    const missingAnswers: AuditEvent = {
      action: 'QUESTIONNAIRE_SAVED',
      entityType: 'QUESTIONNAIRE',
      entityId: 'q1',
      before: { status: 'NEW', version: 0 },
      after: { status: 'DRAFT', version: 1, answers: {} },
    };
    const snapshot: AuditEvent = {
      action: 'SITE_UPDATED',
      entityType: 'SITE',
      entityId: 's1',
      before: { name: 'Old' },
      after: { name: 'New' },
    };
    expect([ok, wrongShape, missingAnswers, snapshot]).toHaveLength(4);
  });

  it('readers: a stored payload reads as its action declares, null when it does not match', () => {
    const after = readAuditPayload('ANSWER_VERIFIED', 'after', {
      questionnaireId: 'q1',
      questionId: 'a',
      type: 'secondary',
      verified: false,
    });
    expect(after?.type).toBe('secondary');
    expect(after?.verified).toBe(false);
    expect(readAuditPayload('ANSWER_VERIFIED', 'after', { type: 'primary', verified: 'no' })).toBeNull();
    expect(readAuditPayload('QUESTIONNAIRE_SAVED', 'before', null)).toBeNull();
    const saved = readAuditPayload('QUESTIONNAIRE_SUBMITTED', 'after', {
      status: 'SUBMITTED',
      version: 2,
      answers: { a: { value: 1 } },
      extra: 'kept',
    });
    expect(saved?.answers).toEqual({ a: { value: 1 } });
    expect(saved?.extra).toBe('kept');
  });

  it('readers: events without declared fields read as snapshots (a JSON object or null)', () => {
    expect(readAuditPayload('SITE_UPDATED', 'after', { name: 'New' })).toEqual({ name: 'New' });
    expect(readAuditPayload('SITE_UPDATED', 'after', 'text')).toBeNull();
    expect(
      readAuditPayload('UNSCHEDULED_EVENT_RECORDED', 'after', { tokenId: 't1', type: 'X' })?.tokenId,
    ).toBe('t1');
  });

  it('isAuditActionIn narrows a stored action to the listed ones', () => {
    const action: string = 'ANSWER_UNVERIFIED';
    expect(isAuditActionIn(action, ['ANSWER_VERIFIED', 'ANSWER_UNVERIFIED'] as const)).toBe(true);
    expect(isAuditActionIn(action, ['QUESTIONNAIRE_SAVED'] as const)).toBe(false);
  });
});
