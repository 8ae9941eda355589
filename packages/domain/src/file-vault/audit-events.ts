import type { AuditEventOf } from '../audit/events';

/**
 * Audit events of the file vault (issue 28 item 3): folders, uploads, versions, removals with
 * their reason, and every download. Tokens never enter the trail.
 */
export type FileVaultAuditEvent =
  | AuditEventOf<'FILE_VAULT_FOLDER_CREATED', 'FILE_VAULT_FOLDER'>
  | AuditEventOf<'FILE_VAULT_FOLDER_RENAMED', 'FILE_VAULT_FOLDER'>
  | AuditEventOf<'FILE_VAULT_FOLDER_REMOVED', 'FILE_VAULT_FOLDER'>
  | AuditEventOf<'FILE_VAULT_DOCUMENT_UPLOADED', 'FILE_VAULT_DOCUMENT'>
  | AuditEventOf<'FILE_VAULT_VERSION_UPLOADED', 'FILE_VAULT_DOCUMENT'>
  | AuditEventOf<'FILE_VAULT_DOCUMENT_REMOVED', 'FILE_VAULT_DOCUMENT'>
  | AuditEventOf<'FILE_VAULT_DOCUMENT_DOWNLOADED', 'FILE_VAULT_DOCUMENT'>;
