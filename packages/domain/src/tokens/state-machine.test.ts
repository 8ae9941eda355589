import { describe, expect, it } from 'vitest';
import { checkTransitionTable } from '../common/state-machine-test-kit';
import { isTokenFillable, TOKEN_STATUSES, TOKEN_TYPES } from './model';
import { canTokenTakeAnswers, TOKEN_ACTIONS, tokenStateMachine } from './state-machine';

describe('Spec 000 §3 token types', () => {
  it('has exactly the six token types', () => {
    expect([...TOKEN_TYPES]).toEqual(['PATIENT', 'HP', 'UNEXPECTED', 'DISCONTINUED', 'EXTERNAL', 'ECONSENT']);
  });
});

describe('Spec 000 §4 / 002 §4 token status', () => {
  it('has exactly the seven statuses of the spec', () => {
    expect([...TOKEN_STATUSES].sort()).toEqual(
      ['UNUSED', 'IN_USE', 'EXPIRED', 'COMPLETED', 'DISABLED', 'EXCLUDED', 'NOT_ACTIVE'].sort(),
    );
  });

  checkTransitionTable(tokenStateMachine, {
    states: TOKEN_STATUSES,
    actions: TOKEN_ACTIONS,
    allowed: [
      ['NOT_ACTIVE', 'activate', 'UNUSED'],
      ['NOT_ACTIVE', 'exclude', 'EXCLUDED'],
      ['NOT_ACTIVE', 'disable', 'DISABLED'],
      ['UNUSED', 'open', 'IN_USE'],
      ['UNUSED', 'complete', 'COMPLETED'],
      ['UNUSED', 'expire', 'EXPIRED'],
      ['UNUSED', 'exclude', 'EXCLUDED'],
      ['UNUSED', 'disable', 'DISABLED'],
      ['IN_USE', 'complete', 'COMPLETED'],
      ['IN_USE', 'expire', 'EXPIRED'],
      ['IN_USE', 'exclude', 'EXCLUDED'],
      ['IN_USE', 'disable', 'DISABLED'],
      ['COMPLETED', 'reopen', 'IN_USE'],
      ['EXPIRED', 'reactivate', 'UNUSED'],
      ['EXPIRED', 'disable', 'DISABLED'],
      ['DISABLED', 'reactivate', 'UNUSED'],
      ['DISABLED', 'restore', 'NOT_ACTIVE'],
    ],
  });

  it('takes answers only while UNUSED or IN_USE', () => {
    for (const s of TOKEN_STATUSES) expect(canTokenTakeAnswers(s)).toBe(s === 'UNUSED' || s === 'IN_USE');
  });
});

describe('Spec 002 §4 token fill window', () => {
  const now = new Date('2024-06-01T12:00:00Z');
  const open = { status: 'UNUSED', locked: false, activationTime: null, expiryTime: null } as const;
  it('is fillable when open, unlocked and within its window', () => {
    expect(isTokenFillable(open, now)).toBe(true);
    expect(isTokenFillable({ ...open, status: 'IN_USE', expiryTime: '2024-06-01T12:00:01Z' }, now)).toBe(
      true,
    );
  });
  it('is not fillable when locked, closed, not yet active or expired (expiry instant excluded)', () => {
    expect(isTokenFillable({ ...open, locked: true }, now)).toBe(false);
    expect(isTokenFillable({ ...open, status: 'COMPLETED' }, now)).toBe(false);
    expect(isTokenFillable({ ...open, activationTime: '2024-06-02T00:00:00Z' }, now)).toBe(false);
    expect(isTokenFillable({ ...open, expiryTime: '2024-06-01T12:00:00Z' }, now)).toBe(false);
  });
});
