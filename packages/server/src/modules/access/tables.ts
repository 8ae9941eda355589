import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Who may work in a study, with which role, study-wide or for chosen sites (spec 000 §6).
 * An invitation is a row with status INVITED and the invitee's email; it becomes ACTIVE
 * when that user exists. Revoked access stays as a row (status REVOKED) for the record.
 */
export const studyAccess = pgTable(
  'study_access',
  {
    studyId: text('study_id').notNull(),
    id: text('id').notNull(),
    userId: text('user_id'),
    email: text('email').notNull(),
    role: text('role').notNull(),
    /** 'ALL' for study-wide access, otherwise the site ids. */
    siteIds: jsonb('site_ids').$type<'ALL' | string[]>().notNull(),
    /** Study-level permissions granted on top of the role. */
    extraPermissions: jsonb('extra_permissions').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    status: text('status').$type<'INVITED' | 'ACTIVE' | 'REVOKED'>().notNull(),
    invitedBy: text('invited_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.id] }),
    uniqueIndex('study_access_email_key').on(t.studyId, t.email).where(sql`${t.status} <> 'REVOKED'`),
    // Crosses studies on purpose: "which studies may this user enter" is asked at every request.
    index('study_access_user_idx').on(t.userId),
  ],
);
