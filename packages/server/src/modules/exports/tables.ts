import type { ExportRequest, ExportScope } from '@trialbase/domain';
import { customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Exports (issue 26): one row per export a user asked for, with what was chosen (`request`), what
 * the requester may see (`scope`, decided when asked), progress and where it stands. The zip is
 * kept in `export_chunk` until `expires_at` (a configured number of days) and only its requester
 * downloads it.
 */
export const exportJobs = pgTable(
  'export_job',
  {
    studyId: text('study_id').notNull(),
    id: text('id').notNull(),
    requestedBy: text('requested_by').notNull(),
    /** QUEUED, RUNNING, COMPLETED, FAILED (domain EXPORT_STATUSES). */
    status: text('status').notNull(),
    request: jsonb('request').$type<ExportRequest>().notNull(),
    scope: jsonb('scope').$type<ExportScope>().notNull(),
    /** The requester's UI language: the codebook's labels are in the study language it names first. */
    language: text('language').notNull(),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    fileName: text('file_name'),
    fileSize: integer('file_size'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.id] }),
    index('export_job_requester_idx').on(t.studyId, t.requestedBy, t.createdAt),
    index('export_job_status_idx').on(t.status, t.createdAt),
  ],
);

/** The zip of an export in pieces of about a megabyte, in order (written and read as streams). */
export const exportChunks = pgTable(
  'export_chunk',
  {
    studyId: text('study_id').notNull(),
    exportId: text('export_id').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.studyId, t.exportId, t.seq] })],
);
