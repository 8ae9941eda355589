import { type AuditActor, type AuditEvent, assertNever } from '@trialbase/domain';
import { and, asc, eq, gt, is, SQL, sql } from 'drizzle-orm';
import { createBoundedCache } from '../cache/bounded-cache';
import type { Db, Tx } from '../db/client';
import { type CompiledStatement, compileStatement, runCompiled } from '../db/prepared';
import { newId } from '../ids';
import {
  type AuditContent,
  CanonicalText,
  canonicalJson,
  chainOf,
  expectedAuditHash,
  GENESIS,
  hashAuditContent,
} from './chain';
import { catchUpAuditChains, readAuditChainHeads } from './sequencer';
import { auditEvents, auditLinks } from './tables';

/** A write that rides in the audit insert: a built statement or one compiled already. */
export type AuditInsertPart = SQL | CompiledStatement;

/**
 * Appends audit events inside the caller's transaction (DESIGN.md audit trail): the change and its
 * events commit together or not at all. One insert for all of them, with no lock and no read of the
 * chain: positions and hashes come from the sequencer after commit (sequencer.ts, issue 16 item 1).
 * Run it as the transaction's last statement: the events' tickets then follow commit order.
 */
export async function appendAuditEvents(
  tx: Tx,
  actor: AuditActor,
  now: Date,
  events: readonly AuditEvent[],
  /** Statements of the audit taps (taps.ts), each `… returning 1`: run in this insert; their row counts are returned. */
  parts: readonly AuditInsertPart[] = [],
): Promise<number[]> {
  if (events.length === 0) return [];
  const occurredAt = auditTime(now);
  return appendAuditRows(
    tx,
    actor,
    occurredAt,
    events.map((event) => auditRow(actor, occurredAt, event)),
    parts,
  );
}

/** When events of `now` are stored: to the millisecond, as JavaScript keeps it (the database keeps microseconds). */
export function auditTime(now: Date): string {
  return new Date(Math.floor(now.getTime())).toISOString();
}

/**
 * One event as a row of the audit insert's JSON (`appendAuditRows`), its content hash included. Every
 * event of a statement shares the actor and `occurredAt` (auditTime). The rows travel as one JSON array,
 * which also gives `before` and `after` exactly what jsonb keeps (dates become strings, undefined
 * disappears); an absent value is left out, so it is stored as NULL (a JSON null would be stored as
 * jsonb 'null'). The content hash is taken from the same values (chain.ts: their canonical JSON is the
 * stored JSON's), so the sequencer never reads them back; `before` and `after` are written as JSON
 * once, canonically, for both (issue 16: writing them again with JSON.stringify was 2 % of the
 * server's CPU on the write paths). A use case makes each row when it records the event (use-case.ts),
 * so a subject import hashes its 5,000 events while the database inserts the subjects.
 */
export function auditRow(actor: AuditActor, occurredAt: string, event: AuditEvent): string {
  const before = event.before ?? null;
  const after = event.after ?? null;
  const beforeText = before === null ? null : new CanonicalText(canonicalJson(before));
  const afterText = after === null ? null : new CanonicalText(canonicalJson(after));
  const content: AuditContent = {
    id: event.id ?? newId(new Date(occurredAt)),
    chain: chainOf(event.studyId),
    studyId: event.studyId ?? null,
    actorType: actor.type,
    actorId: actor.id ?? null,
    action: event.action,
    entityType: event.entityType,
    entityId: event.entityId ?? null,
    before: beforeText,
    after: afterText,
    reason: event.reason ?? null,
    occurredAt,
  };
  let row = `{"id":${JSON.stringify(content.id)},"chain":${JSON.stringify(content.chain)}`;
  if (content.studyId !== null) row += `,"study_id":${JSON.stringify(content.studyId)}`;
  row += `,"action":${JSON.stringify(content.action)},"entity_type":${JSON.stringify(content.entityType)}`;
  if (content.entityId !== null) row += `,"entity_id":${JSON.stringify(content.entityId)}`;
  if (beforeText !== null) row += `,"before":${beforeText.text}`;
  if (afterText !== null) row += `,"after":${afterText.text}`;
  if (content.reason !== null) row += `,"reason":${JSON.stringify(content.reason)}`;
  return `${row},"content_hash":"${hashAuditContent(content)}"}`;
}

/**
 * Appends the rows `auditRow` made for `actor` at `occurredAt` (the same two: both are in each row's
 * content hash, and the insert stores them), in one statement and one parameter whatever their number
 * (a subject import writes thousands), with `parts` riding in it.
 */
export function appendAuditRows(
  tx: Tx,
  actor: AuditActor,
  occurredAt: string,
  rows: readonly string[],
  parts: readonly AuditInsertPart[] = [],
): Promise<number[]> {
  const name = actorName(actor);
  const insert: CompiledStatement = {
    sql: AUDIT_INSERT,
    params: [actor.type, actor.id, name.fallback, name.lookUp, occurredAt, `[${rows.join(',')}]`],
  };
  return runWithParts(tx, parts, insert);
}

/** Runs `parts` in one statement with `last` (withParts): each part's row count. */
async function runWithParts(
  tx: Tx,
  parts: readonly AuditInsertPart[],
  last: CompiledStatement | null,
): Promise<number[]> {
  const compiled = parts.map((part) => (is(part, SQL) ? compileStatement(tx, part) : part));
  const result = await runCompiled(tx, withParts(compiled, last));
  const [first] = result.rows;
  return compiled.map((_, i) => Number(first?.[`w${i}`] ?? 0));
}

/**
 * The audit insert's text, the same for every use case (issue 16 item 2: built once, not by Drizzle
 * for each): $1 actor type, $2 actor id, $3 the actor's name when no user is looked up, $4 whether
 * to look the user up, $5 when, $6 the events as JSON. Tickets are drawn in the order of the events
 * (ordinality), as the use case recorded them; each event is queued for the sequencer (audit_pending)
 * in the same statement. It begins with its own CTE (`audit_rows`): withParts puts the parts' before it.
 */
const AUDIT_INSERT = `with audit_rows as (insert into audit_event
      (id, chain, study_id, actor_type, actor_id, actor_name, action, entity_type, entity_id, before, after, reason, occurred_at,
       content_hash)
    select r.id, r.chain, r.study_id, $1, $2,
      (select case when $4::boolean then coalesce((select u.first_name || ' ' || u.last_name || ' <' || u.email || '>'
        from app_user u where u.id = $2), $3) else $3 end),
      r.action, r.entity_type, r.entity_id, r.before, r.after, r.reason, $5::timestamptz, r.content_hash
    from rows from (jsonb_to_recordset($6::jsonb) as (
      id text, chain text, study_id text, action text, entity_type text, entity_id text,
      before jsonb, after jsonb, reason text, content_hash text
    )) with ordinality as r(id, chain, study_id, action, entity_type, entity_id, before, after, reason, content_hash, n)
    order by r.n
    returning ticket, id)
  insert into audit_pending (ticket, event_id) select ticket, id from audit_rows`;

const composed = createBoundedCache<string>(500);

/**
 * One statement of `parts` (each `… returning 1`, as CTEs w0, w1, …) and `last` (the insert, or
 * none): `last`'s values first, each part's after, renumbered; it returns each part's row count as
 * w0, w1, …. The text depends only on the texts given, so it is kept (bounded) and not rebuilt.
 * A part's text has `$n` only as its values' places (Drizzle's, `preparedPart`'s), never in a literal.
 */
function withParts(parts: readonly CompiledStatement[], last: CompiledStatement | null): CompiledStatement {
  const head = last?.sql ?? '';
  const key = `${head}\u0000${parts.map((part) => part.sql).join('\u0000')}`;
  let text = composed.get(key);
  if (text === undefined) {
    let offset = last?.params.length ?? 0;
    const ctes = parts.map((part, i) => {
      const shift = offset;
      offset += part.params.length;
      return `w${i} as (${part.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + shift}`)})`;
    });
    const counts = parts.map((_, i) => `(select count(*) from w${i})::int as w${i}`).join(', ');
    // A last statement with a CTE of its own (the audit insert) joins the parts' WITH list after them.
    const own = head.startsWith('with ') ? head.slice('with '.length) : null;
    const withList = own === null ? ctes : [...ctes, own];
    const prefix = withList.length > 0 ? `with ${withList.join(', ')} ` : '';
    text = last
      ? `${prefix}${own === null ? head : ''}${counts ? ` returning ${counts}` : ''}`
      : `${prefix}select ${counts}`;
    composed.set(key, text);
  }
  return { sql: text, params: [...(last?.params ?? []), ...parts.flatMap((part) => part.params)] };
}

/**
 * Deferred writes of a use case without audit events (use-case.ts): one statement, their row counts.
 */
export async function runAuditInsertParts(tx: Tx, parts: readonly AuditInsertPart[]): Promise<number[]> {
  return parts.length === 0 ? [] : runWithParts(tx, parts, null);
}

/** Appends one audit event in the caller's transaction (see appendAuditEvents). */
export async function recordAudit(tx: Tx, actor: AuditActor, now: Date, event: AuditEvent): Promise<void> {
  await appendAuditEvents(tx, actor, now, [event]);
}

/**
 * Who the actor is in words, as of now (STANDARDS.md AT-1: the display name at that time); a user is
 * read by the insert itself (`lookUp`), so it costs no statement of its own, and `fallback` names
 * one that is not found.
 */
function actorName(actor: AuditActor): { lookUp: boolean; fallback: string } {
  switch (actor.type) {
    case 'USER':
      return actor.id
        ? { lookUp: true, fallback: `user ${actor.id}` }
        : { lookUp: false, fallback: 'unknown user' };
    case 'API_KEY':
      return { lookUp: false, fallback: `API key ${actor.id ?? ''}`.trim() };
    case 'SUBJECT_TOKEN':
      return { lookUp: false, fallback: `subject link ${actor.id ?? ''}`.trim() };
    case 'SYSTEM':
      return { lookUp: false, fallback: 'system' };
    default:
      return assertNever(actor.type);
  }
}

export type ChainVerification = {
  studyId: string | null;
  /** Sequenced events checked in this chain. */
  events: number;
  ok: boolean;
  /** The first event that does not chain; null when the chain is intact or only its end is missing. */
  firstBrokenEventId: string | null;
  /** The chain head the sequencer recorded (position and hash), null when none. */
  head: { seq: number; hash: string } | null;
  /** What is wrong, in words (null when intact). */
  problem: string | null;
};

export type AuditVerification = {
  ok: boolean;
  checkedEvents: number;
  /** Committed events the sequencer has not taken yet (not part of any chain so far). */
  pendingEvents: number;
  chains: ChainVerification[];
};

export const VERIFY_PAGE_SIZE = 1000;

/**
 * Recomputes every hash chain from its first event (STANDARDS.md AT: tampering is detectable) and
 * checks that it ends at its recorded head, so a changed, removed or reordered event is found, the
 * newest ones included. First sequences what is committed (unless `catchUp: false`). Streams each
 * chain in pages of `pageSize` by position, so memory stays flat however long the chains are.
 */
export async function verifyAuditChains(
  db: Db,
  options: {
    pageSize?: number;
    catchUp?: boolean;
    /** Only these chains (`chainOf(studyId)`); all by default. */
    chains?: string[];
    /**
     * Heads published earlier (issue 17 item 5, heads.ts): each chain must still hold the published
     * position with the published hash, so cutting its newest events (and its recorded head with
     * them) is found. Their chains are verified too.
     */
    publishedHeads?: { chain: string; seq: number; hash: string }[];
    onPage?: (chain: string, rows: number) => void;
  } = {},
): Promise<AuditVerification> {
  const pageSize = options.pageSize ?? VERIFY_PAGE_SIZE;
  if (options.catchUp !== false) await catchUpAuditChains(db);
  const heads = new Map((await readAuditChainHeads(db)).map((h) => [h.chain, h]));
  const published = new Map((options.publishedHeads ?? []).map((h) => [h.chain, h]));
  const names = new Set([
    ...(options.chains ?? [...heads.keys(), ...(await listChains(db))]),
    ...published.keys(),
  ]);
  const chains: ChainVerification[] = [];
  let checkedEvents = 0;
  for (const chain of [...names].sort()) {
    const head = heads.get(chain);
    const result = await verifyChain(db, chain, head ?? null, pageSize, options.onPage, published.get(chain));
    checkedEvents += result.events;
    chains.push(result);
  }
  const only = options.chains ? sql`p.chain = any(${sql.param(options.chains)}::text[])` : sql`true`;
  const [pending] = (
    (await db.execute(sql`select count(*)::int as n from audit_pending q
      join audit_event p on p.id = q.event_id where ${only}`)) as unknown as { rows: { n: number }[] }
  ).rows;
  // An event neither chained nor queued (its queue row removed behind the triggers) would never be
  // chained: the chain it belongs to is broken. One scan, in the verifier's one pass over everything.
  const unchained = (
    (await db.execute(sql`select distinct on (p.chain) p.chain, p.id from audit_event p
      where ${only} and not exists (select 1 from audit_link l where l.event_id = p.id)
        and not exists (select 1 from audit_pending q where q.event_id = p.id)
      order by p.chain, p.ticket`)) as unknown as { rows: { chain: string; id: string }[] }
  ).rows;
  for (const { chain, id } of unchained) {
    let result = chains.find((c) => c.studyId === studyOfChain(chain));
    if (!result) {
      result = emptyChain(chain, heads.get(chain) ?? null);
      chains.push(result);
    }
    if (result.ok) {
      result.ok = false;
      result.firstBrokenEventId = id;
      result.problem = 'an event is in no chain and not queued for one: its place was removed';
    }
  }
  return {
    ok: chains.every((c) => c.ok),
    checkedEvents,
    pendingEvents: Number(pending?.n ?? 0),
    chains,
  };
}

const studyOfChain = (chain: string) => (chain.startsWith('study:') ? chain.slice('study:'.length) : null);

const emptyChain = (chain: string, head: { seq: number; hash: string } | null): ChainVerification => ({
  studyId: studyOfChain(chain),
  events: 0,
  ok: true,
  firstBrokenEventId: null,
  head: head ? { seq: head.seq, hash: head.hash } : null,
  problem: null,
});

/** The chain names present among the links, by a skip scan over (chain, seq). */
async function listChains(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive c(chain) as (
      select min(chain) from audit_link
      union all
      select (select min(chain) from audit_link where chain > c.chain) from c where c.chain is not null
    )
    select chain from c where chain is not null`);
  return (result as unknown as { rows: { chain: string }[] }).rows.map((r) => r.chain);
}

async function verifyChain(
  db: Db,
  chain: string,
  head: { seq: number; hash: string } | null,
  pageSize: number,
  onPage: ((chain: string, rows: number) => void) | undefined,
  published?: { seq: number; hash: string },
): Promise<ChainVerification> {
  const state = emptyChain(chain, head);
  const broken = (eventId: string | null, problem: string) => {
    if (!state.ok) return;
    state.ok = false;
    state.firstBrokenEventId = eventId;
    state.problem = problem;
  };
  let prevHash = GENESIS;
  let lastSeq = 0;
  for (;;) {
    const page = await db
      .select({ link: auditLinks, event: auditEvents })
      .from(auditLinks)
      .leftJoin(auditEvents, eq(auditEvents.id, auditLinks.eventId))
      .where(and(eq(auditLinks.chain, chain), gt(auditLinks.seq, lastSeq)))
      .orderBy(asc(auditLinks.seq))
      .limit(pageSize);
    onPage?.(chain, page.length);
    for (const { link, event } of page) {
      state.events += 1;
      const { seq, hash } = link;
      if (state.ok) {
        if (seq !== lastSeq + 1)
          broken(link.eventId, `position ${seq} follows ${lastSeq}: events are missing`);
        else if (link.prevHash !== prevHash)
          broken(link.eventId, `position ${seq} does not chain to the one before`);
        else if (event === null) broken(link.eventId, `the event at position ${seq} is missing`);
        else if (event.chain !== chain || chainOf(event.studyId) !== chain)
          broken(link.eventId, `position ${seq} is in the wrong chain`);
        else if (expectedAuditHash({ ...event, seq, prevHash }) !== hash)
          broken(link.eventId, `position ${seq} was changed after it was sequenced`);
      }
      if (published && seq === published.seq && hash !== published.hash)
        broken(link.eventId, `position ${seq} does not match the published head`);
      prevHash = hash;
      lastSeq = seq;
    }
    if (page.length < pageSize) break;
  }
  if (published && lastSeq < published.seq) {
    broken(
      null,
      `the chain ends at position ${lastSeq}, below its published head at ${published.seq}: events were removed`,
    );
  }
  if (!head) {
    if (state.events > 0) broken(null, 'the chain has no recorded head');
  } else if (lastSeq !== head.seq || prevHash !== head.hash) {
    broken(null, `the chain ends at position ${lastSeq} but its head is at ${head.seq}`);
  }
  return state;
}
