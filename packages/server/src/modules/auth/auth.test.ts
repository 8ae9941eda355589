import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestApp,
  engine,
  loginAs,
  type TestApp,
} from '../../../test/harness';

describe(`POST /api/auth/login on ${engine}`, () => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _enc, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp({ logLevel: 'debug', loginMaxFailures: 3, loginLockMinutes: 15 }, { logStream });
  });
  afterAll(async () => t?.close());

  it('signs the first admin in with an httpOnly SameSite session cookie and a CSRF token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ADMIN_EMAIL.toUpperCase(), password: ADMIN_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ email: ADMIN_EMAIL, isSystemAdmin: true });
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(body.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/tb_session=[^;]+/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).not.toContain('Secure');
  });

  it('GET /api/auth/session returns the user for a live session and 401 without one', async () => {
    const session = await loginAs(t.app);
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: session.cookie },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe(ADMIN_EMAIL);
    const anon = await t.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ type: 'SECURITY' });
  });

  it('logout ends the session, and requires the CSRF token', async () => {
    const session = await loginAs(t.app);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: session.cookie },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json()).toMatchObject({ type: 'SECURITY' });
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: session.headers });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: session.cookie },
    });
    expect(after.statusCode).toBe(401);
  });

  it('refuses a cross-site login attempt', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example', host: 'localhost:3000' },
      payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
  });

  it('expires a session after its idle time', async () => {
    const session = await loginAs(t.app);
    await t.app.database.query(`update session set expires_at = now() - interval '1 second'`);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: session.cookie },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers a wrong password with 401 and the same message as an unknown email', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ADMIN_EMAIL, password: 'nope' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.org', password: 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
    // A correct login resets the account's failure count.
    await loginAs(t.app);
  });

  it('locks the account with ACCOUNT_LOCKED after repeated failures, even for the right password', async () => {
    for (let i = 1; i <= 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: ADMIN_EMAIL, password: `bad-${i}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const third = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ADMIN_EMAIL, password: 'bad-3' },
    });
    expect(third.statusCode).toBe(423);
    expect(third.json()).toMatchObject({ type: 'ACCOUNT_LOCKED' });
    expect(new Date(third.json().context.lockedUntil).getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(right.statusCode).toBe(423);
    const audit = await t.app.database.query<{ action: string }>(
      `select action from audit_event where action = 'USER_LOCKED'`,
    );
    expect(audit.rows).toHaveLength(1);
    // The lock lifts when its time has passed.
    await t.app.database.query(`update app_user set locked_until = now() - interval '1 second'`);
    await t.app.database.query(
      `update login_throttle set blocked_until = now() - interval '1 second' where key like 'login:email:%'`,
    );
    await loginAs(t.app);
  });

  it('locks an email without an account the same way (issue 17: the lockout names no accounts)', async () => {
    const attempt = (email: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '198.51.100.20',
        payload: { email, password },
      });
    const user = await buildUser(t.app);
    for (const email of [user.email, 'no-account@example.org']) {
      const answers = [];
      for (let i = 1; i <= 4; i++) answers.push(await attempt(email, `bad-${i}`));
      expect(answers.map((a) => [a.statusCode, a.json().type])).toEqual([
        [401, 'SECURITY'],
        [401, 'SECURITY'],
        [423, 'ACCOUNT_LOCKED'],
        [423, 'ACCOUNT_LOCKED'],
      ]);
      expect(new Date(answers[3]?.json().context.lockedUntil).getTime()).toBeGreaterThan(
        Date.now() + 14 * 60_000,
      );
    }
  });

  it("does not reset the address's failures on a successful login (issue 17: one own account never unblocks)", async () => {
    const attempt = (email: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '198.51.100.30',
        payload: { email, password },
      });
    const user = await buildUser(t.app, { password: 'Own-Account-Password-7' });
    const statuses: number[] = [];
    // The address may fail 12 times (3 accounts' worth); a login to the attacker's own account in between.
    for (let i = 0; i < 11; i++)
      statuses.push((await attempt(`victim-${i}@example.org`, 'guess')).statusCode);
    expect((await attempt(user.email, 'Own-Account-Password-7')).statusCode).toBe(200);
    statuses.push((await attempt('victim-11@example.org', 'guess')).statusCode);
    statuses.push((await attempt('victim-12@example.org', 'guess')).statusCode);
    expect(statuses).toEqual([...Array(12).fill(401), 429]);
  });

  it('throttles an address that keeps failing across accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.9',
        payload: { email: `someone-${i}@example.org`, password: 'guess' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 12).every((s) => s === 401)).toBe(true);
    expect(statuses[12]).toBe(429);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(other.statusCode).toBe(200);
  });

  it('never writes passwords, cookies or CSRF tokens to the log', async () => {
    const session = await loginAs(t.app);
    await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: session.headers });
    await t.app.inject({ method: 'GET', url: '/api/public/abc/AbCdEfGhIjKlMnOpQrStUvWxYz012345' });
    const log = logLines.join('');
    expect(log).toContain('/api/auth/session');
    expect(log).not.toContain(ADMIN_PASSWORD);
    expect(log).not.toContain(session.cookie.split('=')[1]);
    expect(log).not.toContain(session.csrf);
    expect(log).not.toContain('AbCdEfGhIjKlMnOpQrStUvWxYz012345');
  });
});

describe('first start', () => {
  it('creates the system admin once, with a generated password when none is configured', async () => {
    const created: { email: string; generatedPassword: string | null }[] = [];
    const t = await createTestApp(
      { adminEmail: null, adminPassword: null },
      { onAdminCreated: (a) => created.push(a) },
    );
    try {
      expect(created).toHaveLength(1);
      const generated = created[0]!;
      expect(generated.generatedPassword).toMatch(/^.{16}$/);
      await loginAs(t.app, generated.email, generated.generatedPassword!);
      const users = await t.app.database.query<{ n: number }>('select count(*)::int as n from app_user');
      expect(users.rows[0]?.n).toBe(1);
    } finally {
      await t.close();
    }
  });
});
