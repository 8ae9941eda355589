import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A study's webhook endpoints (issue 28 item 1). The secret (`whsec_` + base64) is kept as is: the
 * server signs every message with it; it leaves the server only in the answer that creates or rotates it.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoint',
  {
    id: text('id').primaryKey(),
    studyId: text('study_id').notNull(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: text('event_types').array().notNull(),
    secret: text('secret').notNull(),
    /** ACTIVE or DISABLED (domain WEBHOOK_STATUSES). */
    status: text('status').notNull(),
    /** FAILURES (switched off automatically) or ADMIN. */
    disabledReason: text('disabled_reason'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /** The first failure since the last success (the 24-hour rule). */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    secretRotatedAt: timestamp('secret_rotated_at', { withTimezone: true }).notNull(),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webhook_endpoint_study_idx').on(t.studyId, t.status)],
);

/**
 * One message to one endpoint, written in the transaction of the use case that caused it (from its
 * audit event) and delivered by the webhook job; `id` is the webhook-id header, the same on every
 * attempt. `next_attempt_at` is when it is due (also a lease while an attempt runs).
 */
export const webhookMessages = pgTable(
  'webhook_message',
  {
    id: text('id').primaryKey(),
    studyId: text('study_id').notNull(),
    endpointId: text('endpoint_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The exact body sent (and signed). */
    payload: text('payload').notNull(),
    /** PENDING, DELIVERED or FAILED (domain WEBHOOK_MESSAGE_STATUSES). */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_message_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_message_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);

/** The delivery log: every attempt with its status code, response time and error. */
export const webhookAttempts = pgTable(
  'webhook_attempt',
  {
    id: text('id').primaryKey(),
    studyId: text('study_id').notNull(),
    endpointId: text('endpoint_id').notNull(),
    messageId: text('message_id').notNull(),
    attempt: integer('attempt').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
  },
  (t) => [index('webhook_attempt_endpoint_idx').on(t.endpointId, t.attemptedAt)],
);
