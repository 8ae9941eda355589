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
 * keys sort by UTF-16 code units, as `<` compares them. Values go as JSON.stringify writes them
 * (toJSON used, so dates are ISO strings; undefined, functions and symbols left out of objects and
 * null in arrays): a writer's values hash the same as the JSON stored from them and read back.
 */
export function canonicalJson(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      // As JSON.stringify writes numbers: NaN and the infinities as null.
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    case 'bigint':
      return JSON.stringify(value); // throws, as JSON.stringify does
    default:
      return 'null'; // undefined, a function or a symbol: null where it cannot be left out
  }
  if (value === null) return 'null';
  if (value instanceof CanonicalText) return value.text;
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return canonicalJson(toJSON.call(value));
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i += 1) out += (i === 0 ? '' : ',') + canonicalJson(value[i]);
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length > 1) keys.sort();
  let out = '{';
  let first = true;
  for (const key of keys) {
    const member = record[key];
    if (isOmitted(member)) continue;
    out += `${first ? '' : ','}${memberName(key)}${canonicalJson(member)}`;
    first = false;
  }
  return `${out}}`;
}

/**
 * A value's canonical JSON written already (canonicalJson's own text), put in place as it is: the
 * audit insert writes an event's `before` and `after` once and uses the text both in the content
 * hash and in the rows it sends (audit.ts).
 */
export class CanonicalText {
  constructor(readonly text: string) {}
}

/**
 * A member's name as JSON with its colon. Names repeat from event to event (an answer's fields,
 * question ids), and writing each as JSON was half of canonicalJson's time for a submitted form's
 * event (issue 16: 128-165 against 69-78 µs for its 8 KB): kept once written, up to a bound.
 */
const memberNames = new Map<string, string>();
const MEMBER_NAMES_KEPT = 10_000;
function memberName(key: string): string {
  let text = memberNames.get(key);
  if (text === undefined) {
    text = `${JSON.stringify(key)}:`;
    if (memberNames.size < MEMBER_NAMES_KEPT) memberNames.set(key, text);
  }
  return text;
}

/** What JSON.stringify leaves out of an object. */
const isOmitted = (value: unknown) =>
  value === undefined || typeof value === 'function' || typeof value === 'symbol';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A stored audit event; its position and hashes are in audit_link once the sequencer has taken it. */
export type AuditRow = typeof auditEvents.$inferSelect;

/** What the hash covers: the recorded event with its position and the previous hash (not its ticket). */
export type ChainedContent = Omit<AuditRow, 'ticket'> & {
  seq: number;
  prevHash: string;
};

/**
 * The hash of one event written before migration 0043 (no content hash): everything it records, its
 * position and the previous event's hash.
 */
export function hashAuditRow(row: ChainedContent): string {
  return sha256(
    canonicalJson({
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
    }),
  );
}

/** What an event records, as its writer knows it: all but the actor's name (the insert reads it). */
export type AuditContent = Pick<
  AuditRow,
  'id' | 'chain' | 'studyId' | 'actorType' | 'actorId' | 'action' | 'entityType' | 'entityId' | 'reason'
> & { before: unknown; after: unknown; occurredAt: string };

/**
 * The hash of what an event records (issue 16): computed by the writer from the values it inserts
 * (platform/audit/audit.ts) and by the verifier from the stored row, which read back give the same
 * canonical JSON. The sequencer chains it with the position without reading the event's JSON.
 */
export function hashAuditContent(content: AuditContent): string {
  return sha256(
    canonicalJson({
      id: content.id,
      chain: content.chain,
      studyId: content.studyId,
      actorType: content.actorType,
      actorId: content.actorId,
      action: content.action,
      entityType: content.entityType,
      entityId: content.entityId,
      before: content.before,
      after: content.after,
      reason: content.reason,
      occurredAt: content.occurredAt,
    }),
  );
}

/** The hash of an event with a content hash: its content hash, the actor's name, its position and the previous hash. */
export function hashAuditLink(link: {
  contentHash: string;
  actorName: string | null;
  seq: number;
  prevHash: string;
}): string {
  return sha256(
    canonicalJson({
      contentHash: link.contentHash,
      actorName: link.actorName,
      seq: link.seq,
      prevHash: link.prevHash,
    }),
  );
}

/**
 * What the hash of a sequenced event must be, recomputed from the stored row (the verifier): its
 * content hash is recomputed from what it records, never taken from the row.
 */
export function expectedAuditHash(row: ChainedContent): string {
  if (row.contentHash === null) return hashAuditRow(row);
  return hashAuditLink({
    contentHash: hashAuditContent({ ...row, occurredAt: row.occurredAt.toISOString() }),
    actorName: row.actorName,
    seq: row.seq,
    prevHash: row.prevHash,
  });
}
