import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The append-only audit trail (DESIGN.md, STANDARDS.md AT-*). Writers insert events inside their own
 * transaction with no chain position (issue 16 item 1); the sequencer (sequencer.ts) later gives each
 * committed event its position `seq`, `prev_hash` and `hash`, chained per study (or the system chain
 * when `study_id` is null). Triggers reject every other UPDATE, any DELETE and TRUNCATE, and an insert
 * that brings its own position.
 */
export const auditEvents = pgTable(
  'audit_event',
  {
    id: text('id').primaryKey(),
    chain: text('chain').notNull(),
    /** The position in the chain, from 1 without gaps; null until the sequencer has taken the event. */
    seq: bigint('seq', { mode: 'number' }),
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
    prevHash: text('prev_hash'),
    hash: text('hash'),
    /**
     * The SHA-256 of what the event records (chain.ts hashAuditContent), computed by the writer from
     * the values it inserts, so the sequencer chains it without reading them back (issue 16). Null for
     * events written before migration 0043, which chain by their whole row (hashAuditRow).
     */
    contentHash: text('content_hash'),
    /**
     * The order events were written in: drawn as the writing transaction's last statement, just before
     * its commit, so it follows commit order. Readers order by it (it exists before the position does);
     * the sequencer takes committed events by it. Not part of the hash.
     */
    ticket: bigserial('ticket', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('audit_event_chain_seq_key').on(t.chain, t.seq),
    index('audit_event_study_entity_idx').on(t.studyId, t.entityType, t.entityId),
    index('audit_event_unsequenced_idx').on(t.ticket).where(sql`hash is null`),
  ],
);

/**
 * The head of each chain as the sequencer left it: its last position and hash. The verifier checks that
 * each chain ends exactly here, so removing the newest events is found too. Only ever moves forward.
 */
export const auditChainHeads = pgTable('audit_chain_head', {
  chain: text('chain').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
  sequencedAt: timestamp('sequenced_at', { withTimezone: true }).notNull(),
});
