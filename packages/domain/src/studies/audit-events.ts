import type { AuditEventOf } from '../audit/events';

/** Audit events of this area (CONVENTIONS.md: a new state change needs a new event type). */
export type StudyAuditEvent =
  | AuditEventOf<'STUDY_CREATED', 'STUDY'>
  | AuditEventOf<'STUDY_UPDATED', 'STUDY'>
  | AuditEventOf<'STUDY_DUPLICATED', 'STUDY'>
  /** Spec 001 §7 start, stop and test drive: `before.status` → `after.status`. */
  | AuditEventOf<'STUDY_STATUS_CHANGED', 'STUDY'>
  | AuditEventOf<'STUDY_DELETE_REQUESTED', 'STUDY'>
  /** Spec 001 §7 amendment steps (start, discard, finish, schedule...): `after.action`, status and amendment. */
  | AuditEventOf<'STUDY_AMENDMENT_CHANGED', 'STUDY'>
  /** Spec 000 §4 anonymization: a subject's identifying fields erased (`before.fields` names them, never values). */
  | AuditEventOf<'SUBJECT_ANONYMIZED', 'SUBJECT'>
  | AuditEventOf<'STUDY_DELETED', 'STUDY'>
  /** Spec 000 §1: paid modules switched on by a system admin (`POST /studies/{studyId}/addons`). */
  | AuditEventOf<'STUDY_MODULES_ENABLED', 'STUDY'>
  | AuditEventOf<'STUDY_ENTERPRISE_CODE_APPLIED', 'STUDY'>
  /** The creator (or duplicator) of a study becomes its ADMIN. */
  | AuditEventOf<'STUDY_CREATOR_ACCESS_GRANTED', 'STUDY_ACCESS'>
  /** A site copied with the design of a duplicated study. */
  | AuditEventOf<'STUDY_SITE_COPIED', 'SITE'>;
