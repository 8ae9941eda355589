import type { AuditEventOf } from '../audit/events';

/**
 * Audit events of medication (issue 21): records created, changed (with before and after; a change
 * clears the verification), verified and removed, and drug accounting entries.
 */
export type MedicationAuditEvent =
  | AuditEventOf<'MEDICATION_CREATED', 'MEDICATION'>
  | AuditEventOf<'MEDICATION_UPDATED', 'MEDICATION'>
  | AuditEventOf<'MEDICATION_VERIFIED', 'MEDICATION'>
  | AuditEventOf<'MEDICATION_UNVERIFIED', 'MEDICATION'>
  | AuditEventOf<'MEDICATION_REMOVED', 'MEDICATION'>
  | AuditEventOf<'MEDICATION_RESTORED', 'MEDICATION'>
  | AuditEventOf<'MEDICATION_ACCOUNTING_CREATED', 'MEDICATION_ACCOUNTING'>
  | AuditEventOf<'MEDICATION_ACCOUNTING_CORRECTED', 'MEDICATION_ACCOUNTING'>
  | AuditEventOf<'MEDICATION_ACCOUNTING_REMOVED', 'MEDICATION_ACCOUNTING'>
  | AuditEventOf<'MEDICATION_ACCOUNTING_RESTORED', 'MEDICATION_ACCOUNTING'>;
