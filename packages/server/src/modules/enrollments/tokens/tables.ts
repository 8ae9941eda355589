import type { TokenDetails } from '@trialbase/domain';
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
 * Tokens (spec 001 §3 / 002 §3): one personal link per data event of an enrollment, with its
 * schedule. `activationTime` is null while the event waits (MANUAL, REQUEST, or PREVIOUS* before
 * the previous event got there); `expiryTime` null means it never expires (or is not known yet).
 */
export const tokens = pgTable(
  'token',
  {
    studyId: text('study_id').notNull(),
    id: text('id').notNull(),
    /** The 32-character link secret (DESIGN.md ids). */
    token: text('token').notNull(),
    enrollmentId: text('enrollment_id').notNull(),
    processId: text('process_id').notNull(),
    dataEventId: text('data_event_id').notNull(),
    /** Order of the data event in the process at enrollment time. */
    position: integer('position').notNull(),
    type: text('type').notNull(),
    status: text('status').notNull(),
    locked: boolean('locked').notNull().default(false),
    missingData: boolean('missing_data').notNull().default(false),
    activationTime: timestamp('activation_time', { withTimezone: true }),
    expiryTime: timestamp('expiry_time', { withTimezone: true }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    completedTime: timestamp('completed_time', { withTimezone: true }),
    /** Token details later issues fill (e-consent keys and language, flow key...). */
    details: jsonb('details').$type<TokenDetails>().notNull().default({}),
    /** Soft delete of an unscheduled or discontinuation event (spec 001 §7; the storage module keeps who and why). */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.id] }),
    uniqueIndex('token_token_key').on(t.token),
    index('token_enrollment_idx').on(t.studyId, t.enrollmentId),
    index('token_activation_due_idx').on(t.status, t.activationTime),
    index('token_expiry_due_idx').on(t.status, t.expiryTime),
  ],
);

/**
 * The send-once ledger of a token's messages (activation link, each reminder, each staff resend):
 * one row per (token, kind). A job that runs twice, or on a second server, finds the row and
 * sends nothing; `dueAt` lets the schedule pick up reminders that are due.
 */
export const tokenNotifications = pgTable(
  'token_notification',
  {
    studyId: text('study_id').notNull(),
    tokenId: text('token_id').notNull(),
    /** ACTIVATION, REMINDER:<index>, RESEND:<id>. */
    kind: text('kind').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Outbox message ids written for this notification; empty when there was nothing to send. */
    outboxIds: jsonb('outbox_ids').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.tokenId, t.kind] }),
    index('token_notification_due_idx').on(t.sentAt, t.dueAt),
  ],
);
