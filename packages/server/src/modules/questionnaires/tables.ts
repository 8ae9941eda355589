import type { QuestionnaireDetails } from '@trialbase/domain';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Filled forms (questionnaire answer sets, spec 001 §3): one per form of a token (data event of an
 * enrollment), tied to the form version it was filled against. Answers are rows of `answer`.
 */
export const questionnaires = pgTable(
  'questionnaire',
  {
    studyId: text('study_id').notNull(),
    id: text('id').notNull(),
    enrollmentId: text('enrollment_id').notNull(),
    siteId: text('site_id').notNull(),
    tokenId: text('token_id').notNull(),
    dataEventId: text('data_event_id').notNull(),
    formId: text('form_id').notNull(),
    formMajor: integer('form_major').notNull(),
    formMinor: integer('form_minor').notNull(),
    /** Spec 001 §3 form status (FORM_STATUSES). */
    status: text('status').notNull(),
    /** Who filled it: USER (staff, healthcare professional) or SUBJECT_TOKEN (participant), and the id. */
    filledOutByType: text('filled_out_by_type').notNull(),
    filledOutBy: text('filled_out_by'),
    /** Score of score forms, computed by the domain on submit. */
    score: numeric('score'),
    /** Saved-version counter: +1 on every update (optimistic concurrency, spec 001 §2 header). */
    version: integer('version').notNull().default(0),
    /** Image chart markers and answers per colour, edit message, language and other set details. */
    details: jsonb('details').$type<QuestionnaireDetails>().notNull().default({}),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifiedBy: text('verified_by'),
    secondaryVerifiedAt: timestamp('secondary_verified_at', { withTimezone: true }),
    secondaryVerifiedBy: text('secondary_verified_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.id] }),
    uniqueIndex('questionnaire_token_form_key').on(t.studyId, t.tokenId, t.formId),
    index('questionnaire_enrollment_idx').on(t.studyId, t.enrollmentId),
    index('questionnaire_form_idx').on(t.studyId, t.formId),
    // The API for data's answers pages and updatedSince filter (issue 28 item 2).
    index('questionnaire_study_updated_idx').on(t.studyId, t.updatedAt, t.id),
  ],
);

/**
 * One answer per question of a filled form (DESIGN.md: captured data is relational). `value` is the
 * domain Answer without its verification flags; the columns copy what filters and exports need.
 */
export const answers = pgTable(
  'answer',
  {
    studyId: text('study_id').notNull(),
    id: text('id').notNull(),
    questionnaireId: text('questionnaire_id').notNull(),
    questionId: text('question_id').notNull(),
    value: jsonb('value').$type<Record<string, unknown>>().notNull(),
    /** The filler's IANA time zone (DESIGN.md timestamps). */
    timeZone: text('time_zone'),
    isUnavailable: boolean('is_unavailable').notNull().default(false),
    isSkipped: boolean('is_skipped').notNull().default(false),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifiedBy: text('verified_by'),
    secondaryVerifiedAt: timestamp('secondary_verified_at', { withTimezone: true }),
    secondaryVerifiedBy: text('secondary_verified_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.id] }),
    uniqueIndex('answer_questionnaire_question_key').on(t.studyId, t.questionnaireId, t.questionId),
  ],
);
