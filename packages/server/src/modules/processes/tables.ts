import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Processes (pathways, spec 001 §3 "Pathway (process)", §7 Processes). `document` is the domain
 * Process without its id: settings, unscheduled event selections, randomization set-up and the
 * ordered data events with their forms, texts and schedule settings. `name` and `recruitment`
 * are copied out for uniqueness and listing.
 */
export const processes = pgTable(
  'process',
  {
    studyId: text('study_id').notNull(),
    id: text('id').notNull(),
    /** pathwayName, unique among the study's live processes (DUPLICATE_NAME). */
    name: text('name').notNull(),
    recruitment: boolean('recruitment').notNull().default(false),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    /** Issue 13 item 8: the edit revision, one up on every stored change; a save names the one it started from. */
    revision: integer('revision').notNull().default(0),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.id] }),
    uniqueIndex('process_name_live_key')
      .on(t.studyId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** Data event ids are unique across a study's processes so `/dataEvent/{dataEventId}` finds one. */
export const processDataEvents = pgTable(
  'process_data_event',
  {
    studyId: text('study_id').notNull(),
    dataEventId: text('data_event_id').notNull(),
    processId: text('process_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.dataEventId] }),
    index('process_data_event_process_idx').on(t.studyId, t.processId),
  ],
);
