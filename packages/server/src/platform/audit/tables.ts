import {
  bigint,
  bigserial,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The append-only audit trail (DESIGN.md, STANDARDS.md AT-*). Writers insert events inside their own
 * transaction with no chain position (issue 16 item 1), each with a row in `audit_pending`; the
 * sequencer (sequencer.ts) later gives each committed event its position, previous hash and hash in
 * `audit_link`, chained per study (or the system chain when `study_id` is null). An event is never
 * written again once inserted: triggers reject any UPDATE, DELETE and TRUNCATE.
 */
export const auditEvents = pgTable(
  'audit_event',
  {
    id: text('id').primaryKey(),
    chain: text('chain').notNull(),
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
    /**
     * The SHA-256 of what the event records (chain.ts hashAuditContent), computed by the writer from
     * the values it inserts, so the sequencer chains it without reading them back (issue 16). Null for
     * events written before migration 0043, which chain by their whole row (hashAuditRow).
     */
    contentHash: text('content_hash'),
    /**
     * The order events were written in: drawn as the writing transaction's last statement, just before
     * its commit, so it follows commit order. Readers order by it (it exists before the position does);
     * the sequencer takes committed events by it (audit_pending). Not part of the hash.
     */
    ticket: bigserial('ticket', { mode: 'number' }).notNull(),
  },
  (t) => [index('audit_event_study_entity_idx').on(t.studyId, t.entityType, t.entityId)],
);

/**
 * The committed events the sequencer has not chained yet, by ticket: the writer's audit insert adds
 * one row per event in the same statement; the sequencer deletes it when it links the event. A narrow
 * queue, so the sequencer never writes the wide event row again (issue 16: rewriting each event to
 * give it its position was a quarter of the write path's WAL on PostgreSQL). Updates are refused.
 */
export const auditPending = pgTable('audit_pending', {
  ticket: bigint('ticket', { mode: 'number' }).primaryKey(),
  eventId: text('event_id').notNull(),
});

/**
 * Each chained event's place: its chain, its position from 1 without gaps, the previous event's hash
 * and its own hash (chain.ts). Written once by the sequencer; triggers reject UPDATE, DELETE and
 * TRUNCATE, as for the events.
 */
export const auditLinks = pgTable(
  'audit_link',
  {
    chain: text('chain').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    eventId: text('event_id').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chain, t.seq] }), uniqueIndex('audit_link_event_key').on(t.eventId)],
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
