import { defineStateMachine } from '../common/state-machine';
import type { PlanStatus } from './model';

/** Actions on a subscription plan (spec 000 §4 plan statuses). */
export const PLAN_ACTIONS = ['disable', 'enable', 'cancel', 'expire', 'renew'] as const;
export type PlanAction = (typeof PLAN_ACTIONS)[number];

/**
 * Spec 000 §4 plan status ACTIVE, DISABLED, CANCELLED, EXPIRED; transitions not shown, ours:
 * - an admin disables and re-enables a plan (e.g. unpaid invoice);
 * - a plan expires at its end date, active or disabled; a renewal (new payment) reactivates it;
 * - CANCELLED is final: a new subscription is a new plan record, so billing history stays intact.
 */
export const planStateMachine = defineStateMachine<PlanStatus, PlanAction>({
  name: 'subscription plan',
  transitions: {
    ACTIVE: { disable: 'DISABLED', cancel: 'CANCELLED', expire: 'EXPIRED' },
    DISABLED: { enable: 'ACTIVE', cancel: 'CANCELLED', expire: 'EXPIRED' },
    EXPIRED: { renew: 'ACTIVE', cancel: 'CANCELLED' },
    CANCELLED: {},
  },
});
