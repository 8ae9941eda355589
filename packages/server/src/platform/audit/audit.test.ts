// @module-tag transactions
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { createTestApp, engine, loginAs, type TestApp } from '../../../test/harness';
import { placeholder, preparedPart } from '../db/prepared';
import { newId } from '../ids';
import { runUseCase } from '../use-case';
import { recordAudit } from './audit';
import { catchUpAuditChains } from './sequencer';

describe(`audit trail (DESIGN.md, STANDARDS.md AT) on ${engine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  /** One event recorded by the system in a transaction of its own. */
  const recordSystemEvent = (event: Parameters<typeof recordAudit>[3]) =>
    t.app.database.db.transaction((tx) => recordAudit(tx, { type: 'SYSTEM', id: null }, new Date(), event));

  it('records who, what, when for a login in the system chain', async () => {
    await loginAs(t.app);
    // Positions and hashes come from the sequencer after commit (issue 16 item 1).
    await catchUpAuditChains(t.app.database.db);
    const { rows } = await t.app.database.query<Record<string, unknown>>(
      `select e.*, l.seq, l.hash from audit_event e join audit_link l on l.event_id = e.id
        where e.action = 'USER_LOGIN_SUCCEEDED' order by e.ticket desc limit 1`,
    );
    const event = rows[0]!;
    expect(event).toMatchObject({ chain: 'system', actor_type: 'USER', entity_type: 'USER' });
    expect(event.actor_id).toMatch(/^[0-9a-f]{24}$/);
    // AT-1: the display name at the time, kept even if the account is renamed later.
    expect(event.actor_name).toBe('System Administrator <admin@example.org>');
    expect(event.occurred_at).toBeTruthy();
    expect(event.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(Number(event.seq)).toBeGreaterThan(0);
  });

  it('rejects UPDATE, DELETE and TRUNCATE of audit events in the database itself', async () => {
    await expect(t.app.database.query(`update audit_event set action = 'X'`)).rejects.toThrow(/append-only/);
    await expect(t.app.database.query(`delete from audit_event`)).rejects.toThrow(/append-only/);
    await expect(t.app.database.query(`truncate audit_event`)).rejects.toThrow(/append-only/);
  });

  it('is analysed without statistics of its recorded JSON, which no statement compares (issue 16)', async () => {
    await loginAs(t.app);
    await t.app.database.exec('analyze audit_event');
    const { rows } = await t.app.database.query<{ attname: string }>(
      `select attname from pg_stats where schemaname = 'public' and tablename = 'audit_event'`,
    );
    const columns = rows.map((r) => r.attname);
    expect(columns).toEqual(expect.arrayContaining(['action', 'chain', 'entity_id', 'study_id']));
    for (const skipped of ['before', 'after', 'reason']) expect(columns).not.toContain(skipped);
  });

  it('stores a large event compressed with lz4 where the server has it (PGlite has only pglz), read back the same', async () => {
    const studyId = newId();
    const answers = Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [`q${i}`, { answerStrings: [`answer ${i}`], possibilities: [] }]),
    );
    await recordSystemEvent({
      action: 'USER_UPDATED',
      entityType: 'USER',
      entityId: 'u-large',
      studyId,
      after: { answers },
    });
    const { rows } = await t.app.database.query<{ after: unknown; method: string | null }>(
      'select after, pg_column_compression(after) as method from audit_event where study_id = $1',
      [studyId],
    );
    const lz4 = await t.app.database.query<{ built: boolean }>(
      `select 'lz4' = any (enumvals) as built from pg_settings where name = 'default_toast_compression'`,
    );
    // Debian's and the official PostgreSQL builds have lz4; PGlite has not.
    expect(lz4.rows[0]?.built).toBe(engine === 'postgres');
    expect(rows).toEqual([{ after: { answers }, method: lz4.rows[0]?.built ? 'lz4' : 'pglz' }]);
  });

  it('chains events per study and verifies intact chains', async () => {
    const studyA = newId();
    const studyB = newId();
    for (const studyId of [studyA, studyB, studyA]) {
      await recordSystemEvent({
        action: 'USER_UPDATED',
        entityType: 'USER',
        entityId: 'u1',
        studyId,
        // JSON the insert writes by hand (audit.ts): quotes, escapes, other scripts, undefined members.
        before: { b: 1, a: [1, { z: null, y: 'x "q" \\ ключ 😀\n', gone: undefined }] },
        after: studyId === studyB ? null : { when: new Date('2026-01-02T03:04:05.678Z') },
        reason: 'correction',
      });
    }
    const session = await loginAs(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit/verify',
      headers: session.headers,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.ok).toBe(true);
    expect(body.chains.find((c: { studyId: string }) => c.studyId === studyA)).toMatchObject({
      events: 2,
      ok: true,
    });
    expect(body.chains.find((c: { studyId: string }) => c.studyId === studyB)).toMatchObject({
      events: 1,
      ok: true,
    });
    const stored = await t.app.database.query<{ before: unknown; after: unknown }>(
      'select before, after from audit_event where study_id = $1',
      [studyB],
    );
    expect(stored.rows).toEqual([
      { before: { b: 1, a: [1, { z: null, y: 'x "q" \\ ключ 😀\n' }] }, after: null },
    ]);
  });

  it('detects a row altered behind the trigger', async () => {
    const session = await loginAs(t.app);
    const { rows } = await t.app.database.query<{ id: string }>(
      `select event_id as id from audit_link where chain = 'system' order by seq limit 1 offset 1`,
    );
    const victim = rows[0]!.id;
    // A superuser bypassing triggers, as an attacker with database access would.
    await t.app.database.exec(`
      alter table audit_event disable trigger user;
      update audit_event set reason = 'tampered' where id = '${victim}';
      alter table audit_event enable trigger user;`);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit/verify',
      headers: session.headers,
    });
    const body = res.json();
    expect(body.ok).toBe(false);
    expect(body.chains.find((c: { studyId: string | null }) => c.studyId === null)).toMatchObject({
      ok: false,
      firstBrokenEventId: victim,
    });
  });

  it('names actors that are no user row, and runs deferred writes in the insert with their own values', async () => {
    const db = t.app.database.db;
    const run = newId();
    // A prepared part (its text built once) and a built one, each with several values: the insert
    // renumbers them after its own, whichever comes first.
    const throttleRow = preparedPart<{ key: string; failures: number; at: Date }>(
      () => sql`insert into login_throttle (key, failures, window_start)
        values (${placeholder('key')}, ${placeholder('failures')}, ${placeholder('at')}::timestamptz) returning 1`,
    );
    const at = new Date('2026-03-04T05:06:07.000Z');
    const counts: number[] = [];
    const actors = [
      { actor: { type: 'USER', id: `gone-${run}` }, name: `user gone-${run}` },
      { actor: { type: 'USER', id: null }, name: 'unknown user' },
      { actor: { type: 'SUBJECT_TOKEN', id: `t-${run}` }, name: `subject link t-${run}` },
      { actor: { type: 'API_KEY', id: `k-${run}` }, name: `API key k-${run}` },
    ] as const;
    for (const [i, { actor }] of actors.entries()) {
      await runUseCase(db, actor, async (ctx) => {
        ctx.deferWrite(throttleRow(ctx.tx, { key: `a-${run}-${i}`, failures: i + 1, at }), (n) =>
          counts.push(n),
        );
        ctx.deferWrite(
          sql`insert into login_throttle (key, failures, window_start)
            select ${`b-${run}-${i}`}, ${i + 10}, ${at.toISOString()}::timestamptz where ${i} < 0 returning 1`,
          (n) => counts.push(n),
        );
        await ctx.audit({ action: 'USER_UPDATED', entityType: 'USER', entityId: `u-${run}`, studyId: null });
      });
    }
    // Without audit events the writes still go in one statement.
    await runUseCase(db, { type: 'SYSTEM', id: null }, async (ctx) => {
      ctx.deferWrite(throttleRow(ctx.tx, { key: `c-${run}`, failures: 7, at }), (n) => counts.push(n));
    });
    expect(counts).toEqual([1, 0, 1, 0, 1, 0, 1, 0, 1]);
    const { rows: throttles } = await t.app.database.query<{
      key: string;
      failures: number;
      window_start: Date;
    }>(`select key, failures, window_start from login_throttle where key like $1 order by key`, [
      `%-${run}%`,
    ]);
    expect(throttles.map((r) => [r.key, r.failures, new Date(r.window_start).toISOString()])).toEqual([
      [`a-${run}-0`, 1, at.toISOString()],
      [`a-${run}-1`, 2, at.toISOString()],
      [`a-${run}-2`, 3, at.toISOString()],
      [`a-${run}-3`, 4, at.toISOString()],
      [`c-${run}`, 7, at.toISOString()],
    ]);
    const { rows: events } = await t.app.database.query<{ actor_type: string; actor_name: string }>(
      `select actor_type, actor_name from audit_event where entity_id = $1 order by ticket`,
      [`u-${run}`],
    );
    expect(events.map((e) => e.actor_name)).toEqual(actors.map((a) => a.name));
  });

  it('lets only system admins verify', async () => {
    const anon = await t.app.inject({ method: 'GET', url: '/api/admin/audit/verify' });
    expect(anon.statusCode).toBe(401);
    const user = await buildUser(t.app, { email: 'staff@example.org' });
    const staff = await loginAs(t.app, user.email, user.password);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/audit/verify', headers: staff.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ type: 'RESTRICTION' });
  });
});
