import { createHash } from 'node:crypto';
import { type AuditActor, type AuditEvent, assertNever } from '@trialbase/domain';
import { desc, eq, sql } from 'drizzle-orm';
import { users } from '../../modules/users/tables';
import type { Executor, Tx } from '../db/client';
import { newId } from '../ids';
import { auditEvents } from './tables';

export const SYSTEM_CHAIN = 'system';
const GENESIS = '0'.repeat(64);

/** The chain an event belongs to: its study, or the system chain. */
export function chainOf(studyId: string | null | undefined): string {
  return studyId ? `study:${studyId}` : SYSTEM_CHAIN;
}

/** JSON with object keys sorted, so the same content always hashes the same (jsonb reorders keys). */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export type AuditRow = typeof auditEvents.$inferSelect;

/** The hash of one row: everything it records plus the previous row's hash. */
export function hashAuditRow(row: Omit<AuditRow, 'hash'>): string {
  const content = canonicalJson({
    id: row.id,
    chain: row.chain,
    seq: row.seq,
    studyId: row.studyId,
    actorType: row.actorType,
    actorId: row.actorId,
    actorName: row.actorName,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    before: row.before,
    after: row.after,
    reason: row.reason,
    occurredAt: row.occurredAt.toISOString(),
    prevHash: row.prevHash,
  });
  return createHash('sha256').update(content).digest('hex');
}

/**
 * Records one audit event inside the caller's transaction (DESIGN.md audit trail): the
 * change and its audit event commit together or not at all. The chain is locked for the
 * rest of the transaction so concurrent writers append in order.
 */
export async function recordAudit(
  tx: Tx,
  actor: AuditActor,
  now: Date,
  event: AuditEvent,
): Promise<AuditRow> {
  const chain = chainOf(event.studyId);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${chain}, 0))`);
  const [last] = await tx
    .select({ seq: auditEvents.seq, hash: auditEvents.hash })
    .from(auditEvents)
    .where(eq(auditEvents.chain, chain))
    .orderBy(desc(auditEvents.seq))
    .limit(1);
  const actorName = await actorDisplayName(tx, actor);
  // Timestamps are stored to the microsecond but JavaScript keeps milliseconds: round now.
  const occurredAt = new Date(Math.floor(now.getTime()));
  const base = {
    id: newId(now),
    chain,
    seq: (last?.seq ?? 0) + 1,
    studyId: event.studyId ?? null,
    actorType: actor.type,
    actorId: actor.id,
    actorName,
    action: event.action,
    entityType: event.entityType,
    entityId: event.entityId,
    before: normaliseJson(event.before),
    after: normaliseJson(event.after),
    reason: event.reason ?? null,
    occurredAt,
    prevHash: last?.hash ?? GENESIS,
  };
  const row = { ...base, hash: hashAuditRow(base) };
  await tx.insert(auditEvents).values(row);
  return row;
}

/** Who the actor is in words, as of now (STANDARDS.md AT-1: the display name at that time). */
async function actorDisplayName(tx: Tx, actor: AuditActor): Promise<string> {
  switch (actor.type) {
    case 'USER': {
      if (!actor.id) return 'unknown user';
      const [user] = await tx
        .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(eq(users.id, actor.id))
        .limit(1);
      return user ? `${user.firstName} ${user.lastName} <${user.email}>` : `user ${actor.id}`;
    }
    case 'API_KEY':
      return `API key ${actor.id ?? ''}`.trim();
    case 'SUBJECT_TOKEN':
      return `subject link ${actor.id ?? ''}`.trim();
    case 'SYSTEM':
      return 'system';
    default:
      return assertNever(actor.type);
  }
}

/** What jsonb gives back: plain JSON (dates become strings, undefined disappears). */
function normaliseJson(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(JSON.stringify(value));
}

export type ChainVerification = {
  studyId: string | null;
  events: number;
  ok: boolean;
  firstBrokenEventId: string | null;
};

/** Recomputes every hash chain from the first event (STANDARDS.md AT: tampering is detectable). */
export async function verifyAuditChains(
  db: Executor,
): Promise<{ ok: boolean; checkedEvents: number; chains: ChainVerification[] }> {
  const rows = await db.select().from(auditEvents).orderBy(auditEvents.chain, auditEvents.seq);
  const chains = new Map<string, ChainVerification & { prevHash: string; expectedSeq: number }>();
  for (const row of rows) {
    let state = chains.get(row.chain);
    if (!state) {
      state = {
        studyId: row.studyId,
        events: 0,
        ok: true,
        firstBrokenEventId: null,
        prevHash: GENESIS,
        expectedSeq: 1,
      };
      chains.set(row.chain, state);
    }
    state.events += 1;
    if (!state.ok) continue;
    const { hash, ...rest } = row;
    const intact =
      row.seq === state.expectedSeq &&
      row.prevHash === state.prevHash &&
      hashAuditRow(rest) === hash &&
      chainOf(row.studyId) === row.chain;
    if (!intact) {
      state.ok = false;
      state.firstBrokenEventId = row.id;
    }
    state.prevHash = hash;
    state.expectedSeq = row.seq + 1;
  }
  const list = [...chains.values()].map(({ studyId, events, ok, firstBrokenEventId }) => ({
    studyId,
    events,
    ok,
    firstBrokenEventId,
  }));
  return { ok: list.every((c) => c.ok), checkedEvents: rows.length, chains: list };
}
