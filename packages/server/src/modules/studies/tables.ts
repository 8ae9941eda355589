import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Studies (spec 001 §7 study lifecycle). The design documents of a study (forms, processes,
 * rules) live in their own modules' tables, each keyed by `study_id`.
 */
export const studies = pgTable(
  'study',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    status: text('status').notNull(),
    /** The status to return to when a delete request is cancelled. */
    statusBeforeDelete: text('status_before_delete'),
    /**
     * Spec 001 §7 amendments (issue 23 item 1): when the running amendment started (items created or
     * published after it are the amendment's own, so fully editable), whether data entry pauses
     * (blocking) or goes on (non-blocking), and the finish time chosen by scheduleAmendment.
     */
    amendmentStartedAt: timestamp('amendment_started_at', { withTimezone: true }),
    amendmentBlocking: boolean('amendment_blocking'),
    amendmentScheduledAt: timestamp('amendment_scheduled_at', { withTimezone: true }),
    /** Who started the running amendment (the overview's amendment summary, 001 §2). */
    amendmentStartedBy: text('amendment_started_by'),
    /**
     * Issue 23: per changed form, whether existing enrolments take the new version for events not yet
     * started (NEW_EVENTS) or keep their tagged one (KEEP, the default); applied when the amendment finishes.
     */
    amendmentFormVersions: jsonb('amendment_form_versions').$type<Record<string, 'KEEP' | 'NEW_EVENTS'>>(),
    primaryLanguage: text('primary_language').notNull(),
    languages: jsonb('languages').$type<string[]>().notNull(),
    dateFormat: text('date_format').notNull(),
    dateTimeFormat: text('date_time_format').notNull(),
    subjectIdAutomation: text('subject_id_automation').notNull(),
    /** IANA time zone schedules are computed in (spec 001 §3 data event timing). */
    timeZone: text('time_zone').notNull().default('UTC'),
    extendedValidation: boolean('extended_validation').notNull().default(false),
    verificationTypes: jsonb('verification_types').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Paid modules enabled for this study (spec 000 §1, §6), codes of PLAN_MODULES. */
    modules: jsonb('modules').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    planId: text('plan_id'),
    enterpriseCode: text('enterprise_code'),
    /** Settings that have no column of their own yet (kept as a document). */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    deleteRequestedAt: timestamp('delete_requested_at', { withTimezone: true }),
    deleteDueAt: timestamp('delete_due_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /**
     * Moves with every write to the study's forms and rules (statement triggers on form_template,
     * validation_rule and show_rule, migration 0037): filling keeps the form rows and rules it read
     * under it and reads them again only when it moved (issue 16 item 2,
     * questionnaires/service/design-cache.ts).
     */
    designStamp: bigint('design_stamp', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    // Study names are unique among live studies (DUPLICATE_NAME).
    uniqueIndex('study_name_live_key').on(sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`),
    index('study_status_idx').on(t.status),
  ],
);

/** Subscription plans (spec 000 §3): price, class, type, status and the modules they include. */
export const subscriptionPlans = pgTable('subscription_plan', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  currency: text('currency').notNull(),
  planClass: text('plan_class').notNull(),
  type: text('type').notNull(),
  status: text('status').notNull(),
  price: jsonb('price').$type<number>().notNull(),
  modules: jsonb('modules').$type<string[]>().notNull(),
  limits: jsonb('limits').$type<Record<string, number | null>>().notNull().default(sql`'{}'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Enterprise codes that unlock modules for one study (spec 000 §8 STUDY_HAS_CODE, CODE_REDEEMED). */
export const enterpriseCodes = pgTable('enterprise_code', {
  /** SHA-256 of the code; the code itself is never stored. */
  codeHash: text('code_hash').primaryKey(),
  label: text('label').notNull(),
  modules: jsonb('modules').$type<string[]>().notNull(),
  planId: text('plan_id'),
  redeemedByStudyId: text('redeemed_by_study_id'),
  redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
