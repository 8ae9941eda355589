import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Email and SMS waiting to be sent, sent, or kept for an admin to read (DESIGN.md background work). */
export const outboxMessages = pgTable(
  'outbox_message',
  {
    id: text('id').primaryKey(),
    studyId: text('study_id'),
    channel: text('channel').$type<'EMAIL' | 'SMS'>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    status: text('status').$type<'PENDING' | 'SENT' | 'FAILED' | 'KEPT'>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_message_status_idx').on(t.status, t.createdAt)],
);
