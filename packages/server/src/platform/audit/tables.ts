import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The append-only audit trail (DESIGN.md, STANDARDS.md AT-*). A trigger rejects UPDATE,
 * DELETE and TRUNCATE; each row is hash-chained to the previous one of the same chain
 * (the study, or the system chain when `study_id` is null).
 */
export const auditEvents = pgTable(
  'audit_event',
  {
    id: text('id').primaryKey(),
    chain: text('chain').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    studyId: text('study_id'),
    actorType: text('actor_type').notNull(),
    actorId: text('actor_id'),
    /** The actor's display name at the time (STANDARDS.md AT-1), kept even if the account changes later. */
    actorName: text('actor_name'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('audit_event_chain_seq_key').on(t.chain, t.seq),
    index('audit_event_study_entity_idx').on(t.studyId, t.entityType, t.entityId),
  ],
);
