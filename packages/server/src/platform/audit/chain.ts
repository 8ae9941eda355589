import { createHash } from 'node:crypto';
import type { auditEvents } from './tables';

export const SYSTEM_CHAIN = 'system';
/** The previous hash of a chain's first event. */
export const GENESIS = '0'.repeat(64);

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

/** A stored audit event; `seq`, `prevHash` and `hash` are null until the sequencer has taken it. */
export type AuditRow = typeof auditEvents.$inferSelect;

/** What the hash covers: the recorded event with its position and the previous hash (not its ticket). */
export type ChainedContent = Omit<AuditRow, 'hash' | 'ticket' | 'seq' | 'prevHash'> & {
  seq: number;
  prevHash: string;
};

/** The hash of one event: everything it records, its position and the previous event's hash. */
export function hashAuditRow(row: ChainedContent): string {
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
