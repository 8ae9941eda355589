import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStudy, buildUser } from '../../../test/factories';
import { createTestApp, engine, loginAs, type TestApp } from '../../../test/harness';
import {
  accessRowsFor,
  allAuditText,
  auditOf,
  countEmailsTo,
  expireLinks,
  inviteByEmail,
  lastEmailTo,
  storedLinks,
  tokenFromEmail,
  tryLogin,
} from './users-test-kit';

const STRONG = 'Blue-Harbour-42';
let n = 0;
const freshEmail = () => `person${Date.now().toString(36)}${n++}@clinic.example`;
const signup = (t: TestApp, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signup', payload });
const person = (email: string, password = STRONG) => ({
  firstName: 'Ana',
  lastName: 'Berg',
  email,
  password,
});

describe(`public account calls on ${engine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginMaxFailures: 3, loginLockMinutes: 15 });
  });
  afterAll(async () => t?.close());

  async function signUpAndVerify(email: string) {
    expect((await signup(t, person(email))).statusCode).toBe(201);
    const mail = await lastEmailTo(t.app, email);
    const token = tokenFromEmail(mail!.body, '/authentication/verify');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(res.statusCode).toBe(200);
  }

  describe('POST /api/auth/signup', () => {
    it('creates an unverified account and emails a single-use verification link stored only as a hash', async () => {
      const email = freshEmail();
      const res = await signup(t, { ...person(email.toUpperCase()), firstName: ' Ana ' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ email });
      const mail = await lastEmailTo(t.app, email);
      expect(mail?.subject).toMatch(/confirm/i);
      const token = tokenFromEmail(mail!.body, '/authentication/verify');
      const id = await findId(email);
      expect((await auditOf(t.app, id)).map((e) => e.action)).toContain('USER_SIGNED_UP');
      // Hashed at rest: the stored id is the SHA-256 of the secret, which appears nowhere in the audit trail.
      const [link] = await storedLinks(t.app, id);
      expect(link).toMatchObject({
        id: createHash('sha256').update(token).digest('hex'),
        purpose: 'VERIFY_EMAIL',
      });
      expect(link!.expiresAt.getTime() - link!.createdAt.getTime()).toBe(48 * 3600_000);
      const allText = await allAuditText(t.app);
      expect(allText).not.toContain(token);
      expect(allText).not.toContain(STRONG);
    });

    it('leaves the account unable to log in until the email is verified (SECURITY 401)', async () => {
      const email = freshEmail();
      await signup(t, person(email));
      const login = await tryLogin(t.app, email, STRONG);
      expect(login.statusCode).toBe(401);
      expect(login.json().type).toBe('SECURITY');
    });

    it('refuses a weak password with message keys and params on the password path, creating nothing', async () => {
      const email = freshEmail();
      const res = await signup(t, person(email, 'alllowercase'));
      expect(res.statusCode).toBe(400);
      expect(res.json().type).toBe('VALIDATION');
      expect(res.json().context.issues).toEqual([
        { path: ['password'], message: 'ACCOUNTS.PASSWORD_RULES.CLASSES', params: { required: 3, found: 1 } },
      ]);
      const containsEmail = await signup(t, person(email, `${email.split('@')[0]}-X1`));
      expect(containsEmail.json().context.issues[0].message).toBe('ACCOUNTS.PASSWORD_RULES.NOT_EMAIL');
      expect(await countEmailsTo(t.app, email)).toBe(0);
      expect((await signup(t, person(email))).statusCode).toBe(201);
    });

    it('refuses bad names and emails with their field paths (first name 64, last name 32)', async () => {
      const res = await signup(t, {
        firstName: 'x'.repeat(65),
        lastName: 'y'.repeat(33),
        email: 'not-an-email',
        password: STRONG,
      });
      expect(res.statusCode).toBe(400);
      const paths = res.json().context.issues.map((i: { path: string[] }) => i.path.join('.'));
      expect(paths).toEqual(expect.arrayContaining(['firstName', 'lastName', 'email']));
    });

    it('answers 409 for an email that has an account, in any case, and sends nothing (ES-7)', async () => {
      const existing = await buildUser(t.app);
      const res = await signup(t, person(existing.email.toUpperCase()));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ type: 'CONFLICT', context: { issues: [{ path: ['email'] }] } });
      expect(JSON.stringify(res.json())).not.toMatch(/verified|disabled|locked/i);
      expect(await countEmailsTo(t.app, existing.email)).toBe(0);
    });
  });

  describe('POST /api/auth/verify-email', () => {
    it('verifies once, activates waiting invitations, and the user can then log in', async () => {
      const email = freshEmail();
      const study = await buildStudy(t.app);
      await inviteByEmail(t.app, study.id, email);
      await signup(t, person(email));
      const token = tokenFromEmail((await lastEmailTo(t.app, email))!.body, '/authentication/verify');
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ email });
      const [access] = await accessRowsFor(t.app, email);
      expect(access).toMatchObject({ status: 'ACTIVE' });
      expect(access?.userId).toMatch(/^[0-9a-f]{24}$/);
      const events = (await auditOf(t.app, access!.userId!)).map((e) => e.action);
      expect(events).toEqual(expect.arrayContaining(['USER_SIGNED_UP', 'USER_EMAIL_VERIFIED']));
      expect((await tryLogin(t.app, email, STRONG)).statusCode).toBe(200);
      const again = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
      expect(again.statusCode).toBe(400);
      expect(again.json().context.issues).toEqual([{ path: ['token'], message: 'ACCOUNTS.LINK.INVALID' }]);
    });

    it('refuses unknown and expired links and changes nothing', async () => {
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { token: 'A'.repeat(43) },
      });
      expect(unknown.statusCode).toBe(400);
      const email = freshEmail();
      await signup(t, person(email));
      const token = tokenFromEmail((await lastEmailTo(t.app, email))!.body, '/authentication/verify');
      await expireLinks(t.app, await findId(email));
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
      expect(res.statusCode).toBe(400);
      expect(res.json().context.issues[0].message).toBe('ACCOUNTS.LINK.EXPIRED');
      const admin = await loginAs(t.app);
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/admin/users?search=${email}`,
        headers: admin.headers,
      });
      expect(list.json().items[0]).toMatchObject({ isEmailVerified: false, status: 'UNVERIFIED' });
    });
  });

  async function findId(email: string): Promise<string> {
    const admin = await loginAs(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users?search=${encodeURIComponent(email)}`,
      headers: admin.headers,
    });
    return res.json().items[0].id;
  }

  describe('POST /api/auth/forgot-password', () => {
    it('answers 204 whether or not the account exists, and emails only real, enabled accounts', async () => {
      const user = await buildUser(t.app);
      const known = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: user.email },
      });
      const unknownEmail = freshEmail();
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: unknownEmail },
      });
      expect([known.statusCode, unknown.statusCode]).toEqual([204, 204]);
      expect(known.body).toBe(unknown.body);
      expect(await countEmailsTo(t.app, user.email)).toBe(1);
      expect(await countEmailsTo(t.app, unknownEmail)).toBe(0);
      const mail = await lastEmailTo(t.app, user.email);
      expect(mail?.body).toMatch(/\/authentication\/reset\?token=/);
      expect(mail?.body).toMatch(/1 hour/);
    });

    it('is rate limited per email without telling the caller (3 an hour)', async () => {
      const user = await buildUser(t.app);
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: user.email },
        });
        expect(res.statusCode).toBe(204);
      }
      expect(await countEmailsTo(t.app, user.email)).toBe(3);
    });

    it('is rate limited per client address with 429', async () => {
      const codes: number[] = [];
      for (let i = 0; i < 21; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: freshEmail() },
          remoteAddress: '203.0.113.9',
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 20).every((c) => c === 204)).toBe(true);
      expect(codes[20]).toBe(429);
    });
  });

  describe('POST /api/auth/reset-password', () => {
    it('sets the password, consumes the link, ends every session and clears the lockout', async () => {
      const user = await buildUser(t.app);
      const session = await loginAs(t.app, user.email, user.password);
      for (let i = 0; i < 3; i++) await tryLogin(t.app, user.email, 'wrong-password');
      expect((await tryLogin(t.app, user.email, user.password)).statusCode).toBe(423);
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: user.email },
      });
      const token = tokenFromEmail((await lastEmailTo(t.app, user.email))!.body, '/authentication/reset');
      const weak = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password: 'short' },
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().context.issues[0].path).toEqual(['password']);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password: 'New-Lighthouse-7' },
      });
      expect(res.statusCode).toBe(200);
      const old = await t.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { cookie: session.cookie },
      });
      expect(old.statusCode).toBe(401);
      expect((await tryLogin(t.app, user.email, user.password)).statusCode).toBe(401);
      expect((await tryLogin(t.app, user.email, 'New-Lighthouse-7')).statusCode).toBe(200);
      const reuse = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password: 'Other-Lighthouse-8' },
      });
      expect(reuse.statusCode).toBe(400);
      expect((await auditOf(t.app, user.id)).map((e) => e.action)).toContain('USER_PASSWORD_RESET');
      expect(await allAuditText(t.app)).not.toContain('New-Lighthouse-7');
    });

    it('refuses an expired link and keeps the old password', async () => {
      const user = await buildUser(t.app);
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: user.email },
      });
      const token = tokenFromEmail((await lastEmailTo(t.app, user.email))!.body, '/authentication/reset');
      expect((await storedLinks(t.app, user.id)).map((l) => l.id)).not.toContain(token);
      await expireLinks(t.app, user.id);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password: 'New-Lighthouse-7' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().context.issues[0].message).toBe('ACCOUNTS.LINK.EXPIRED');
      expect((await tryLogin(t.app, user.email, user.password)).statusCode).toBe(200);
    });
  });

  it('keeps the verified user flow working end to end', async () => {
    const email = freshEmail();
    await signUpAndVerify(email);
    expect((await tryLogin(t.app, email, STRONG)).statusCode).toBe(200);
  });
});
