import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

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
    /**
     * Every searchable field in one lower-case text (issue 16 item 4), kept by the database: the
     * subject id, first and last name with a space between them (so "ana berg" matches), initials
     * and email, the others apart by a unit separator (chr(31)) that no search holds, so a search
     * matches it exactly when it matches one of the fields or the full name. Its trigram index
     * finds the candidates of a search (list-repo.ts `searchCondition`).
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower("patient_id" || chr(31) || coalesce("attributes"->>'firstName', '') || ' ' || coalesce("attributes"->>'lastName', '') || chr(31) || coalesce("attributes"->>'initials', '') || chr(31) || coalesce("attributes"->>'email', ''))`,
    ),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.id] }),
    uniqueIndex('subject_study_patient_id_key').on(t.studyId, t.patientId),
    index('subject_site_idx').on(t.studyId, t.siteId),
    // The API for data's keyset pages and updatedSince filter (issue 28 item 2).
    index('subject_study_updated_idx').on(t.studyId, t.updatedAt, t.id),
    // The list's default order (subject id, case-insensitive) and its keyset paging; also the
    // case-insensitive duplicate check of subject ids.
    index('subject_study_patient_id_order_idx').on(t.studyId, sql`lower(${t.patientId})`, t.id),
    // Duplicate emails on create and import (spec 000 §8 SUBJECT_EMAIL_DUPLICATE).
    index('subject_study_email_idx').on(t.studyId, sql`lower(${t.attributes}->>'email')`),
    // The trigram index (pg_trgm; btree_gin puts the study first) over every searchable field, the
    // subject id included: a search by subject id alone (callers who see no identifiable field)
    // takes its candidates here too (list-repo.ts searchCondition); a second index on the id alone
    // was a cost on every insert (migration 0038). New entries wait in the index's
    // pending list, which every search reads through, until a vacuum or the list passing its limit
    // moves them into the index: with the default 4 MB that was up to 500 pages per search (5 of the
    // 7 ms a search took at 100,000 subjects, bench/subject-list.ts); 256 kB bounds it to 32, while
    // an import of 5,000 subjects still moves its entries in batches (issue 16 item 4).
    index('subject_search_trgm_idx')
      .using('gin', t.studyId, t.searchText.op('gin_trgm_ops'))
      .with({ gin_pending_list_limit: 256 }),
  ],
);

/**
 * How many subjects each site of a study holds, active and archived apart (issue 16 item 4): the
 * list's total without counting the study's rows. Kept by statement triggers on `subject`
 * (migration 0014), so every writer, the factories of the tests included, keeps it right.
 */
export const subjectCounts = pgTable(
  'subject_count',
  {
    studyId: text('study_id').notNull(),
    siteId: text('site_id').notNull(),
    archived: boolean('archived').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.studyId, t.siteId, t.archived] })],
);
