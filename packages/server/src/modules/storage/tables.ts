import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The storage page's ledger (spec 001 §7 soft delete, 000 §3 soft-delete types): one row per removed
 * item while it is removed, with who removed it, when and why. The owning module keeps its own
 * removed marker on the item; a restore deletes the row here (the audit trail keeps the history).
 */
export const removedItems = pgTable(
  'removed_item',
  {
    studyId: text('study_id').notNull(),
    /** The soft-delete type (`unscheduledevent`, `discontinueEvent`, `ae`...). */
    type: text('type').notNull(),
    itemId: text('item_id').notNull(),
    siteId: text('site_id'),
    subjectId: text('subject_id'),
    /** What the storage page shows of the item (no identifying data: subject id, event name, date). */
    label: text('label').notNull(),
    removedBy: text('removed_by').notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.type, t.itemId] }),
    index('removed_item_study_removed_idx').on(t.studyId, t.removedAt),
  ],
);
