import { desc } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Queries on answers (spec 001 §3 Query, §7 queries): raised by staff or by a QUERY-action validation
 * rule (`ruleId`), with their comment thread in `comments` (domain QueryComment[]).
 */
export const queries = pgTable(
  'query',
  {
    studyId: text('study_id').notNull(),
    id: text('id').notNull(),
    siteId: text('site_id').notNull(),
    enrollmentId: text('enrollment_id').notNull(),
    tokenId: text('token_id').notNull(),
    /** The token's data event (query list filter, spec 001 §2); '' for rows raised before it was kept. */
    dataEventId: text('data_event_id').notNull().default(''),
    questionnaireId: text('questionnaire_id').notNull(),
    formId: text('form_id').notNull(),
    questionId: text('question_id').notNull(),
    answerId: text('answer_id'),
    status: text('status').notNull(),
    queryText: text('query_text').notNull(),
    /** The validation rule that raised it; null when raised by hand. */
    ruleId: text('rule_id'),
    comments: jsonb('comments').$type<Record<string, unknown>[]>().notNull().default([]),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.id] }),
    index('query_questionnaire_idx').on(t.studyId, t.questionnaireId),
    index('query_status_idx').on(t.studyId, t.status),
    // Issue 19 query list: site and status filters, newest first (bench/query-list.ts), and counts per status.
    index('query_site_status_created_idx').on(t.studyId, t.siteId, t.status, desc(t.createdAt), desc(t.id)),
    index('query_created_idx').on(t.studyId, desc(t.createdAt), desc(t.id)),
    index('query_question_idx').on(t.studyId, t.formId, t.questionId),
    // The API for data's keyset pages and updatedSince filter (issue 28 item 2).
    index('query_study_updated_idx').on(t.studyId, t.updatedAt, t.id),
  ],
);
