import { describe, expect, it } from 'vitest';
import { checkTransitionTable } from '../common/state-machine-test-kit';
import { DISCONTINUATION_REASONS } from '../processes/model';
import { DiscontinuationSchema, ENROLLMENT_STATUSES } from './model';
import {
  canSignOffEnrollment,
  ENROLLMENT_ACTIONS,
  enrollmentStateMachine,
  isEnrollmentActive,
} from './state-machine';

describe('Spec 000 §4 enrollment (pathway record) status', () => {
  it('has exactly the six statuses of the spec', () => {
    expect([...ENROLLMENT_STATUSES]).toEqual([
      'REGISTERED',
      'ONGOING',
      'COMPLETED',
      'CANCELLED',
      'EXCLUDED',
      'UNSUBSCRIBED',
    ]);
  });

  checkTransitionTable(enrollmentStateMachine, {
    states: ENROLLMENT_STATUSES,
    actions: ENROLLMENT_ACTIONS,
    allowed: [
      ['REGISTERED', 'start', 'ONGOING'],
      ['REGISTERED', 'exclude', 'EXCLUDED'],
      ['REGISTERED', 'unsubscribe', 'UNSUBSCRIBED'],
      ['REGISTERED', 'deactivate', 'CANCELLED'],
      ['REGISTERED', 'discontinue', 'CANCELLED'],
      ['ONGOING', 'complete', 'COMPLETED'],
      ['ONGOING', 'exclude', 'EXCLUDED'],
      ['ONGOING', 'unsubscribe', 'UNSUBSCRIBED'],
      ['ONGOING', 'deactivate', 'CANCELLED'],
      ['ONGOING', 'discontinue', 'CANCELLED'],
      ['CANCELLED', 'reactivate', 'ONGOING'],
    ],
  });

  it('reports refusals as INVALID_ENROLLMENT', () => {
    expect(() => enrollmentStateMachine.next('UNSUBSCRIBED', 'reactivate')).toThrow(
      expect.objectContaining({ id: 'INVALID_ENROLLMENT' }),
    );
  });

  it('is active only while registered or ongoing; sign-off only after', () => {
    for (const s of ENROLLMENT_STATUSES) {
      const active = s === 'REGISTERED' || s === 'ONGOING';
      expect(isEnrollmentActive(s)).toBe(active);
      expect(canSignOffEnrollment(s)).toBe(!active);
    }
  });
});

describe('Spec 000 §3 discontinuation reasons', () => {
  const base = { discontinuedBy: 'a'.repeat(24), discontinuedTime: '2024-01-01T00:00:00Z' };
  it('has the four reasons', () => {
    expect([...DISCONTINUATION_REASONS]).toEqual(['DEATH', 'GEOGRAPHIC', 'PATIENT_OPT_OUT', 'OTHER']);
  });
  it('needs a text when the reason is OTHER', () => {
    expect(DiscontinuationSchema.safeParse({ ...base, reason: 'DEATH', otherReason: null }).success).toBe(
      true,
    );
    expect(DiscontinuationSchema.safeParse({ ...base, reason: 'OTHER', otherReason: null }).success).toBe(
      false,
    );
    expect(DiscontinuationSchema.safeParse({ ...base, reason: 'OTHER', otherReason: 'Moved' }).success).toBe(
      true,
    );
    expect(DiscontinuationSchema.safeParse({ ...base, reason: 'BORED', otherReason: null }).success).toBe(
      false,
    );
  });
});
