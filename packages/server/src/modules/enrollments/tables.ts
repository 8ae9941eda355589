import type { EnrollmentDetails } from '@trialbase/domain';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Enrollments (pathway records, spec 001 §3): a subject in a process at a site. The form versions
 * current at enrollment are tagged here (`/questionnairetemplate/tagged/{pathwayRecordId}`).
 */
export const enrollments = pgTable(
  'enrollment',
  {
    studyId: text('study_id').notNull(),
    id: text('id').notNull(),
    siteId: text('site_id').notNull(),
    subjectId: text('subject_id').notNull(),
    processId: text('process_id').notNull(),
    status: text('status').notNull(),
    /** The REGISTRATION reference date of the schedule. */
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull(),
    /** IANA zone the schedule is computed in (the study's, or the site's when it has one). */
    timeZone: text('time_zone').notNull(),
    /** Language messages go out in (the subject's, else the study's primary language). */
    language: text('language').notNull(),
    /** Form versions tagged at enrollment: { [formId]: { major, minor } }. */
    formVersions: jsonb('form_versions')
      .$type<Record<string, { major: number; minor: number }>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Enrollment details later issues fill (random id, trial group, sign-off, discontinuation...). */
    details: jsonb('details').$type<EnrollmentDetails>().notNull().default(sql`'{}'::jsonb`),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.id] }),
    index('enrollment_subject_idx').on(t.studyId, t.subjectId),
    index('enrollment_process_idx').on(t.studyId, t.processId),
    index('enrollment_site_idx').on(t.studyId, t.siteId),
    // The API for data's keyset pages and updatedSince filter (issue 28 item 2).
    index('enrollment_study_updated_idx').on(t.studyId, t.updatedAt, t.id),
  ],
);
