import type { AccessUser } from '@trialbase/domain';
import { customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Casebook PDFs (issue 27 item 4): one row per casebook a user asked for, with the language, the
 * requester's access at the time (what it may see decides what is printed and what is REDACTED),
 * progress and where it stands. The PDF is kept in `pdf` until `expires_at`; only its requester
 * downloads it, and every download is audited.
 */
export const casebookJobs = pgTable(
  'casebook_job',
  {
    studyId: text('study_id').notNull(),
    id: text('id').notNull(),
    subjectId: text('subject_id').notNull(),
    siteId: text('site_id').notNull(),
    requestedBy: text('requested_by').notNull(),
    access: jsonb('access').$type<AccessUser>().notNull(),
    language: text('language').notNull(),
    /** QUEUED, RUNNING, COMPLETED, FAILED (domain CASEBOOK_STATUSES). */
    status: text('status').notNull(),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    fileName: text('file_name'),
    fileSize: integer('file_size'),
    pageCount: integer('page_count'),
    pdf: bytea('pdf'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.id] }),
    index('casebook_job_subject_idx').on(t.studyId, t.subjectId, t.requestedBy, t.createdAt),
    index('casebook_job_status_idx').on(t.status, t.createdAt),
  ],
);
