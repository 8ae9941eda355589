import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStudy, buildUser, grantAccess } from '../../../test/factories';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { notifications } from './tables';
import { allAuditText, auditOf, lastEmailTo, tryLogin } from './users-test-kit';

describe(`own account calls on ${engine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  async function signedInUser() {
    const user = await buildUser(t.app, { firstName: 'Ana', lastName: 'Berg' });
    return { user, session: await loginAs(t.app, user.email, user.password) };
  }
  const get = (url: string, s?: LoggedIn) => t.app.inject({ method: 'GET', url, headers: s?.headers ?? {} });
  const send = (method: 'PUT' | 'POST', url: string, payload: unknown, s?: LoggedIn) =>
    t.app.inject({ method, url, payload: payload as object, headers: s?.headers ?? {} });

  describe('GET /api/user/:id/viewOwn', () => {
    it('returns the own profile without secrets; 403 for anyone else, 401 without a session', async () => {
      const { user, session } = await signedInUser();
      const res = await get(`/api/user/${user.id}/viewOwn`, session);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: user.id,
        email: user.email,
        firstName: 'Ana',
        isEmailVerified: true,
      });
      expect(res.body).not.toMatch(/passwordHash|failedLoginCount|argon/);
      const other = await buildUser(t.app);
      expect((await get(`/api/user/${other.id}/viewOwn`, session)).statusCode).toBe(403);
      const admin = await loginAs(t.app);
      expect((await get(`/api/user/${user.id}/viewOwn`, admin)).statusCode).toBe(403);
      expect((await get(`/api/user/${user.id}/viewOwn`)).statusCode).toBe(401);
    });
  });

  describe('GET /api/user/:id/viewBasic', () => {
    it('gives email, names and the role in a shared study; null role without one; 404 for unknown', async () => {
      const { user, session } = await signedInUser();
      const colleague = await buildUser(t.app, { firstName: 'Bo', lastName: 'Lind' });
      const stranger = await buildUser(t.app);
      const study = await buildStudy(t.app);
      await grantAccess(t.app, { studyId: study.id, user, role: 'INVESTIGATOR' });
      await grantAccess(t.app, { studyId: study.id, user: colleague, role: 'MONITOR' });
      const other = await buildStudy(t.app);
      await grantAccess(t.app, { studyId: other.id, user: stranger, role: 'ADMIN' });
      const res = await get(`/api/user/${colleague.id}/viewBasic`, session);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        email: colleague.email,
        firstName: 'Bo',
        lastName: 'Lind',
        role: 'MONITOR',
      });
      // A study shared, but not the one asked about: the user is visible, the role is not.
      const inOther = await get(`/api/user/${colleague.id}/viewBasic?studyId=${other.id}`, session);
      expect(inOther.statusCode).toBe(200);
      expect(inOther.json().role).toBeNull();
      expect((await get(`/api/user/${'f'.repeat(24)}/viewBasic`, session)).statusCode).toBe(404);
      expect((await get(`/api/user/${colleague.id}/viewBasic`)).statusCode).toBe(401);
    });

    it('answers 404 for a user of another study only, exactly as for an unknown id (issue 17 item 3)', async () => {
      const { user, session } = await signedInUser();
      const mine = await buildStudy(t.app);
      await grantAccess(t.app, { studyId: mine.id, user, role: 'ADMIN' });
      const stranger = await buildUser(t.app, { firstName: 'Cai', lastName: 'Moe' });
      const theirs = await buildStudy(t.app);
      await grantAccess(t.app, { studyId: theirs.id, user: stranger, role: 'ADMIN' });
      const unknown = await get(`/api/user/${'e'.repeat(24)}/viewBasic`, session);
      for (const url of [
        `/api/user/${stranger.id}/viewBasic`,
        `/api/user/${stranger.id}/viewBasic?studyId=${theirs.id}`,
        `/api/user/${stranger.id}/viewBasic?studyId=${mine.id}`,
      ]) {
        const res = await get(url, session);
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual(unknown.json());
        expect(res.body).not.toContain(stranger.email);
      }
      // A user with no study at all is no one's colleague either.
      const loner = await buildUser(t.app);
      expect((await get(`/api/user/${loner.id}/viewBasic`, session)).statusCode).toBe(404);
      // Oneself, and a system admin, still see the user.
      const own = await get(`/api/user/${user.id}/viewBasic`, session);
      expect(own.json()).toMatchObject({ email: user.email, role: 'ADMIN' });
      const admin = await loginAs(t.app);
      const asAdmin = await get(`/api/user/${stranger.id}/viewBasic?studyId=${theirs.id}`, admin);
      expect(asAdmin.json()).toEqual({
        email: stranger.email,
        firstName: 'Cai',
        lastName: 'Moe',
        role: 'ADMIN',
      });
    });
  });

  describe('PUT /api/user/:id/updateOwn', () => {
    it('updates names, language, phone, title and organisation with an audit of the change', async () => {
      const { user, session } = await signedInUser();
      const payload = {
        firstName: 'Anna',
        lastName: 'Berg',
        language: 'da',
        phone: '+45 12 34 56 78',
        title: 'MD',
        organisation: 'Rigshospitalet',
      };
      const res = await send('PUT', `/api/user/${user.id}/updateOwn`, payload, session);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject(payload);
      expect((await get(`/api/user/${user.id}/viewOwn`, session)).json()).toMatchObject(payload);
      const event = (await auditOf(t.app, user.id)).find((e) => e.action === 'USER_PROFILE_UPDATED');
      expect(event?.before).toMatchObject({ firstName: 'Ana', language: null });
      expect(event?.after).toMatchObject({ firstName: 'Anna', language: 'da' });
      expect(event?.after).not.toHaveProperty('lastName');
    });

    it('refuses bad input with paths, other users (403) and no session (401), changing nothing', async () => {
      const { user, session } = await signedInUser();
      const bad = await send(
        'PUT',
        `/api/user/${user.id}/updateOwn`,
        {
          firstName: '',
          lastName: 'x'.repeat(33),
          language: 'klingon',
          phone: null,
          title: null,
          organisation: null,
        },
        session,
      );
      expect(bad.statusCode).toBe(400);
      const paths = bad.json().context.issues.map((i: { path: string[] }) => i.path.join('.'));
      expect(paths).toEqual(expect.arrayContaining(['firstName', 'lastName', 'language']));
      const valid = {
        firstName: 'X',
        lastName: 'Y',
        language: null,
        phone: null,
        title: null,
        organisation: null,
      };
      const other = await buildUser(t.app);
      expect((await send('PUT', `/api/user/${other.id}/updateOwn`, valid, session)).statusCode).toBe(403);
      expect((await send('PUT', `/api/user/${user.id}/updateOwn`, valid)).statusCode).toBe(401);
      expect((await get(`/api/user/${user.id}/viewOwn`, session)).json().firstName).toBe('Ana');
      expect(
        (await get(`/api/user/${other.id}/viewOwn`, await loginAs(t.app, other.email, other.password))).json()
          .firstName,
      ).toBe('Test');
    });
  });

  describe('POST /api/user/:id/changePassword', () => {
    it('needs the current password, applies the strength rule, and ends the other sessions only', async () => {
      const { user, session } = await signedInUser();
      const otherDevice = await loginAs(t.app, user.email, user.password);
      const url = `/api/user/${user.id}/changePassword`;
      const wrong = await send(
        'POST',
        url,
        { currentPassword: 'nope', newPassword: 'Fresh-Meadow-31' },
        session,
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        type: 'EXTENDED_VALIDATION',
        context: { issues: [{ path: ['currentPassword'] }] },
      });
      const weak = await send(
        'POST',
        url,
        { currentPassword: user.password, newPassword: 'weakpass' },
        session,
      );
      expect(weak.statusCode).toBe(400);
      expect(weak.json().context.issues[0]).toMatchObject({
        path: ['newPassword'],
        message: 'ACCOUNTS.PASSWORD_RULES.CLASSES',
      });
      const same = await send(
        'POST',
        url,
        { currentPassword: user.password, newPassword: user.password },
        session,
      );
      expect(same.json().context.issues.map((i: { message: string }) => i.message)).toContain(
        'ACCOUNTS.PASSWORD_RULES.SAME_AS_CURRENT',
      );
      expect((await tryLogin(t.app, user.email, user.password)).statusCode).toBe(200);
      const ok = await send(
        'POST',
        url,
        { currentPassword: user.password, newPassword: 'Fresh-Meadow-31' },
        session,
      );
      expect(ok.statusCode).toBe(204);
      expect((await get('/api/auth/session', session)).statusCode).toBe(200);
      expect((await get('/api/auth/session', otherDevice)).statusCode).toBe(401);
      expect((await tryLogin(t.app, user.email, user.password)).statusCode).toBe(401);
      expect((await tryLogin(t.app, user.email, 'Fresh-Meadow-31')).statusCode).toBe(200);
      expect((await lastEmailTo(t.app, user.email))?.subject).toMatch(/password was changed/);
      expect(await allAuditText(t.app)).not.toContain('Fresh-Meadow-31');
    });

    it('refuses another user (403), no session (401) and blocks after 5 wrong passwords', async () => {
      const { user, session } = await signedInUser();
      const other = await buildUser(t.app);
      const body = { currentPassword: other.password, newPassword: 'Fresh-Meadow-31' };
      expect((await send('POST', `/api/user/${other.id}/changePassword`, body, session)).statusCode).toBe(
        403,
      );
      expect((await send('POST', `/api/user/${user.id}/changePassword`, body)).statusCode).toBe(401);
      const url = `/api/user/${user.id}/changePassword`;
      for (let i = 0; i < 5; i++)
        await send('POST', url, { currentPassword: 'bad', newPassword: 'Fresh-Meadow-31' }, session);
      const blocked = await send(
        'POST',
        url,
        { currentPassword: user.password, newPassword: 'Fresh-Meadow-31' },
        session,
      );
      expect(blocked.json().type).toBe('EXCEED_NO_ATTEMPTS');
      expect((await tryLogin(t.app, user.email, user.password)).statusCode).toBe(200);
    });
  });

  describe('GET /api/notifications and PUT /api/notification/:notificationId', () => {
    it('lists own notifications and marks one read; another user gets 404 and nothing changes', async () => {
      const { user, session } = await signedInUser();
      const { user: other, session: otherSession } = await signedInUser();
      const now = new Date();
      const mine = {
        id: 'a'.repeat(16) + user.id.slice(16),
        userId: user.id,
        kind: 'QUERY',
        title: 'New query',
        createdAt: now,
      };
      const theirs = {
        id: 'b'.repeat(16) + other.id.slice(16),
        userId: other.id,
        kind: 'QUERY',
        title: 'Theirs',
        createdAt: now,
      };
      await t.app.database.db.insert(notifications).values([mine, theirs]);
      const list = await get('/api/notifications', session);
      expect(list.json()).toMatchObject({
        unread: 1,
        items: [{ id: mine.id, title: 'New query', readAt: null }],
      });
      const refused = await send('PUT', `/api/notification/${theirs.id}`, { read: true }, session);
      expect(refused.statusCode).toBe(404);
      expect((await get('/api/notifications', otherSession)).json().unread).toBe(1);
      const read = await send('PUT', `/api/notification/${mine.id}`, {}, session);
      expect(read.statusCode).toBe(200);
      expect(read.json().readAt).not.toBeNull();
      expect((await get('/api/notifications', session)).json().unread).toBe(0);
      expect((await auditOf(t.app, mine.id)).map((e) => e.action)).toEqual(['NOTIFICATION_READ']);
      expect((await send('PUT', `/api/notification/${mine.id}`, { read: true })).statusCode).toBe(401);
    });
  });

  describe('GET and PUT /api/users/:userId/studies/:studyId/tablesSettings', () => {
    it('saves and reads own settings per study; refuses others, non-members and more than 64 KB', async () => {
      const { user, session } = await signedInUser();
      const study = await buildStudy(t.app);
      await grantAccess(t.app, { studyId: study.id, user, role: 'INVESTIGATOR' });
      const url = `/api/users/${user.id}/studies/${study.id}/tablesSettings`;
      expect((await get(url, session)).json()).toMatchObject({ tableSettings: {}, updatedAt: null });
      const settings = { subjects: { columns: ['patientId', 'site'], pageSize: 50 } };
      const saved = await send('PUT', url, { tableSettings: settings }, session);
      expect(saved.statusCode).toBe(200);
      expect((await get(url, session)).json()).toMatchObject({
        userId: user.id,
        studyId: study.id,
        tableSettings: settings,
      });
      const big = await send('PUT', url, { tableSettings: { blob: 'x'.repeat(65 * 1024) } }, session);
      expect(big.statusCode).toBe(400);
      expect(big.json().context.issues[0].path).toEqual(['tableSettings']);
      expect((await get(url, session)).json().tableSettings).toEqual(settings);
      const { user: colleague } = await signedInUser();
      await grantAccess(t.app, { studyId: study.id, user: colleague, role: 'MONITOR' });
      const colleagueSession = await loginAs(t.app, colleague.email, colleague.password);
      expect((await get(url, colleagueSession)).statusCode).toBe(403);
      expect((await send('PUT', url, { tableSettings: {} }, colleagueSession)).statusCode).toBe(403);
      const outsider = await signedInUser();
      const outsiderUrl = `/api/users/${outsider.user.id}/studies/${study.id}/tablesSettings`;
      expect((await get(outsiderUrl, outsider.session)).statusCode).toBe(403);
      expect((await get(url)).statusCode).toBe(401);
    });

    it("refuses a study's API key with 403, never a 500 (issue 17 item 5)", async () => {
      const { user } = await signedInUser();
      const study = await buildStudy(t.app, { modules: ['API_KEYS'] });
      const admin = await loginAs(t.app);
      const renewed = await send('POST', `/api/studies/${study.id}/apiKey/renew`, undefined, admin);
      expect(renewed.statusCode).toBe(200);
      const headers = { authorization: `Bearer ${renewed.json<{ key: string }>().key}` };
      const url = `/api/users/${user.id}/studies/${study.id}/tablesSettings`;
      const read = await t.app.inject({ method: 'GET', url, headers });
      expect(read.statusCode, read.body).toBe(403);
      const write = await t.app.inject({ method: 'PUT', url, headers, payload: { tableSettings: { a: 1 } } });
      expect(write.statusCode, write.body).toBe(403);
    });
  });
});
