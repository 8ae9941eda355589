import type { AuditEventOf } from '../audit/events';

/**
 * Audit events of enrollments' schedules and tokens (spec 001 §7 Tokens): creation at enrollment,
 * activation, expiry, send-outs, reminders, resends, reschedules and staff starts.
 */
export type TokenAuditEvent =
  | AuditEventOf<'ENROLLMENT_CREATED', 'ENROLLMENT'>
  | AuditEventOf<'ENROLLMENT_STARTED', 'ENROLLMENT'>
  | AuditEventOf<'TOKEN_CREATED', 'TOKEN'>
  | AuditEventOf<'TOKEN_SCHEDULED', 'TOKEN'>
  | AuditEventOf<'TOKEN_ACTIVATED', 'TOKEN'>
  | AuditEventOf<'TOKEN_EXPIRED', 'TOKEN'>
  | AuditEventOf<'TOKEN_COMPLETED', 'TOKEN'>
  | AuditEventOf<'TOKEN_STARTED', 'TOKEN'>
  | AuditEventOf<'TOKEN_RESCHEDULED', 'TOKEN'>
  | AuditEventOf<'TOKEN_LINK_SENT', 'TOKEN'>
  | AuditEventOf<'TOKEN_REMINDER_SENT', 'TOKEN'>
  | AuditEventOf<'TOKEN_RESENT', 'TOKEN'>
  | AuditEventOf<'TOKEN_LOCKED', 'TOKEN'>
  | AuditEventOf<'TOKEN_UNLOCKED', 'TOKEN'>
  | AuditEventOf<'TOKEN_STATUS_CHANGED', 'TOKEN'>
  | AuditEventOf<'TOKEN_BACK', 'TOKEN'>
  /** A participant continued past a form they had gone back to (spec 002 §2 Back, then Continue). */
  | AuditEventOf<'TOKEN_FORWARD', 'TOKEN'>;
