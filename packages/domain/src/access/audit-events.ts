import type { AuditEventOf } from '../audit/events';

/** Audit events of study access (spec 000 §6): invitations, role and site changes, revocation. */
export type AccessAuditEvent =
  | AuditEventOf<'ACCESS_INVITED', 'STUDY_ACCESS'>
  | AuditEventOf<'ACCESS_ACTIVATED', 'STUDY_ACCESS'>
  | AuditEventOf<'ACCESS_CHANGED', 'STUDY_ACCESS'>
  | AuditEventOf<'ACCESS_REVOKED', 'STUDY_ACCESS'>;
