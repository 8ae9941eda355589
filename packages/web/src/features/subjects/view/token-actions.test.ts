import type { Permission } from '@trialbase/domain';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { resendText, tokenActionsOf } from './token-actions';

const all = () => true;
const only =
  (...granted: Permission[]) =>
  (permission: Permission) =>
    granted.includes(permission);
const token = (over: Partial<Parameters<typeof tokenActionsOf>[0]> = {}) => ({
  type: 'PATIENT' as const,
  status: 'NOT_ACTIVE' as const,
  referenceDate: 'MANUAL',
  startedAt: null,
  ...over,
});

describe('token actions on the subject records (issue 12 item 5, spec 001 §7)', () => {
  it('offers start and reschedule on a manual event that waits, resend only on an open participant link', () => {
    expect(tokenActionsOf(token(), 'ONGOING', all)).toEqual(['start', 'reschedule']);
    expect(tokenActionsOf(token({ status: 'UNUSED' }), 'ONGOING', all)).toEqual(['resend']);
    expect(tokenActionsOf(token({ status: 'IN_USE', type: 'HP' }), 'ONGOING', all)).toEqual([]);
  });

  it('does not start a scheduled or already started event, and nothing on an ended enrollment', () => {
    expect(tokenActionsOf(token({ referenceDate: 'REGISTRATION' }), 'ONGOING', all)).toEqual(['reschedule']);
    expect(tokenActionsOf(token({ startedAt: '2026-11-01T10:00:00.000Z' }), 'ONGOING', all)).toEqual([
      'reschedule',
    ]);
    expect(tokenActionsOf(token(), 'CANCELLED', all)).toEqual([]);
  });

  it('follows the permissions TOKEN_START, TOKEN_RESEND and TOKEN_RESCHEDULE', () => {
    expect(tokenActionsOf(token(), 'ONGOING', only('TOKEN_START'))).toEqual(['start']);
    expect(tokenActionsOf(token(), 'REGISTERED', only('TOKEN_RESCHEDULE'))).toEqual(['reschedule']);
    expect(tokenActionsOf(token({ status: 'UNUSED' }), 'ONGOING', only('TOKEN_START'))).toEqual([]);
  });

  it('says which channels a resend reached, or that nothing went out', () => {
    const t = ((key: string, options?: Record<string, string>) =>
      options ? `${key} ${JSON.stringify(options)}` : key) as unknown as TFunction;
    expect(
      resendText(t, {
        channels: [
          { channel: 'EMAIL', sent: true },
          { channel: 'SMS', sent: false },
        ],
      } as never),
    ).toBe('SUBJECTS.TOKEN_ACTIONS.RESENT {"channels":"SUBJECTS.TOKEN_ACTIONS.CHANNELS.EMAIL"}');
    expect(resendText(t, { channels: [{ channel: 'SMS', sent: false }] } as never)).toBe(
      'SUBJECTS.TOKEN_ACTIONS.NOT_SENT',
    );
  });
});
