import type { AuditEventOf } from '../audit/events';

/** Issue 27 item 4: a casebook asked for, made (or failed) and each download of it. */
export type CasebookAuditEvent =
  | AuditEventOf<'CASEBOOK_REQUESTED', 'CASEBOOK'>
  | AuditEventOf<'CASEBOOK_GENERATED', 'CASEBOOK'>
  | AuditEventOf<'CASEBOOK_FAILED', 'CASEBOOK'>
  | AuditEventOf<'CASEBOOK_DOWNLOADED', 'CASEBOOK'>;
