import type { AuditEventOf } from '../audit/events';

/**
 * Audit events of adverse events (issue 20): report, change, signatures, amendments with their
 * reason, verification, removal, the serious-event clock's notices, and the study's AE settings.
 */
export type AdverseEventAuditEvent =
  | AuditEventOf<'AE_CREATED', 'ADVERSE_EVENT'>
  | AuditEventOf<'AE_UPDATED', 'ADVERSE_EVENT'>
  | AuditEventOf<'AE_SIGNED', 'ADVERSE_EVENT'>
  | AuditEventOf<'AE_AMENDED', 'ADVERSE_EVENT'>
  | AuditEventOf<'AE_VERIFIED', 'ADVERSE_EVENT'>
  | AuditEventOf<'AE_UNVERIFIED', 'ADVERSE_EVENT'>
  | AuditEventOf<'AE_REMOVED', 'ADVERSE_EVENT'>
  | AuditEventOf<'AE_RESTORED', 'ADVERSE_EVENT'>
  | AuditEventOf<'AE_CLOCK_STARTED', 'ADVERSE_EVENT'>
  | AuditEventOf<'AE_CLOCK_STOPPED', 'ADVERSE_EVENT'>
  | AuditEventOf<'AE_CLOCK_REMINDER_SENT', 'ADVERSE_EVENT'>
  | AuditEventOf<'AE_CLOCK_OVERDUE', 'ADVERSE_EVENT'>
  | AuditEventOf<'AE_SETTINGS_UPDATED', 'STUDY'>;
