import { createHash } from 'node:crypto';
import type { auditEvents } from './tables';

export const SYSTEM_CHAIN = 'system';
/** The previous hash of a chain's first event. */
export const GENESIS = '0'.repeat(64);

/** The chain an event belongs to: its study, or the system chain. */
export function chainOf(studyId: string | null | undefined): string {
  return studyId ? `study:${studyId}` : SYSTEM_CHAIN;
}

/**
 * JSON with object keys sorted, so the same content always hashes the same (jsonb reorders keys).
 * Built by concatenation (issue 16: the sequencer hashes every event, 5,000 per subject import);
 * keys sort by UTF-16 code units, as `<` compares them, and undefined members are left out.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i += 1) out += (i === 0 ? '' : ',') + canonicalJson(value[i]);
    return `${out}]`;
  }
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  const record = value as Record<string, unknown>;
  let out = '{';
  for (const key of Object.keys(record).sort()) {
    const member = record[key];
    if (member === undefined) continue;
    out += `${out.length === 1 ? '' : ','}${JSON.stringify(key)}:${canonicalJson(member)}`;
  }
  return `${out}}`;
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
