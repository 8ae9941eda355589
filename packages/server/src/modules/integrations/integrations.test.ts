import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, buildStudy, buildUser, grantAccess } from '../../../test/factories';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { auditEvents } from '../../platform/audit/tables';
import { apiKeys } from './tables';

let t: TestApp;
let admin: LoggedIn;
const logLines: string[] = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ logLevel: 'debug' }, { logStream });
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());

/** A study with the API module, a site, and a fresh key renewed by the system admin. */
async function studyWithKey(app: FastifyInstance, extra: { modules?: string[] } = {}) {
  const study = await buildStudy(app, { modules: extra.modules ?? ['API_KEYS'] });
  const site = await buildSite(app, study.id, { siteNumber: 7, name: 'Aarhus' });
  const res = await app.inject({
    method: 'POST',
    url: `/api/studies/${study.id}/apiKey/renew`,
    headers: admin.headers,
  });
  expect(res.statusCode).toBe(200);
  return { study, site, key: res.json<{ key: string }>().key };
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe(`POST /api/studies/:studyId/apiKey/renew on ${engine}`, { tags: ['json'] }, () => {
  it('returns the full key once, stores only its SHA-256, and revokes the previous key', async () => {
    const { study, key: first } = await studyWithKey(t.app);
    expect(first).toMatch(/^tb_[A-Za-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
    const second = await t.app.inject({
      method: 'POST',
      url: `/api/studies/${study.id}/apiKey/renew`,
      headers: admin.headers,
    });
    expect(second.statusCode).toBe(200);
    expect(second.headers['cache-control']).toBe('no-store');
    const { key, metadata } = second.json<{ key: string; metadata: { prefix: string } }>();
    expect(key.startsWith(`tb_${metadata.prefix}_`)).toBe(true);
    const rows = await t.app.database.db.select().from(apiKeys).where(eq(apiKeys.studyId, study.id));
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.revokedAt === null)).toHaveLength(1);
    for (const row of rows) {
      expect(row.keyHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(key.split('_').slice(2).join('_'));
    }
    const old = await t.app.inject({
      url: `/api/studies/${study.id}/apiKey/studyInfo`,
      headers: bearer(first),
    });
    expect(old.statusCode).toBe(401);
    const audit = await t.app.database.db.select().from(auditEvents).where(eq(auditEvents.studyId, study.id));
    expect(audit.map((e) => e.action)).toEqual(
      expect.arrayContaining(['API_KEY_RENEWED', 'API_KEY_REVOKED']),
    );
    expect(JSON.stringify(audit)).not.toContain(key);
  });

  it('needs the renew-key permission: a MONITOR gets 403 and no key is made', async () => {
    const study = await buildStudy(t.app, { modules: ['API_KEYS'] });
    const monitor = await buildUser(t.app);
    await grantAccess(t.app, { studyId: study.id, user: monitor, role: 'MONITOR' });
    const session = await loginAs(t.app, monitor.email, monitor.password);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/studies/${study.id}/apiKey/renew`,
      headers: session.headers,
    });
    expect(res.statusCode).toBe(403);
    const rows = await t.app.database.db.select().from(apiKeys).where(eq(apiKeys.studyId, study.id));
    expect(rows).toHaveLength(0);
  });

  it('lets a study ADMIN renew, but not for another study; no session is 401; no CSRF is 403', async () => {
    const own = await buildStudy(t.app, { modules: ['API_KEYS'] });
    const other = await buildStudy(t.app, { modules: ['API_KEYS'] });
    const user = await buildUser(t.app);
    await grantAccess(t.app, { studyId: own.id, user, role: 'ADMIN' });
    const session = await loginAs(t.app, user.email, user.password);
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/studies/${own.id}/apiKey/renew`,
      headers: session.headers,
    });
    expect(ok.statusCode).toBe(200);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/studies/${other.id}/apiKey/renew`,
      headers: session.headers,
    });
    expect(foreign.statusCode).toBe(403);
    const anon = await t.app.inject({ method: 'POST', url: `/api/studies/${own.id}/apiKey/renew` });
    expect(anon.statusCode).toBe(401);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: `/api/studies/${own.id}/apiKey/renew`,
      headers: { cookie: session.cookie },
    });
    expect(noCsrf.statusCode).toBe(403);
    const rows = await t.app.database.db.select().from(apiKeys).where(eq(apiKeys.studyId, other.id));
    expect(rows).toHaveLength(0);
  });

  it('refuses with PRECONDITION while the study lacks the API module', async () => {
    const study = await buildStudy(t.app, { modules: [] });
    for (const call of [
      { method: 'GET' as const, url: `/api/studies/${study.id}/apiKey` },
      { method: 'POST' as const, url: `/api/studies/${study.id}/apiKey/renew` },
      { method: 'GET' as const, url: `/api/studies/${study.id}/apiKey/studyInfo` },
    ]) {
      const res = await t.app.inject({ ...call, headers: admin.headers });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ type: 'PRECONDITION', context: { module: 'API_KEYS' } });
    }
    const rows = await t.app.database.db.select().from(apiKeys).where(eq(apiKeys.studyId, study.id));
    expect(rows).toHaveLength(0);
  });
});

describe(`GET /api/studies/:studyId/apiKey on ${engine}`, () => {
  it('shows the metadata and abilities, never the key; last use is recorded', async () => {
    const { study, key } = await studyWithKey(t.app);
    const before = await t.app.inject({ url: `/api/studies/${study.id}/apiKey`, headers: admin.headers });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      studyId: study.id,
      viewIdentifiable: false,
      extendedValidation: false,
      key: { prefix: key.slice(3, 11), lastUsedAt: null },
      abilities: { canRenew: true, canUpdateSettings: true },
    });
    expect(before.body).not.toContain(key);
    await t.app.inject({ url: `/api/studies/${study.id}/apiKey/studyInfo`, headers: bearer(key) });
    const after = await t.app.inject({ url: `/api/studies/${study.id}/apiKey`, headers: admin.headers });
    expect(after.json().key.lastUsedAt).not.toBeNull();
  });

  it('gives null as key before the first renewal', async () => {
    const study = await buildStudy(t.app, { modules: ['API_KEYS'] });
    const res = await t.app.inject({ url: `/api/studies/${study.id}/apiKey`, headers: admin.headers });
    expect(res.json().key).toBeNull();
  });
});

describe(`PUT /api/studies/:studyId/apiKey/settings on ${engine}`, { tags: ['json'] }, () => {
  it('saves viewIdentifiable on the study and its key, with an audit event', async () => {
    const { study } = await studyWithKey(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/studies/${study.id}/apiKey/settings`,
      headers: admin.headers,
      payload: { viewIdentifiable: true },
    });
    expect(res.statusCode).toBe(200);
    // dataFeed (issue 26 item 4) is kept as it was when the save leaves it out.
    expect(res.json()).toEqual({ viewIdentifiable: true, dataFeed: false, dataWrite: false });
    const got = await t.app.inject({ url: `/api/studies/${study.id}/apiKey`, headers: admin.headers });
    expect(got.json().viewIdentifiable).toBe(true);
    const [live] = await t.app.database.db.select().from(apiKeys).where(eq(apiKeys.studyId, study.id));
    expect(live?.viewIdentifiable).toBe(true);
    const audit = await t.app.database.db.select().from(auditEvents).where(eq(auditEvents.studyId, study.id));
    const event = audit.find((e) => e.action === 'API_KEY_SETTINGS_UPDATED');
    expect(event?.after).toEqual({ viewIdentifiable: true, dataFeed: false, dataWrite: false });
  });

  it('rejects bad input with field paths and changes nothing', async () => {
    const { study } = await studyWithKey(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/studies/${study.id}/apiKey/settings`,
      headers: admin.headers,
      payload: { viewIdentifiable: 'yes' },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('viewIdentifiable');
    const got = await t.app.inject({ url: `/api/studies/${study.id}/apiKey`, headers: admin.headers });
    expect(got.json().viewIdentifiable).toBe(false);
  });

  it('is refused to an API key (keys never manage keys)', async () => {
    const { study, key } = await studyWithKey(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/studies/${study.id}/apiKey/settings`,
      headers: bearer(key),
      payload: { viewIdentifiable: true },
    });
    expect(res.statusCode).toBe(403);
    const renew = await t.app.inject({
      method: 'POST',
      url: `/api/studies/${study.id}/apiKey/renew`,
      headers: bearer(key),
    });
    expect(renew.statusCode).toBe(403);
  });
});

describe(`GET /api/studies/:studyId/apiKey/studyInfo with a Bearer key on ${engine}`, () => {
  it('reads its own study as JSON and as text', async () => {
    const { study, site, key } = await studyWithKey(t.app);
    const json = await t.app.inject({
      url: `/api/studies/${study.id}/apiKey/studyInfo`,
      headers: bearer(key),
    });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual({
      id: study.id,
      name: study.name,
      status: study.status,
      primaryLanguage: 'en',
      languages: ['en'],
      sites: [{ id: site.id, name: 'Aarhus', siteNumber: 7 }],
    });
    const text = await t.app.inject({
      url: `/api/studies/${study.id}/apiKey/studyInfo?format=text`,
      headers: bearer(key),
    });
    expect(text.statusCode).toBe(200);
    expect(text.headers['content-type']).toContain('text/plain');
    expect(text.body).toContain(`Study id: ${study.id}`);
    expect(text.body).toContain(`Site 7: Aarhus (id ${site.id})`);
  });

  it("refuses another study's data with 403", async () => {
    const { key } = await studyWithKey(t.app);
    const other = await buildStudy(t.app, { modules: ['API_KEYS'] });
    const res = await t.app.inject({
      url: `/api/studies/${other.id}/apiKey/studyInfo`,
      headers: bearer(key),
    });
    expect(res.statusCode).toBe(403);
    const meta = await t.app.inject({ url: `/api/studies/${other.id}/apiKey`, headers: bearer(key) });
    expect(meta.statusCode).toBe(403);
  });

  it('refuses unknown, malformed and revoked keys with 401', async () => {
    const { study, key } = await studyWithKey(t.app);
    for (const token of [`${key.slice(0, -2)}xx`, 'not-a-key', 'tb_12345678_short']) {
      const res = await t.app.inject({
        url: `/api/studies/${study.id}/apiKey/studyInfo`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ type: 'SECURITY' });
    }
  });

  it('is refused on session and system-admin routes', async () => {
    const { key } = await studyWithKey(t.app);
    const session = await t.app.inject({ url: '/api/auth/session', headers: bearer(key) });
    expect(session.statusCode).toBe(401);
    const outbox = await t.app.inject({ url: '/api/admin/outbox', headers: bearer(key) });
    expect(outbox.statusCode).toBe(401);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(key) });
    expect(logout.statusCode).toBe(401);
  });

  it('keeps keys out of the logs', async () => {
    const { study, key } = await studyWithKey(t.app);
    await t.app.inject({ url: `/api/studies/${study.id}/apiKey/studyInfo`, headers: bearer(key) });
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(key.slice(12));
  });

  it('rate-limits failing bearer attempts per address', async () => {
    const study = await buildStudy(t.app, { modules: ['API_KEYS'] });
    const url = `/api/studies/${study.id}/apiKey/studyInfo`;
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await t.app.inject({
        url,
        headers: bearer('tb_wrongkey_xxxxxxxxxxxxxxxxxxxxxxxx'),
        remoteAddress: '10.9.8.7',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
