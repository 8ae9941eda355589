import { defineStateMachine } from '../common/state-machine';
import type { TokenStatus } from './model';

/** Actions that change a token's status (spec 001 §4: token status can be edited; 001 §7 start, resend). */
export const TOKEN_ACTIONS = [
  'activate',
  'open',
  'complete',
  'expire',
  'exclude',
  'disable',
  'reactivate',
  'reopen',
  'restore',
] as const;
export type TokenAction = (typeof TOKEN_ACTIONS)[number];

/**
 * Spec 000 §4 token statuses; "other transitions are not shown" (002 §4), ours:
 * - NOT_ACTIVE (scheduled) → UNUSED on activation (time reached or staff start);
 *   UNUSED → IN_USE on the first save; UNUSED or IN_USE → COMPLETED on submit
 *   (a one-page form can be submitted straight away).
 * - expire: the fill window closed before completion (UNUSED, IN_USE).
 * - exclude: an inclusion check excluded the subject; open and scheduled tokens follow.
 * - disable: staff switch a link off (deactivated enrollment); never a COMPLETED token,
 *   its data stays as captured.
 * - reactivate: staff give an expired or disabled link a new window; saved answers stay
 *   and the next save moves it to IN_USE again.
 * - reopen: staff return a completed token to the subject for corrections (audited).
 * - restore: a waiting link that was disabled with its enrollment (deactivation) goes back to
 *   waiting when staff reactivate the enrollment; the schedule then computes its time again.
 * - EXCLUDED is final, like the enrollment exclusion behind it.
 * Lock / unlock is a separate flag, not a status.
 */
export const tokenStateMachine = defineStateMachine<TokenStatus, TokenAction>({
  name: 'token',
  transitions: {
    NOT_ACTIVE: { activate: 'UNUSED', exclude: 'EXCLUDED', disable: 'DISABLED' },
    UNUSED: {
      open: 'IN_USE',
      complete: 'COMPLETED',
      expire: 'EXPIRED',
      exclude: 'EXCLUDED',
      disable: 'DISABLED',
    },
    IN_USE: { complete: 'COMPLETED', expire: 'EXPIRED', exclude: 'EXCLUDED', disable: 'DISABLED' },
    COMPLETED: { reopen: 'IN_USE' },
    EXPIRED: { reactivate: 'UNUSED', disable: 'DISABLED' },
    DISABLED: { reactivate: 'UNUSED', restore: 'NOT_ACTIVE' },
    EXCLUDED: {},
  },
});

/** Spec 002 §4: a token takes answers only while UNUSED or IN_USE (activated, not finished). */
export function canTokenTakeAnswers(status: TokenStatus): boolean {
  return tokenStateMachine.can(status, 'complete');
}
