import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Subjects (spec 000 §3 subject attributes). The subjects issue adds the attribute columns
 * and their rules; sites and studies already count and protect the subjects they hold.
 */
export const subjects = pgTable(
  'subject',
  {
    studyId: text('study_id').notNull(),
    id: text('id').notNull(),
    siteId: text('site_id').notNull(),
    /** The subject id shown to staff (patientId), manual or from the study's automation. */
    patientId: text('patient_id').notNull(),
    attributes: jsonb('attributes').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.id] }),
    uniqueIndex('subject_study_patient_id_key').on(t.studyId, t.patientId),
    index('subject_site_idx').on(t.studyId, t.siteId),
  ],
);
