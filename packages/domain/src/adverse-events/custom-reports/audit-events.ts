import type { AuditEventOf } from '../../audit/events';

/** Audit events of custom AE reports (issue 20 item 3): start, save, each signature, amendment with reason, upload, removal and restore (soft delete type ae2). */
export type CustomAeReportAuditEvent =
  | AuditEventOf<'AE_REPORT_CREATED', 'AE_REPORT'>
  | AuditEventOf<'AE_REPORT_SAVED', 'AE_REPORT'>
  | AuditEventOf<'AE_REPORT_SIGNED', 'AE_REPORT'>
  | AuditEventOf<'AE_REPORT_AMENDED', 'AE_REPORT'>
  | AuditEventOf<'AE_REPORT_FILE_UPLOADED', 'AE_REPORT'>
  | AuditEventOf<'AE_REPORT_REMOVED', 'AE_REPORT'>
  | AuditEventOf<'AE_REPORT_RESTORED', 'AE_REPORT'>;
