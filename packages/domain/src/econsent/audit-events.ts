import type { AuditEventOf } from '../audit/events';

/**
 * Audit events of e-consent (issue 24): a consent document version uploaded, a signing code asked
 * for (the code itself goes through ONE_TIME_PASSWORD_* events), the participant's signature, the
 * investigator's countersignature, a consent signed on paper recorded by staff, signed-file downloads and a failed integrity check of a stored
 * signed file (tamper detection).
 */
export type EConsentAuditEvent =
  | AuditEventOf<'ECONSENT_FILE_UPLOADED', 'ECONSENT_FILE'>
  | AuditEventOf<'ECONSENT_RECONSENT_REQUESTED', 'TOKEN'>
  | AuditEventOf<'ECONSENT_SIGNED', 'ECONSENT'>
  | AuditEventOf<'ECONSENT_SIGN_REFUSED', 'ECONSENT'>
  | AuditEventOf<'ECONSENT_COUNTERSIGNED', 'ECONSENT'>
  | AuditEventOf<'ECONSENT_PAPER_RECORDED', 'ECONSENT'>
  | AuditEventOf<'ECONSENT_SIGNED_FILE_DOWNLOADED', 'ECONSENT'>
  | AuditEventOf<'ECONSENT_INTEGRITY_FAILED', 'ECONSENT'>;
