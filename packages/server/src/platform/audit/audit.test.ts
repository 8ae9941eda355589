// @module-tag transactions
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { createTestApp, engine, loginAs, type TestApp } from '../../../test/harness';
import { newId } from '../ids';
import { recordAudit } from './audit';
import { catchUpAuditChains } from './sequencer';

describe(`audit trail (DESIGN.md, STANDARDS.md AT) on ${engine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('records who, what, when for a login in the system chain', async () => {
    await loginAs(t.app);
    // Positions and hashes come from the sequencer after commit (issue 16 item 1).
    await catchUpAuditChains(t.app.database.db);
    const { rows } = await t.app.database.query<Record<string, unknown>>(
      `select * from audit_event where action = 'USER_LOGIN_SUCCEEDED' order by ticket desc limit 1`,
    );
    const event = rows[0]!;
    expect(event).toMatchObject({ chain: 'system', actor_type: 'USER', entity_type: 'USER' });
    expect(event.actor_id).toMatch(/^[0-9a-f]{24}$/);
    // AT-1: the display name at the time, kept even if the account is renamed later.
    expect(event.actor_name).toBe('System Administrator <admin@example.org>');
    expect(event.occurred_at).toBeTruthy();
    expect(event.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('rejects UPDATE, DELETE and TRUNCATE of audit events in the database itself', async () => {
    await expect(t.app.database.query(`update audit_event set action = 'X'`)).rejects.toThrow(/append-only/);
    await expect(t.app.database.query(`delete from audit_event`)).rejects.toThrow(/append-only/);
    await expect(t.app.database.query(`truncate audit_event`)).rejects.toThrow(/append-only/);
  });

  it('chains events per study and verifies intact chains', async () => {
    const studyA = newId();
    const studyB = newId();
    for (const studyId of [studyA, studyB, studyA]) {
      await t.app.database.db.transaction((tx) =>
        recordAudit(tx, { type: 'SYSTEM', id: null }, new Date(), {
          action: 'USER_UPDATED',
          entityType: 'USER',
          entityId: 'u1',
          studyId,
          before: { b: 1, a: [1, { z: null, y: 'x' }] },
          after: { when: new Date('2026-01-02T03:04:05.678Z') },
          reason: 'correction',
        }),
      );
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
  });

  it('detects a row altered behind the trigger', async () => {
    const session = await loginAs(t.app);
    const { rows } = await t.app.database.query<{ id: string }>(
      `select id from audit_event where chain = 'system' order by seq limit 1 offset 1`,
    );
    const victim = rows[0]!.id;
    // A superuser bypassing triggers, as an attacker with database access would.
    await t.app.database.exec(`
      alter table audit_event disable trigger audit_event_no_update_delete;
      update audit_event set reason = 'tampered' where id = '${victim}';
      alter table audit_event enable trigger audit_event_no_update_delete;`);
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
