// @module-tag search
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStudy, buildUser } from '../../../test/factories';
import {
  ADMIN_EMAIL,
  createTestApp,
  engine,
  type LoggedIn,
  loginAs,
  type TestApp,
} from '../../../test/harness';
import {
  accessRowsFor,
  allAuditText,
  auditOf,
  inviteByEmail,
  lastEmailTo,
  tokenFromEmail,
  tryLogin,
} from './users-test-kit';

describe(`system admin user management on ${engine}`, () => {
  let t: TestApp;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await createTestApp({ loginMaxFailures: 3 });
    admin = await loginAs(t.app);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, s: LoggedIn | null, payload?: object) =>
    t.app.inject({ method, url, headers: s?.headers ?? {}, ...(payload ? { payload } : {}) });

  describe('GET /api/admin/users', () => {
    it('lists users with search and paging; staff get 403 and anonymous 401', async () => {
      await buildUser(t.app, { email: 'zelda.search@clinic.example', firstName: 'Zelda', lastName: 'Quist' });
      const found = await call('GET', '/api/admin/users?search=zelda%20q', admin);
      expect(found.statusCode).toBe(200);
      expect(found.json()).toMatchObject({
        total: 1,
        items: [{ email: 'zelda.search@clinic.example', status: 'ACTIVE' }],
      });
      expect(found.body).not.toMatch(/passwordHash/);
      const literal = await call('GET', '/api/admin/users?search=%25', admin);
      expect(literal.json().total).toBe(0);
      const page = await call('GET', '/api/admin/users?limit=1&offset=0', admin);
      expect(page.json().items).toHaveLength(1);
      expect(page.json().total).toBeGreaterThan(1);
      const staff = await buildUser(t.app);
      const staffSession = await loginAs(t.app, staff.email, staff.password);
      expect((await call('GET', '/api/admin/users', staffSession)).statusCode).toBe(403);
      expect((await call('GET', '/api/admin/users', null)).statusCode).toBe(401);
    });
  });

  describe('POST /api/admin/users', () => {
    it('creates a verified user with a temporary password shown once, activating invitations', async () => {
      const study = await buildStudy(t.app);
      await inviteByEmail(t.app, study.id, 'new.monitor@clinic.example');
      const res = await call('POST', '/api/admin/users', admin, {
        firstName: 'Nora',
        lastName: 'Holm',
        email: 'New.Monitor@clinic.example',
        passwordMode: 'TEMPORARY',
      });
      expect(res.statusCode).toBe(201);
      const { user, temporaryPassword } = res.json();
      expect(user).toMatchObject({
        email: 'new.monitor@clinic.example',
        status: 'ACTIVE',
        isEmailVerified: true,
        isSystemAdmin: false,
      });
      expect(temporaryPassword).toEqual(expect.any(String));
      expect((await tryLogin(t.app, user.email, temporaryPassword)).statusCode).toBe(200);
      expect((await accessRowsFor(t.app, user.email))[0]).toMatchObject({
        status: 'ACTIVE',
        userId: user.id,
      });
      expect((await auditOf(t.app, user.id)).map((e) => e.action)).toContain('USER_CREATED');
      expect(await allAuditText(t.app)).not.toContain(temporaryPassword);
    });

    it('creates a user with an emailed set-password link instead', async () => {
      const res = await call('POST', '/api/admin/users', admin, {
        firstName: 'Emil',
        lastName: 'Dahl',
        email: 'emil.dahl@clinic.example',
        passwordMode: 'EMAIL_LINK',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().temporaryPassword).toBeNull();
      const token = tokenFromEmail(
        (await lastEmailTo(t.app, 'emil.dahl@clinic.example'))!.body,
        '/authentication/reset',
      );
      const set = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password: 'Chosen-Pass-55' },
      });
      expect(set.statusCode).toBe(200);
      expect((await tryLogin(t.app, 'emil.dahl@clinic.example', 'Chosen-Pass-55')).statusCode).toBe(200);
    });

    it('refuses a used email (ES-7), bad input with paths, and non-admins', async () => {
      const dup = await call('POST', '/api/admin/users', admin, {
        firstName: 'A',
        lastName: 'B',
        email: ADMIN_EMAIL,
        passwordMode: 'TEMPORARY',
      });
      expect(dup.statusCode).toBe(409);
      const bad = await call('POST', '/api/admin/users', admin, {
        firstName: '',
        email: 'x',
        passwordMode: 'NONE',
      });
      expect(bad.statusCode).toBe(400);
      const paths = bad.json().context.issues.map((i: { path: string[] }) => i.path.join('.'));
      expect(paths).toEqual(expect.arrayContaining(['firstName', 'lastName', 'email', 'passwordMode']));
      const staff = await buildUser(t.app);
      const staffSession = await loginAs(t.app, staff.email, staff.password);
      const refused = await call('POST', '/api/admin/users', staffSession, {
        firstName: 'A',
        lastName: 'B',
        email: 'sneaky@clinic.example',
        passwordMode: 'TEMPORARY',
      });
      expect(refused.statusCode).toBe(403);
      const list = await call('GET', '/api/admin/users?search=sneaky', admin);
      expect(list.json().total).toBe(0);
    });
  });

  describe('POST /api/admin/users/:id/disable and /enable', () => {
    it('ends every open session at once (AC-3): the existing cookie gets 401 immediately', async () => {
      const user = await buildUser(t.app);
      const first = await loginAs(t.app, user.email, user.password);
      const second = await loginAs(t.app, user.email, user.password);
      expect((await call('GET', `/api/user/${user.id}/viewOwn`, first)).statusCode).toBe(200);
      const res = await call('POST', `/api/admin/users/${user.id}/disable`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('DISABLED');
      expect((await call('GET', `/api/user/${user.id}/viewOwn`, first)).statusCode).toBe(401);
      expect((await call('GET', '/api/auth/session', second)).statusCode).toBe(401);
      expect((await tryLogin(t.app, user.email, user.password)).statusCode).toBe(401);
      const event = (await auditOf(t.app, user.id)).find((e) => e.action === 'USER_DISABLED');
      expect(event?.after).toMatchObject({ isDisabled: true, revokedSessions: 2 });
      const enabled = await call('POST', `/api/admin/users/${user.id}/enable`, admin);
      expect(enabled.json().status).toBe('ACTIVE');
      expect((await call('GET', '/api/auth/session', first)).statusCode).toBe(401);
      expect((await tryLogin(t.app, user.email, user.password)).statusCode).toBe(200);
      expect((await auditOf(t.app, user.id)).map((e) => e.action)).toContain('USER_ENABLED');
    });

    it('refuses disabling oneself, unknown users, and non-admins', async () => {
      const me = (await call('GET', `/api/admin/users?search=${ADMIN_EMAIL}`, admin)).json().items[0];
      expect((await call('POST', `/api/admin/users/${me.id}/disable`, admin)).statusCode).toBe(409);
      expect((await call('POST', `/api/admin/users/${'e'.repeat(24)}/disable`, admin)).statusCode).toBe(404);
      const user = await buildUser(t.app);
      const staff = await buildUser(t.app);
      const staffSession = await loginAs(t.app, staff.email, staff.password);
      expect((await call('POST', `/api/admin/users/${user.id}/disable`, staffSession)).statusCode).toBe(403);
      expect((await call('POST', `/api/admin/users/${user.id}/disable`, null)).statusCode).toBe(401);
      expect((await tryLogin(t.app, user.email, user.password)).statusCode).toBe(200);
    });
  });

  describe('POST /api/admin/users/:id/unlock', () => {
    it('clears the lockout and the failure count', async () => {
      const user = await buildUser(t.app);
      for (let i = 0; i < 3; i++) await tryLogin(t.app, user.email, 'wrong');
      expect((await tryLogin(t.app, user.email, user.password)).statusCode).toBe(423);
      const listed = await call('GET', `/api/admin/users?search=${user.email}`, admin);
      expect(listed.json().items[0].status).toBe('LOCKED');
      const res = await call('POST', `/api/admin/users/${user.id}/unlock`, admin);
      expect(res.json()).toMatchObject({ status: 'ACTIVE', lockedUntil: null, failedLoginCount: 0 });
      expect((await tryLogin(t.app, user.email, user.password)).statusCode).toBe(200);
      expect((await auditOf(t.app, user.id)).map((e) => e.action)).toContain('USER_UNLOCKED');
    });
  });
});
