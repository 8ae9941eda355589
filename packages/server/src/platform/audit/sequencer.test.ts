// @module-tag concurrency
import type { AuditEvent } from '@trialbase/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, engine, type TestApp, testConfig } from '../../../test/harness';
import { buildApp } from '../../app';
import { listQuestionnaireAudit } from '../../modules/questionnaires/repo';
import { listSubjectAuditEvents } from '../../modules/subjects/repo';
import { type Db, openDatabase, type Tx } from '../db/client';
import { newId } from '../ids';
import { runUseCase, SYSTEM_ACTOR } from '../use-case';
import { appendAuditEvents, verifyAuditChains } from './audit';
import { AuditSequencer, catchUpAuditChains, readAuditChainHeads, sequenceAuditBatch } from './sequencer';
import { auditEvents, auditLinks, auditPending } from './tables';

const event = (studyId: string, entityId: string, after: Record<string, unknown> = {}): AuditEvent => ({
  action: 'USER_UPDATED',
  entityType: 'USER',
  entityId,
  studyId,
  before: null,
  after: { entityId, ...after },
});

/** Resolves when `parties` callers have arrived; fails (rather than hangs) when one never does. */
function barrier(parties: number, waitMs = 15_000) {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return async () => {
    arrived += 1;
    if (arrived === parties) open();
    let timer: NodeJS.Timeout | undefined;
    const blocked = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`only ${arrived} of ${parties} writers got through`)),
        waitMs,
      );
    });
    try {
      await Promise.race([opened, blocked]);
    } finally {
      clearTimeout(timer);
    }
  };
}

/** A promise with its resolve function, to hold a transaction open until the test lets it go. */
function gate() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { release, released };
}

async function chainRows(db: Db | Tx, studyId: string) {
  return db
    .select({ entityId: auditEvents.entityId, seq: auditLinks.seq, hash: auditLinks.hash })
    .from(auditEvents)
    .leftJoin(auditLinks, eq(auditLinks.eventId, auditEvents.id))
    .where(eq(auditEvents.studyId, studyId))
    .orderBy(asc(auditLinks.seq));
}

/** Runs `statement` as a database owner could, behind the audit tables' triggers. */
async function tamper(t: TestApp, statement: string) {
  await t.app.database.exec(`
    alter table audit_event disable trigger user;
    alter table audit_link disable trigger user;
    alter table audit_pending disable trigger user;
    ${statement};
    alter table audit_event enable trigger user;
    alter table audit_link enable trigger user;
    alter table audit_pending enable trigger user;`);
}

describe(`audit sequencer (issue 16 item 1) on ${engine}`, () => {
  let t: TestApp;
  let db: Db;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.database.db;
  });
  afterAll(async () => t?.close());

  it('appends without any lock and without reading the chain', async () => {
    const studyId = newId();
    await db.transaction(async (tx) => {
      await appendAuditEvents(tx, SYSTEM_ACTOR, new Date(), [event(studyId, 'a'), event(studyId, 'b')]);
      const locks = await tx.execute(
        sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()`,
      );
      expect((locks as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
      expect((await chainRows(tx, studyId)).map((r) => [r.seq, r.hash])).toEqual([
        [null, null],
        [null, null],
      ]);
      // Each event is queued for the sequencer by the same insert.
      const queued = await tx
        .select({ ticket: auditPending.ticket, ticketOfEvent: auditEvents.ticket })
        .from(auditPending)
        .innerJoin(auditEvents, eq(auditEvents.id, auditPending.eventId))
        .where(eq(auditEvents.studyId, studyId));
      expect(queued).toHaveLength(2);
      expect(queued.every((q) => q.ticket === q.ticketOfEvent)).toBe(true);
    });
  });

  it.skipIf(engine !== 'postgres')(
    'runs two writes of one study at the same time: both transactions hold their events open at once',
    async () => {
      const studyId = newId();
      // Each writer appends its events, then waits inside its open transaction for the other one.
      // With a per-study lock the second append would wait for the first commit: neither arrives.
      const bothAppended = barrier(2);
      await Promise.all(
        ['first', 'second'].map((name) =>
          db.transaction(async (tx) => {
            await appendAuditEvents(tx, SYSTEM_ACTOR, new Date(), [event(studyId, name)]);
            await bothAppended();
          }),
        ),
      );
      // The same through use cases: two use cases of the study, both inside their transaction at once.
      const bothInside = barrier(2);
      await Promise.all(
        ['third', 'fourth'].map((name) =>
          runUseCase(db, SYSTEM_ACTOR, async (ctx) => {
            await ctx.audit(event(studyId, name));
            await bothInside();
          }),
        ),
      );
      await catchUpAuditChains(db);
      expect((await chainRows(db, studyId)).map((r) => r.seq)).toEqual([1, 2, 3, 4]);
    },
  );

  it.skipIf(engine !== 'postgres')(
    'chains in commit order: a transaction that commits later comes later, and is never skipped',
    async () => {
      const studyId = newId();
      // Use cases append as their last statement: the one that commits first is first in the chain.
      const early = gate();
      const slow = runUseCase(db, SYSTEM_ACTOR, async (ctx) => {
        await ctx.audit(event(studyId, 'started-first-committed-second'));
        await early.released;
      });
      await runUseCase(db, SYSTEM_ACTOR, async (ctx) => {
        await ctx.audit(event(studyId, 'started-second-committed-first'));
      });
      early.release();
      await slow;
      // A transaction holding an older ticket while a newer one commits and is sequenced.
      const held = gate();
      const appended = gate();
      const late = db.transaction(async (tx: Tx) => {
        await appendAuditEvents(tx, SYSTEM_ACTOR, new Date(), [event(studyId, 'older-ticket-late-commit')]);
        appended.release();
        await held.released;
      });
      await appended.released;
      await db.transaction((tx) =>
        appendAuditEvents(tx, SYSTEM_ACTOR, new Date(), [event(studyId, 'newer-ticket-early-commit')]),
      );
      await catchUpAuditChains(db);
      held.release();
      await late;
      await catchUpAuditChains(db);
      expect(await chainRows(db, studyId)).toMatchObject([
        { entityId: 'started-second-committed-first', seq: 1 },
        { entityId: 'started-first-committed-second', seq: 2 },
        { entityId: 'newer-ticket-early-commit', seq: 3 },
        { entityId: 'older-ticket-late-commit', seq: 4 },
      ]);
      expect((await verifyAuditChains(db)).chains.find((c) => c.studyId === studyId)).toMatchObject({
        ok: true,
        events: 4,
        head: { seq: 4 },
      });
    },
  );

  it('sequences in batches: positions from 1 without gaps per chain, in commit order, heads exposed', async () => {
    const studies = [newId(), newId(), newId()];
    for (let i = 0; i < 12; i++) {
      const studyId = studies[i % 3]!;
      await db.transaction((tx) =>
        appendAuditEvents(tx, SYSTEM_ACTOR, new Date(), [event(studyId, `e${i}`), event(studyId, `e${i}b`)]),
      );
    }
    // Small batches: several passes, each taking at most 5 and continuing every chain from its head.
    const taken: number[] = [];
    for (let n = await sequenceAuditBatch(db, { batchSize: 5 }); n > 0; ) {
      taken.push(n);
      n = await sequenceAuditBatch(db, { batchSize: 5 });
    }
    expect(taken.every((n) => n <= 5)).toBe(true);
    const heads = new Map((await readAuditChainHeads(db)).map((h) => [h.chain, h]));
    for (const [index, studyId] of studies.entries()) {
      const rows = await chainRows(db, studyId);
      const expected = [0, 1, 2, 3].flatMap((k) => [`e${index + 3 * k}`, `e${index + 3 * k}b`]);
      expect(rows.map((r) => r.entityId)).toEqual(expected);
      expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(heads.get(`study:${studyId}`)).toMatchObject({ seq: 8, hash: rows.at(-1)?.hash });
    }
    const result = await verifyAuditChains(db);
    expect(result.ok).toBe(true);
    expect(result.pendingEvents).toBe(0);
  });

  it('lets the record history and the change log read events not sequenced yet, newest first', async () => {
    const studyId = newId();
    const subjectId = newId();
    const questionnaireId = newId();
    const at = (entityType: 'SUBJECT' | 'QUESTIONNAIRE', entityId: string, n: number): AuditEvent =>
      ({
        action: entityType === 'SUBJECT' ? 'SUBJECT_CREATED' : 'QUESTIONNAIRE_CREATED',
        entityType,
        entityId,
        studyId,
        before: null,
        after: { n },
      }) as AuditEvent;
    await db.transaction((tx) =>
      appendAuditEvents(tx, SYSTEM_ACTOR, new Date(), [at('SUBJECT', subjectId, 1)]),
    );
    await catchUpAuditChains(db);
    // Read inside the writing transaction: the sequencer cannot have taken these yet.
    await db.transaction(async (tx) => {
      await appendAuditEvents(tx, SYSTEM_ACTOR, new Date(), [
        at('SUBJECT', subjectId, 2),
        at('QUESTIONNAIRE', questionnaireId, 3),
      ]);
      const history = await listSubjectAuditEvents(tx, studyId, subjectId, 10);
      expect(history.map((e) => e.after)).toEqual([{ n: 2 }, { n: 1 }]);
      const changeLog = await listQuestionnaireAudit(tx, {
        studyId,
        questionnaireId,
        answerIds: [],
        actions: ['QUESTIONNAIRE_CREATED'],
        limit: 10,
      });
      expect(changeLog.map((e) => e.after)).toEqual([{ n: 3 }]);
      expect((await chainRows(tx, studyId)).map((r) => r.seq)).toEqual([1, null, null]);
    });
  });

  it('collapses kicks: a hundred kicks share one pass in flight and sequence everything', async () => {
    const studyId = newId();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        db.transaction((tx) => appendAuditEvents(tx, SYSTEM_ACTOR, new Date(), [event(studyId, `k${i}`)])),
      ),
    );
    const sequencer = new AuditSequencer(db, { sweepMs: 60_000 });
    const kicks = Array.from({ length: 100 }, () => sequencer.kick());
    expect(new Set(kicks).size).toBe(1);
    await Promise.all(kicks);
    await sequencer.stop();
    expect((await chainRows(db, studyId)).map((r) => r.seq)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('chains what a writer recorded by its content hash, whatever the JSON holds, and finds a change of it', async () => {
    const studyId = newId();
    const odd = {
      when: new Date('2026-03-01T10:20:30.456Z'),
      unicode: 'Ünïcödé ✓ 日本語 \u{1F600} "quoted" \\ back\nline',
      numbers: [0, -0, 1.5, 1e21, 1e-7, 0.1 + 0.2, 2 ** 53 + 2, -42],
      nested: { z: 1, a: [null, undefined, { y: true, b: false }], m: {} },
      gone: undefined,
      empty: '',
    };
    await db.transaction((tx) =>
      appendAuditEvents(tx, { type: 'USER', id: 'no-such-user' }, new Date(), [
        { ...event(studyId, 'odd', odd), before: { list: [] }, reason: 'Transcription error' } as AuditEvent,
        { ...event(studyId, 'empty'), after: null, entityId: null } as AuditEvent,
      ]),
    );
    const stored = await db
      .select({ contentHash: auditEvents.contentHash })
      .from(auditEvents)
      .where(eq(auditEvents.studyId, studyId));
    expect(stored.every((r) => /^[0-9a-f]{64}$/.test(r.contentHash ?? ''))).toBe(true);
    await catchUpAuditChains(db);
    const chain = `study:${studyId}`;
    expect((await verifyAuditChains(db, { chains: [chain] })).ok).toBe(true);
    await tamper(
      t,
      `update audit_event set "after" = jsonb_set("after", '{numbers,2}', '1.25') where study_id = '${studyId}' and entity_id = 'odd'`,
    );
    const result = await verifyAuditChains(db, { chains: [chain] });
    expect(result.ok).toBe(false);
    expect(result.chains[0]?.problem).toMatch(/changed after it was sequenced/);
  });

  it('still chains and verifies an event written before content hashes (migration 0043) by its whole row', async () => {
    const studyId = newId();
    const chain = `study:${studyId}`;
    await t.app.database.query(
      `with e as (insert into audit_event (id, chain, study_id, actor_type, actor_id, actor_name, action, entity_type, entity_id, before, after, reason, occurred_at)
       values ($1, $2, $3, 'SYSTEM', null, 'system', 'USER_UPDATED', 'USER', 'old', null, '{"b": 1, "a": [1, 2]}', null, now())
       returning ticket, id)
       insert into audit_pending (ticket, event_id) select ticket, id from e`,
      [newId(), chain, studyId],
    );
    await db.transaction((tx) => appendAuditEvents(tx, SYSTEM_ACTOR, new Date(), [event(studyId, 'new')]));
    await catchUpAuditChains(db);
    const rows = await db
      .select({ entityId: auditEvents.entityId, seq: auditLinks.seq, contentHash: auditEvents.contentHash })
      .from(auditEvents)
      .innerJoin(auditLinks, eq(auditLinks.eventId, auditEvents.id))
      .where(eq(auditEvents.studyId, studyId))
      .orderBy(asc(auditLinks.seq));
    expect(rows.map((r) => [r.entityId, r.seq, r.contentHash === null])).toEqual([
      ['old', 1, true],
      ['new', 2, false],
    ]);
    expect((await verifyAuditChains(db, { chains: [chain] })).ok).toBe(true);
    await tamper(
      t,
      `update audit_event set "after" = '{"b": 2, "a": [1, 2]}' where study_id = '${studyId}' and entity_id = 'old'`,
    );
    const result = await verifyAuditChains(db, { chains: [chain] });
    expect(result.ok).toBe(false);
    expect(result.chains[0]?.problem).toMatch(/position 1 was changed/);
  });

  it('keeps the trail append-only: no change to an event before or after sequencing, no change to its place', async () => {
    const studyId = newId();
    await db.transaction((tx) => appendAuditEvents(tx, SYSTEM_ACTOR, new Date(), [event(studyId, 'x')]));
    await expect(
      t.app.database.query(`update audit_event set reason = 'edited' where study_id = $1`, [studyId]),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.app.database.query(`update audit_event set "after" = "after" where study_id = $1`, [studyId]),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.app.database.query(
        `update audit_pending set ticket = ticket + 1000000 where event_id in (select id from audit_event where study_id = $1)`,
        [studyId],
      ),
    ).rejects.toThrow(/audit_pending is append-only/);
    await expect(t.app.database.query(`truncate audit_pending`)).rejects.toThrow(/append-only/);
    await catchUpAuditChains(db);
    await expect(
      t.app.database.query(`update audit_event set "after" = "after" where study_id = $1`, [studyId]),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.app.database.query(`update audit_link set seq = 9 where chain = $1`, [`study:${studyId}`]),
    ).rejects.toThrow(/audit_link is append-only/);
    await expect(
      t.app.database.query(`delete from audit_link where chain = $1`, [`study:${studyId}`]),
    ).rejects.toThrow(/audit_link is append-only/);
    await expect(t.app.database.query(`truncate audit_link`)).rejects.toThrow(/append-only/);
    await expect(
      t.app.database.query(`delete from audit_event where study_id = $1`, [studyId]),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.app.database.query(`delete from audit_chain_head where chain = $1`, [`study:${studyId}`]),
    ).rejects.toThrow(/only moves forward/);
    await expect(
      t.app.database.query(`update audit_chain_head set seq = 0 where chain = $1`, [`study:${studyId}`]),
    ).rejects.toThrow(/only moves forward/);
  });

  describe('finds tampering with sequenced events', () => {
    async function sequencedChain(length: number) {
      const studyId = newId();
      await db.transaction((tx) =>
        appendAuditEvents(
          tx,
          SYSTEM_ACTOR,
          new Date(),
          Array.from({ length }, (_, i) => event(studyId, `t${i}`, { weight: 70 + i })),
        ),
      );
      await catchUpAuditChains(db);
      const rows = await db
        .select({ id: auditEvents.id })
        .from(auditEvents)
        .innerJoin(auditLinks, eq(auditLinks.eventId, auditEvents.id))
        .where(eq(auditEvents.studyId, studyId))
        .orderBy(asc(auditLinks.seq));
      return { studyId, ids: rows.map((r) => r.id) };
    }
    const chainOfStudy = async (studyId: string) =>
      (await verifyAuditChains(db, { pageSize: 2, chains: [`study:${studyId}`] })).chains[0];

    it('a changed payload anywhere in the chain', async () => {
      for (const position of [0, 2, 4]) {
        const { studyId, ids } = await sequencedChain(5);
        expect(await chainOfStudy(studyId)).toMatchObject({ ok: true, events: 5 });
        await tamper(t, `update audit_event set after = '{"weight": 1}' where id = '${ids[position]}'`);
        expect(await chainOfStudy(studyId)).toMatchObject({ ok: false, firstBrokenEventId: ids[position] });
      }
    });

    it('a deleted event with its place: the first, one in the middle, or the newest', async () => {
      const removed = (id: string | undefined) =>
        `delete from audit_link where event_id = '${id}'; delete from audit_event where id = '${id}'`;
      for (const [position, brokenAt] of [
        [0, 1],
        [2, 3],
      ] as const) {
        const { studyId, ids } = await sequencedChain(5);
        await tamper(t, removed(ids[position]));
        expect(await chainOfStudy(studyId)).toMatchObject({ ok: false, firstBrokenEventId: ids[brokenAt] });
      }
      const { studyId, ids } = await sequencedChain(5);
      await tamper(t, removed(ids[4]));
      const result = await chainOfStudy(studyId);
      expect(result).toMatchObject({ ok: false, firstBrokenEventId: null, events: 4, head: { seq: 5 } });
      expect(result?.problem).toMatch(/ends at position 4 but its head is at 5/);
      // Every event of a chain removed: the head is still there.
      const gone = await sequencedChain(2);
      await tamper(
        t,
        `delete from audit_link where chain = 'study:${gone.studyId}'; delete from audit_event where study_id = '${gone.studyId}'`,
      );
      expect(await chainOfStudy(gone.studyId)).toMatchObject({ ok: false, events: 0 });
    });

    it('a deleted event whose place is left, and an event taken off the queue before it was chained', async () => {
      const { studyId, ids } = await sequencedChain(3);
      await tamper(t, `delete from audit_event where id = '${ids[1]}'`);
      const result = await chainOfStudy(studyId);
      expect(result).toMatchObject({ ok: false, firstBrokenEventId: ids[1] });
      expect(result?.problem).toMatch(/event at position 2 is missing/);

      const hidden = await sequencedChain(2);
      const [late] = await db.transaction(async (tx) => {
        await appendAuditEvents(tx, SYSTEM_ACTOR, new Date(), [event(hidden.studyId, 'late')]);
        return tx
          .select({ id: auditEvents.id })
          .from(auditEvents)
          .where(and(eq(auditEvents.studyId, hidden.studyId), eq(auditEvents.entityId, 'late')));
      });
      await tamper(t, `delete from audit_pending where event_id = '${late?.id}'`);
      const verified = await verifyAuditChains(db, { chains: [`study:${hidden.studyId}`] });
      expect(verified.ok).toBe(false);
      expect(verified.chains[0]).toMatchObject({ ok: false, firstBrokenEventId: late?.id, events: 2 });
      expect(verified.chains[0]?.problem).toMatch(/in no chain and not queued/);
    });
  });

  it('streams each chain in pages of the given size (flat memory)', async () => {
    const studyId = newId();
    await db.transaction((tx) =>
      appendAuditEvents(
        tx,
        SYSTEM_ACTOR,
        new Date(),
        Array.from({ length: 25 }, (_, i) => event(studyId, `p${i}`)),
      ),
    );
    const pages: { chain: string; rows: number }[] = [];
    const result = await verifyAuditChains(db, {
      pageSize: 10,
      chains: [`study:${studyId}`, 'system'],
      onPage: (chain, rows) => pages.push({ chain, rows }),
    });
    expect(pages.every((p) => p.rows <= 10)).toBe(true);
    expect(pages.filter((p) => p.chain === `study:${studyId}`).map((p) => p.rows)).toEqual([10, 10, 5]);
    expect(result.chains.find((c) => c.studyId === studyId)).toMatchObject({ ok: true, events: 25 });
    expect(result.checkedEvents).toBe(pages.reduce((sum, p) => sum + p.rows, 0));
  });

  it('appends 5,000 events of one use case (a subject import) and chains them all', async () => {
    const studyId = newId();
    await runUseCase(db, { type: 'USER', id: newId() }, async (ctx) => {
      for (let i = 0; i < 5000; i++) await ctx.audit(event(studyId, `s${i}`, { row: i }));
    });
    await catchUpAuditChains(db);
    const rows = await chainRows(db, studyId);
    expect(rows).toHaveLength(5000);
    expect(rows.every((r, i) => r.seq === i + 1 && r.entityId === `s${i}`)).toBe(true);
    const result = await verifyAuditChains(db, { chains: [`study:${studyId}`] });
    expect(result.chains).toMatchObject([{ studyId, ok: true, events: 5000 }]);
  }, 120_000);
});

// A persistent database (a PGlite directory): slow to open on a busy machine.
describe(`audit sequencer after a crash on ${engine}`, { tags: ['engine'], timeout: 120_000 }, () => {
  it('sequences events committed before the crash when the server starts again', async () => {
    const database = await createTestDatabase({ persistent: true });
    try {
      const studyId = newId();
      // A process that commits events and dies before any sequencing pass (it never runs a sequencer).
      const first = await openDatabase({
        ...database.config,
        loadDataDir: database.buildOptions.pgliteSnapshot,
      });
      await first.migrate();
      await first.db.transaction((tx) =>
        appendAuditEvents(tx, SYSTEM_ACTOR, new Date(), [event(studyId, 'c1'), event(studyId, 'c2')]),
      );
      const pending = await first.db
        .select({ id: auditEvents.id })
        .from(auditPending)
        .innerJoin(auditEvents, eq(auditEvents.id, auditPending.eventId))
        .where(eq(auditEvents.studyId, studyId));
      expect(pending).toHaveLength(2);
      await first.close();

      const second = await buildApp(testConfig(database.config), database.buildOptions);
      try {
        expect((await chainRows(second.database.db, studyId)).map((r) => r.seq)).toEqual([1, 2]);
        const result = await verifyAuditChains(second.database.db, { catchUp: false });
        expect(result).toMatchObject({ ok: true, pendingEvents: 0 });
      } finally {
        await second.close();
      }
    } finally {
      await database.drop();
    }
  });
});
