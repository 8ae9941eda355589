import type { AuditEventOf } from '../audit/events';

/**
 * Spec 001 §7 soft delete: an item removed to the study storage and restored from it; `after.type` names
 * the soft-delete type, `entityId` the item, `reason` why.
 */
export type StorageAuditEvent =
  | AuditEventOf<'ITEM_REMOVED', 'STORAGE_ITEM'>
  | AuditEventOf<'ITEM_RESTORED', 'STORAGE_ITEM'>;
