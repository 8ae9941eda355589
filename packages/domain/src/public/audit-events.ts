import type { AuditEventOf } from '../audit/events';

/** Audit events of the public participant flows (spec 002): link validation, one-time passwords, consent, sign-up, unsubscribe. */
export type PublicAuditEvent =
  | AuditEventOf<'TOKEN_VALIDATED', 'TOKEN'>
  | AuditEventOf<'ONE_TIME_PASSWORD_SENT', 'ONE_TIME_PASSWORD'>
  | AuditEventOf<'ONE_TIME_PASSWORD_VALIDATED', 'ONE_TIME_PASSWORD'>
  | AuditEventOf<'ONE_TIME_PASSWORD_FAILED', 'ONE_TIME_PASSWORD'>
  | AuditEventOf<'CONSENT_ACCEPTED', 'ENROLLMENT'>
  | AuditEventOf<'PUBLIC_SIGNUP', 'SUBJECT'>
  | AuditEventOf<'ENROLLMENT_UNSUBSCRIBED', 'ENROLLMENT'>;
