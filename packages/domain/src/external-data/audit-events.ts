import type { AuditEventOf } from '../audit/events';

/** Audit events of external data (issue 28 item 4): an import (one per file) and its deletion with the reason. */
export type ExternalDataAuditEvent =
  | AuditEventOf<'EXTERNAL_DATA_IMPORTED', 'EXTERNAL_DATA_IMPORT'>
  | AuditEventOf<'EXTERNAL_DATA_DELETED', 'EXTERNAL_DATA_IMPORT'>;
