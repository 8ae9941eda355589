import type { AuditEventOf } from '../audit/events';

/** Audit events of subjects (spec 001 §7 Subjects): create, import, update, delete, archive. */
export type SubjectAuditEvent =
  | AuditEventOf<'SUBJECT_CREATED', 'SUBJECT'>
  | AuditEventOf<'SUBJECTS_IMPORTED', 'SUBJECT'>
  | AuditEventOf<'SUBJECT_UPDATED', 'SUBJECT'>
  | AuditEventOf<'SUBJECT_DELETED', 'SUBJECT'>
  | AuditEventOf<'SUBJECT_ARCHIVED', 'SUBJECT'>
  | AuditEventOf<'SUBJECT_UNARCHIVED', 'SUBJECT'>;
