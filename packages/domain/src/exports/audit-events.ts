import type { AuditEventOf } from '../audit/events';

/** Issue 26: every export is audited with what was chosen (requested) and what it held (completed). */
export type ExportAuditEvent =
  | AuditEventOf<'EXPORT_REQUESTED', 'EXPORT'>
  | AuditEventOf<'EXPORT_COMPLETED', 'EXPORT'>
  | AuditEventOf<'EXPORT_FAILED', 'EXPORT'>
  | AuditEventOf<'EXPORT_DOWNLOADED', 'EXPORT'>;
