import { defineStateMachine } from '../common/state-machine';
import type { EnrollmentStatus } from './model';

/** Actions that change an enrollment's status (spec 001 §4: edited, deactivated; 002 §4 unsubscribe). */
export const ENROLLMENT_ACTIONS = [
  'start',
  'complete',
  'exclude',
  'unsubscribe',
  'deactivate',
  'discontinue',
  'reactivate',
] as const;
export type EnrollmentAction = (typeof ENROLLMENT_ACTIONS)[number];

/**
 * Spec 000 §4 enrollment statuses; the transitions are ours:
 * - REGISTERED → ONGOING when the first data event starts; ONGOING → COMPLETED when the process ends.
 * - exclude (failed inclusion), unsubscribe (the subject opts out, 002 §4) and
 *   deactivate / discontinue (staff, signed) end a registered or ongoing enrollment.
 * - reactivate undoes a mistaken deactivation (CANCELLED → ONGOING), signed and audited.
 * - EXCLUDED and UNSUBSCRIBED are final: staff must not override a failed inclusion or
 *   a subject's withdrawal; re-enrolment creates a new enrollment (001 §7 canreenroll).
 * - COMPLETED is final; corrections go through queries, not status.
 */
export const enrollmentStateMachine = defineStateMachine<EnrollmentStatus, EnrollmentAction>({
  name: 'enrollment',
  errorId: 'INVALID_ENROLLMENT',
  transitions: {
    REGISTERED: {
      start: 'ONGOING',
      exclude: 'EXCLUDED',
      unsubscribe: 'UNSUBSCRIBED',
      deactivate: 'CANCELLED',
      discontinue: 'CANCELLED',
    },
    ONGOING: {
      complete: 'COMPLETED',
      exclude: 'EXCLUDED',
      unsubscribe: 'UNSUBSCRIBED',
      deactivate: 'CANCELLED',
      discontinue: 'CANCELLED',
    },
    COMPLETED: {},
    CANCELLED: { reactivate: 'ONGOING' },
    EXCLUDED: {},
    UNSUBSCRIBED: {},
  },
});

/** Spec 000 §4: an enrollment takes data (tokens, forms, events) while REGISTERED or ONGOING. */
export function isEnrollmentActive(status: EnrollmentStatus): boolean {
  return status === 'REGISTERED' || status === 'ONGOING';
}

/** Spec 001 §4 sign-off: the investigator signs the casebook once the enrollment has ended. */
export function canSignOffEnrollment(status: EnrollmentStatus): boolean {
  return !isEnrollmentActive(status);
}
