/**
 * Rules of the staff actions on an enrollment (spec 001 §4 "Enrollment and subject": status
 * edited, deactivated, signed off; §7 unscheduled events, `multiple`, `canreenroll`). Pure.
 */
import { TransitionError } from '../common/state-machine';
import {
  FORM_DATA_EVENT_TYPES,
  type Process,
  type UnscheduledDataEventType,
  type UnscheduledForms,
} from '../processes/model';
import type { TokenStatus, TokenType } from '../tokens/model';
import type { EnrollmentStatus } from './model';
import { type EnrollmentAction, enrollmentStateMachine, isEnrollmentActive } from './state-machine';

/**
 * The actions `PUT .../enrollments/{id}/status` may take. Deactivation (signed, its own call),
 * discontinuation (a discontinued unscheduled event) and start (the schedule) are not set by hand.
 */
export const STAFF_STATUS_ACTIONS = ['complete', 'exclude', 'unsubscribe', 'reactivate'] as const;
export type StaffStatusAction = (typeof STAFF_STATUS_ACTIONS)[number];

/**
 * Spec 001 §4 "enrollment status can be edited": the staff action that leads from `from` to `to`
 * in the enrollment state machine; a `TransitionError` (409 INVALID_ENROLLMENT) when none does.
 */
export function staffStatusAction(from: EnrollmentStatus, to: EnrollmentStatus): StaffStatusAction {
  const action = STAFF_STATUS_ACTIONS.find(
    (a) => enrollmentStateMachine.can(from, a) && enrollmentStateMachine.next(from, a) === to,
  );
  if (!action) {
    throw new TransitionError({ machine: 'enrollment', from, action: `set ${to}`, id: 'INVALID_ENROLLMENT' });
  }
  return action;
}

/** Token statuses a deactivation switches off (spec 001 §7 deactivate: the open and waiting links). */
export const DEACTIVATED_TOKEN_STATUSES = [
  'NOT_ACTIVE',
  'UNUSED',
  'IN_USE',
] as const satisfies readonly TokenStatus[];

/** Spec 001 §7 deactivate: does deactivating the enrollment switch this token off? */
export function isDisabledByDeactivation(status: TokenStatus): boolean {
  return (DEACTIVATED_TOKEN_STATUSES as readonly string[]).includes(status);
}

/** The enrollment action and token type of each unscheduled event type (spec 001 §3, §7 unexpected). */
export const UNSCHEDULED_EVENTS = {
  TYPE_UNEXPECTED: { switch: 'unexpected', selection: 'unexpectedVisit', tokenType: 'UNEXPECTED' },
  TYPE_DISCONTINUED: { switch: 'discontinued', selection: 'discontinueDataEvent', tokenType: 'DISCONTINUED' },
  TYPE_EXTERNAL: { switch: 'externalDE', selection: 'externalDataEvent', tokenType: 'EXTERNAL' },
} as const satisfies Record<
  UnscheduledDataEventType,
  {
    switch: keyof Process;
    selection: 'unexpectedVisit' | 'discontinueDataEvent' | 'externalDataEvent';
    tokenType: TokenType;
  }
>;

/**
 * Spec 001 §3 / §5: the process's form selection for an unscheduled event type, or null when the
 * process has that event switched off (or it has no form or id): `PROCESS_MISSING_UNSCHEDULED`.
 */
export function unscheduledSelectionOf(
  process: Process,
  type: UnscheduledDataEventType,
): (UnscheduledForms & { id: string }) | null {
  const meta = UNSCHEDULED_EVENTS[type];
  if (process[meta.switch] !== true) return null;
  const selection = process[meta.selection];
  if (!selection.id || selection.selectedQts.length + selection.selectedOptionalQts.length === 0) return null;
  return { ...selection, id: selection.id };
}

/**
 * Our rule for `POST .../dataEvents/{dataEventId}/multiple` (the spec names the call only): a
 * further occurrence of a data event is allowed for a form event (TYPE_PATIENT, TYPE_USER) of the
 * enrollment's process once that event has been reached (its first token is no longer waiting),
 * while the enrollment is active, up to `MAX_DATA_EVENT_REPEATS` occurrences in all.
 */
export const MAX_DATA_EVENT_REPEATS = 50;

export type RepeatRefusal = 'ENROLLMENT_ENDED' | 'NOT_A_FORM_EVENT' | 'NOT_REACHED' | 'TOO_MANY';

/** Why a data event cannot be repeated now, or null when it can (see `MAX_DATA_EVENT_REPEATS`). */
export function repeatRefusal(input: {
  enrollmentStatus: EnrollmentStatus;
  eventType: string;
  firstTokenStatus: TokenStatus;
  occurrences: number;
}): RepeatRefusal | null {
  if (!isEnrollmentActive(input.enrollmentStatus)) return 'ENROLLMENT_ENDED';
  if (!(FORM_DATA_EVENT_TYPES as readonly string[]).includes(input.eventType)) return 'NOT_A_FORM_EVENT';
  if (input.firstTokenStatus === 'NOT_ACTIVE') return 'NOT_REACHED';
  if (input.occurrences >= MAX_DATA_EVENT_REPEATS) return 'TOO_MANY';
  return null;
}

export type ReenrollRefusal = 'ALREADY_ENROLLED' | 'EXCLUDED' | 'SUBJECT_ARCHIVED' | 'PUBLIC_REENROLL_OFF';

/**
 * `GET /study/{studyId}/canreenroll` (spec 001 §7; 001 §3 publicReenroll). Our rule: a subject is
 * enrolled in a process once at a time (no REGISTERED or ONGOING enrollment there); a failed
 * inclusion (EXCLUDED) is final, staff must not override it; an archived subject is not enrolled.
 * Otherwise staff may enrol again after a completed, cancelled or unsubscribed enrollment. Through
 * public sign-up a subject with an earlier enrollment re-enrols only when the process allows it.
 */
export function reenrollRefusal(input: {
  previous: readonly EnrollmentStatus[];
  subjectArchived: boolean;
  publicReenroll: boolean;
  channel: 'STAFF' | 'PUBLIC';
}): ReenrollRefusal | null {
  if (input.subjectArchived) return 'SUBJECT_ARCHIVED';
  if (input.previous.some(isEnrollmentActive)) return 'ALREADY_ENROLLED';
  if (input.previous.includes('EXCLUDED')) return 'EXCLUDED';
  if (input.channel === 'PUBLIC' && input.previous.length > 0 && !input.publicReenroll) {
    return 'PUBLIC_REENROLL_OFF';
  }
  return null;
}

/** The enrollment action a recorded unscheduled event takes (discontinued ends the enrollment). */
export function enrollmentActionForUnscheduled(type: UnscheduledDataEventType): EnrollmentAction | null {
  return type === 'TYPE_DISCONTINUED' ? 'discontinue' : null;
}
