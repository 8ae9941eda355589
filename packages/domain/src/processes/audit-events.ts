import type { AuditEventOf } from '../audit/events';

/** Audit events of processes (pathways) and their data events (spec 001 §7 Processes). */
export type ProcessAuditEvent =
  | AuditEventOf<'PROCESS_CREATED', 'PROCESS'>
  | AuditEventOf<'PROCESS_UPDATED', 'PROCESS'>
  | AuditEventOf<'PROCESS_DELETED', 'PROCESS'>
  | AuditEventOf<'PROCESS_DUPLICATED', 'PROCESS'>;
