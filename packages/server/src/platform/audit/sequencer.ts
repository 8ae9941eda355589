import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { GENESIS, hashAuditLink, hashAuditRow } from './chain';
import { auditChainHeads, auditEvents, auditPending } from './tables';

/*
 * The audit sequencer (issue 16 item 1), the way a transparency log sequences queued entries: writers
 * only insert their events, without position, inside their own transaction, each queued in
 * audit_pending by its ticket (drawn just before the writer's commit); after commit one sequencer at
 * a time takes the committed, queued events in ticket order, gives each its position in its chain,
 * the previous hash and its hash (a row of audit_link), takes it off the queue and moves the chain's
 * head, in batches. The event's own row is never written again.
 *
 * Commit-safe: an event is taken only once its transaction has committed (its queue row is invisible
 * before), and the queue is a set of rows, not a cursor, so an event whose transaction commits late
 * (after events with later tickets were sequenced) is never skipped: it is taken by the next pass and
 * placed after them, as it committed after them. The chain's order is thus the order the sequencer saw
 * commits in. One sequencer at a time: a transaction-scoped advisory lock (several processes, the CLI
 * verifier) and one pass in flight per process (AuditSequencer below).
 */

export const SEQUENCE_BATCH = 500;
/** A kick's wait for more commits before its pass (see AuditSequencer). */
const DEFAULT_COALESCE_MS = 250;
const SEQUENCER_LOCK = sql`hashtextextended('trialbase:audit-sequencer', 0)`;

/** One pass: sequences up to `batchSize` committed events and returns how many it took. */
export async function sequenceAuditBatch(
  db: Db,
  options: { batchSize?: number; now?: Date } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? SEQUENCE_BATCH;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEQUENCER_LOCK})`);
    // An event with a content hash chains by it and its actor's name: only those are read (issue 16:
    // the recorded values were most of what a pass read and parsed); an event written before migration
    // 0043 chains by its whole row, read on its own.
    const rows = await tx
      .select({
        queued: auditPending.ticket,
        id: auditEvents.id,
        chain: auditEvents.chain,
        actorName: auditEvents.actorName,
        contentHash: auditEvents.contentHash,
      })
      .from(auditPending)
      .innerJoin(auditEvents, eq(auditEvents.id, auditPending.eventId))
      .orderBy(asc(auditPending.ticket))
      .limit(batchSize);
    if (rows.length === 0) return 0;
    const legacyIds = rows.filter((r) => r.contentHash === null).map((r) => r.id);
    const legacy = new Map(
      legacyIds.length === 0
        ? []
        : (await tx.select().from(auditEvents).where(inArray(auditEvents.id, legacyIds))).map((r) => [
            r.id,
            r,
          ]),
    );
    const chains = [...new Set(rows.map((r) => r.chain))];
    const heads = new Map(
      (
        await tx
          .select({ chain: auditChainHeads.chain, seq: auditChainHeads.seq, hash: auditChainHeads.hash })
          .from(auditChainHeads)
          .where(inArray(auditChainHeads.chain, chains))
      ).map((h) => [h.chain, { seq: h.seq, hash: h.hash }]),
    );
    const tickets: number[] = [];
    const linkChains: string[] = [];
    const ids: string[] = [];
    const seqs: number[] = [];
    const prevHashes: string[] = [];
    const hashes: string[] = [];
    for (const row of rows) {
      const head = heads.get(row.chain) ?? { seq: 0, hash: GENESIS };
      const seq = head.seq + 1;
      const whole = legacy.get(row.id);
      const hash =
        row.contentHash === null
          ? hashAuditRow({ ...whole!, seq, prevHash: head.hash })
          : hashAuditLink({
              contentHash: row.contentHash,
              actorName: row.actorName,
              seq,
              prevHash: head.hash,
            });
      tickets.push(row.queued);
      linkChains.push(row.chain);
      ids.push(row.id);
      seqs.push(seq);
      prevHashes.push(head.hash);
      hashes.push(hash);
      heads.set(row.chain, { seq, hash });
    }
    // Array parameters: one short text for any batch (PGlite's statement cache keeps it), where a
    // VALUES list of 500 rows was thousands of parameters to build, send and parse on every pass. Only
    // events taken off the queue in this statement are linked, so none is linked twice.
    const linked = await tx.execute(sql`
      with taken as (
        delete from audit_pending where ticket = any(${sql.param(tickets)}::bigint[]) returning event_id
      ), links as (
        insert into audit_link (chain, seq, event_id, prev_hash, hash)
        select v.chain, v.seq, v.event_id, v.prev_hash, v.hash
        from unnest(${sql.param(linkChains)}::text[], ${sql.param(seqs)}::bigint[], ${sql.param(ids)}::text[],
          ${sql.param(prevHashes)}::text[], ${sql.param(hashes)}::text[]) as v(chain, seq, event_id, prev_hash, hash)
        where v.event_id in (select event_id from taken)
        returning 1
      )
      select (select count(*) from taken)::int as taken, (select count(*) from links)::int as linked`);
    const [counts] = (linked as unknown as { rows: { taken: number; linked: number }[] }).rows;
    if (counts?.taken !== rows.length || counts.linked !== rows.length) {
      throw new Error(
        `audit sequencer: ${counts?.linked ?? 0} of ${rows.length} events linked; nothing committed`,
      );
    }
    const sequencedAt = options.now ?? new Date();
    await tx
      .insert(auditChainHeads)
      .values(chains.map((chain) => ({ chain, ...heads.get(chain)!, sequencedAt })))
      .onConflictDoUpdate({
        target: auditChainHeads.chain,
        set: {
          seq: sql`excluded.seq`,
          hash: sql`excluded.hash`,
          sequencedAt: sql`excluded.sequenced_at`,
        },
      });
    return rows.length;
  });
}

/** Sequences every committed event (batch after batch) and returns how many it took. */
export async function catchUpAuditChains(db: Db, options: { batchSize?: number } = {}): Promise<number> {
  const batchSize = options.batchSize ?? SEQUENCE_BATCH;
  let total = 0;
  for (;;) {
    const taken = await sequenceAuditBatch(db, { batchSize });
    total += taken;
    if (taken < batchSize) return total;
  }
}

/** The head of every chain: its last position and hash, as the sequencer left it. */
export async function readAuditChainHeads(db: Db) {
  return db.select().from(auditChainHeads).orderBy(asc(auditChainHeads.chain));
}

const running = new WeakMap<Db, AuditSequencer>();

/** After a commit that appended events: wakes the database's sequencer, if one runs (it collapses kicks). */
export function kickAuditSequencer(db: Db): void {
  void running.get(db)?.kick();
}

/**
 * The process's sequencer for one database: catches up at start (events committed before a crash or
 * restart), then runs on kicks after commits and on a periodic sweep. Kicks collapse: at most one pass
 * runs and at most one more is owed, whatever the number of kicks. A kick waits `coalesceMs` before its
 * pass, so the commits of a burst are chained together: a pass costs seven statements whatever it
 * takes, and on the embedded PGlite (one connection) a pass per commit halved the participants'
 * throughput (bench/server-write.ts --only pglite: 4.0-5.3 against 9.6-18.9 flows/s with passes only
 * on the sweep, same loaded machine).
 */
export class AuditSequencer {
  private inFlight: Promise<void> | null = null;
  private owed = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private pending: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly options: {
      sweepMs?: number;
      /** How long a kick waits for more commits before its pass (0: at once). */
      coalesceMs?: number;
      batchSize?: number;
      onError?: (err: unknown) => void;
    } = {},
  ) {}

  /** Listens to kicks and sweeps, and catches up with what was committed before (awaited). */
  async start(): Promise<void> {
    running.set(this.db, this);
    this.timer = setInterval(() => void this.pass(), this.options.sweepMs ?? 5000);
    this.timer.unref();
    await this.pass();
  }

  /**
   * Resolves once every event committed before the kick is sequenced (or the pass failed and was
   * reported). Kicks within `coalesceMs` of each other share one pass.
   */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const delay = this.options.coalesceMs ?? DEFAULT_COALESCE_MS;
    if (delay <= 0) return this.pass();
    if (!this.pending) {
      this.pending = new Promise<void>((resolve) => {
        setTimeout(() => {
          this.pending = null;
          void this.pass().then(resolve);
        }, delay).unref();
      });
    }
    return this.pending;
  }

  /** Runs a pass now, or owes one more to the pass in flight. */
  private pass(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.inFlight) {
      this.owed = true;
      return this.inFlight;
    }
    this.inFlight = (async () => {
      try {
        do {
          this.owed = false;
          await catchUpAuditChains(this.db, { batchSize: this.options.batchSize });
        } while (this.owed && !this.stopped);
      } catch (err) {
        this.options.onError?.(err);
      } finally {
        this.inFlight = null;
      }
    })();
    return this.inFlight;
  }

  /** Stops kicks and sweeps and waits for the pass in flight; what is left is taken at the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (running.get(this.db) === this) running.delete(this.db);
    await this.pending;
    await this.inFlight;
  }
}
