import type {
  AeClockKind,
  AeDetails,
  AeInvestigator,
  AeSignAction,
  AeSource,
  AeStatus,
  AeStudySettings,
  SarForm,
  SeForm,
} from '@trialbase/domain';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** One amendment kept on the AE (spec 000 §3 amendments): who, when, why, each changed field before and after. */
export type StoredAeAmendment = {
  amendedBy: string;
  amendedByName: string;
  amendedTime: string;
  reason: string;
  changes: Record<string, { before: unknown; after: unknown }>;
};

/**
 * Adverse events (spec 000 §3, issue 20 item 1). The lifecycle signatures live in
 * `ae_signature` (append-only); the signer and time columns here mirror them for the list. The
 * serious-event clock (issue 20 item 5) is kept in the clock columns; the sweep job reads them.
 */
export const adverseEvents = pgTable(
  'adverse_event',
  {
    studyId: text('study_id').notNull(),
    id: text('id').notNull(),
    siteId: text('site_id').notNull(),
    subjectId: text('subject_id').notNull(),
    enrollmentId: text('enrollment_id'),
    status: text('status').$type<AeStatus>().notNull(),
    fillOutDate: text('fill_out_date').notNull(),
    eventDescription: text('event_description').notNull(),
    sae: boolean('sae').notNull(),
    seriousType: text('serious_type'),
    outcome: text('outcome'),
    details: jsonb('details').$type<AeDetails>().notNull(),
    sarForm: jsonb('sar_form').$type<SarForm | null>(),
    seForm: jsonb('se_form').$type<SeForm | null>(),
    investigator: jsonb('investigator').$type<AeInvestigator | null>(),
    source: jsonb('source').$type<AeSource | null>(),
    amendments: jsonb('amendments').$type<StoredAeAmendment[]>().notNull().default(sql`'[]'::jsonb`),
    createdBy: text('created_by').notNull(),
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    classificationSignedBy: text('classification_signed_by'),
    classificationSignedAt: timestamp('classification_signed_at', { withTimezone: true }),
    initialSponsorSignedBy: text('initial_sponsor_signed_by'),
    initialSponsorSignedAt: timestamp('initial_sponsor_signed_at', { withTimezone: true }),
    followUpSignedBy: text('follow_up_signed_by'),
    followUpSignedAt: timestamp('follow_up_signed_at', { withTimezone: true }),
    finalSponsorSignedBy: text('final_sponsor_signed_by'),
    finalSponsorSignedAt: timestamp('final_sponsor_signed_at', { withTimezone: true }),
    verifiedBy: text('verified_by'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    secondaryVerifiedBy: text('secondary_verified_by'),
    secondaryVerifiedAt: timestamp('secondary_verified_at', { withTimezone: true }),
    removed: boolean('removed').notNull().default(false),
    removedReason: text('removed_reason'),
    clockKind: text('clock_kind').$type<AeClockKind>(),
    clockStartedAt: timestamp('clock_started_at', { withTimezone: true }),
    clockDeadline: timestamp('clock_deadline', { withTimezone: true }),
    clockReminderAt: timestamp('clock_reminder_at', { withTimezone: true }),
    clockStoppedAt: timestamp('clock_stopped_at', { withTimezone: true }),
    clockReminderSentAt: timestamp('clock_reminder_sent_at', { withTimezone: true }),
    clockOverdueSentAt: timestamp('clock_overdue_sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.id] }),
    index('adverse_event_site_idx').on(t.studyId, t.siteId, t.createdAt),
    index('adverse_event_subject_idx').on(t.studyId, t.subjectId),
    // The API for data's keyset pages and updatedSince filter (issue 28 item 2).
    index('adverse_event_study_updated_idx').on(t.studyId, t.updatedAt, t.id),
    // The clock sweep: running clocks by their next due time.
    index('adverse_event_clock_idx')
      .on(t.clockReminderAt, t.clockDeadline)
      .where(sql`${t.clockStoppedAt} is null and ${t.clockKind} is not null`),
  ],
);

/**
 * AE electronic signatures (21 CFR 11.50, 11.70; STANDARDS.md ES items): signer, printed name at
 * signing, server time, meaning and a hash of the signed content, linked to the AE. Rows are only
 * inserted (a trigger of the migration refuses UPDATE and DELETE); one per lifecycle step.
 */
export const aeSignatures = pgTable(
  'ae_signature',
  {
    studyId: text('study_id').notNull(),
    aeId: text('ae_id').notNull(),
    action: text('action').$type<AeSignAction>().notNull(),
    signedBy: text('signed_by').notNull(),
    signedByName: text('signed_by_name').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    meaning: text('meaning').notNull(),
    comment: text('comment'),
    contentHash: text('content_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.studyId, t.aeId, t.action] })],
);

/** The study's AE settings (issue 20 item 5): safety contacts and sponsor involvement. */
export const aeStudySettings = pgTable('ae_study_settings', {
  studyId: text('study_id').primaryKey(),
  safetyContacts: jsonb('safety_contacts').$type<AeStudySettings['safetyContacts']>().notNull(),
  sponsorInvolvement: text('sponsor_involvement').$type<AeStudySettings['sponsorInvolvement']>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
