import { z } from 'zod';

// The soft-delete types themselves (000 §3) are `SOFT_DELETE_TYPES` of studies/model.ts.

/** A removed item as the storage page lists it (spec 001 §7 GET /study/{studyId}/storage): who, when, why. */
export const StorageItemSchema = z.object({
  type: z.string(),
  id: z.string(),
  siteId: z.string().nullable(),
  subjectId: z.string().nullable(),
  label: z.string(),
  removedBy: z.object({ id: z.string(), name: z.string() }),
  removedAt: z.string(),
  reason: z.string(),
  /** May the caller restore it (SOFT_DELETE_RESTORE at the item's site). */
  canRestore: z.boolean(),
});
export type StorageItem = z.infer<typeof StorageItemSchema>;

export const StorageListSchema = z.object({ items: z.array(StorageItemSchema) });
export type StorageList = z.infer<typeof StorageListSchema>;

/** Removing and restoring both ask why (ICH E6 audit trail: the reason of every change). */
export const SoftDeleteReasonSchema = z.object({ reason: z.string().trim().min(1).max(1000) });
export type SoftDeleteReason = z.infer<typeof SoftDeleteReasonSchema>;
