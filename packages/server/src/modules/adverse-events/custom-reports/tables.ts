import type { AeReportAmendment, AeReportSignature, AeReportStep, Answer } from '@trialbase/domain';
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
 * Custom AE reports ("ae2", issue 20 item 3): an AE captured on a TYPE_AE form at the version it was
 * started on. The report is its own form link (`token_id`) and answer set (`questionnaire_id`) in the
 * filled-form URLs of spec 001 §7. Signatures and amendments are appended, never rewritten; each is
 * also an audit event with the values before and after.
 */
export const customAeReports = pgTable(
  'custom_ae_report',
  {
    studyId: text('study_id').notNull(),
    id: text('id').notNull(),
    siteId: text('site_id').notNull(),
    enrollmentId: text('enrollment_id').notNull(),
    subjectId: text('subject_id').notNull(),
    tokenId: text('token_id').notNull(),
    questionnaireId: text('questionnaire_id').notNull(),
    formId: text('form_id').notNull(),
    formVersionMajor: integer('form_version_major').notNull(),
    formVersionMinor: integer('form_version_minor').notNull(),
    sae: boolean('sae').notNull().default(false),
    answers: jsonb('answers').$type<Answer[]>().notNull(),
    signed: jsonb('signed').$type<AeReportStep[]>().notNull(),
    signatures: jsonb('signatures').$type<AeReportSignature[]>().notNull(),
    amendments: jsonb('amendments').$type<AeReportAmendment[]>().notNull(),
    isRemoved: boolean('is_removed').notNull().default(false),
    revision: integer('revision').notNull().default(1),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.id] }),
    uniqueIndex('custom_ae_report_token_idx').on(t.studyId, t.tokenId),
    index('custom_ae_report_site_idx').on(t.studyId, t.siteId, t.createdAt),
    index('custom_ae_report_form_idx').on(t.studyId, t.formId),
  ],
);
