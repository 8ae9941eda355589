import type { AuditEventOf } from '../audit/events';

/** Audit events of enrollments (spec 001 §4, §7): status changes, deactivation, sign-off, unscheduled events. */
export type EnrollmentAuditEvent =
  | AuditEventOf<'ENROLLMENT_STATUS_CHANGED', 'ENROLLMENT'>
  | AuditEventOf<'ENROLLMENT_DEACTIVATED', 'ENROLLMENT'>
  | AuditEventOf<'ENROLLMENT_SIGNED_OFF', 'ENROLLMENT'>
  | AuditEventOf<'UNSCHEDULED_EVENT_RECORDED', 'ENROLLMENT'>;
