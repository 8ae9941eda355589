import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, buildStudy, buildUser, DEFAULT_PASSWORD, grantAccess } from '../../../test/factories';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { auditEvents } from '../../platform/audit/tables';
import { outboxMessages } from '../../platform/outbox/tables';
import { runUseCase, SYSTEM_ACTOR } from '../../platform/use-case';
import { activateInvitationsForUser } from './service/access-grants';
import { studyAccess } from './tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** A study with an ADMIN (signed in), a site, and a second study with its own site. */
async function setup(app: FastifyInstance) {
  const study = await buildStudy(app);
  const site = await buildSite(app, study.id);
  const otherStudy = await buildStudy(app);
  const otherSite = await buildSite(app, otherStudy.id);
  const admin = await buildUser(app);
  const adminAccess = await grantAccess(app, { studyId: study.id, user: admin, role: 'ADMIN' });
  const adminSession = await loginAs(app, admin.email, DEFAULT_PASSWORD);
  return { study, site, otherStudy, otherSite, admin, adminAccess, adminSession };
}

async function member(
  app: FastifyInstance,
  studyId: string,
  role: 'MONITOR' | 'ADMIN' | 'DOCTOR',
  siteIds: 'ALL' | string[] = 'ALL',
) {
  const user = await buildUser(app);
  const access = await grantAccess(app, { studyId, user, role, siteIds });
  return { user, access, session: await loginAs(app, user.email, DEFAULT_PASSWORD) };
}

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, session?: LoggedIn, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: session?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function accessRows(studyId: string) {
  return t.app.database.db.select().from(studyAccess).where(eq(studyAccess.studyId, studyId));
}

async function auditActions(studyId: string, entityId: string) {
  const rows = await t.app.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.studyId, studyId), eq(auditEvents.entityId, entityId)))
    .orderBy(auditEvents.ticket);
  return rows.map((row) => row.action);
}

describe(`POST /api/studies/:studyId/access on ${engine}`, () => {
  it('gives an existing user ACTIVE access at once and emails a login link through the outbox', async () => {
    const { study, site, adminSession } = await setup(t.app);
    const invitee = await buildUser(t.app, { firstName: 'Mona', lastName: 'Itor' });
    const res = await call('POST', `/api/studies/${study.id}/access`, adminSession, {
      email: invitee.email.toUpperCase(),
      role: 'MONITOR',
      siteIds: [site.id],
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      email: invitee.email,
      role: 'MONITOR',
      siteIds: [site.id],
      status: 'ACTIVE',
      userId: invitee.id,
      name: 'Mona Itor',
    });
    expect(await auditActions(study.id, body.id)).toEqual(['ACCESS_INVITED']);
    const mail = await t.app.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, invitee.email));
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toContain(study.name);
    expect(mail[0]?.body).toContain('Monitor');
    expect(mail[0]?.body).toContain('/authentication/login');
    expect(mail[0]?.body).toContain(`site ${site.name}`);
  });

  it('names every invited site in the invitation email, and says "all sites" for study-wide access', async () => {
    const { study, site, adminSession } = await setup(t.app);
    const second = await buildSite(t.app, study.id);
    const email = `sites-${Date.now()}@example.org`;
    const res = await call('POST', `/api/studies/${study.id}/access`, adminSession, {
      email,
      role: 'DOCTOR',
      siteIds: [site.id, second.id],
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await t.app.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, email));
    expect(mail?.body).toContain('sites ');
    expect(mail?.body).toContain(site.name);
    expect(mail?.body).toContain(second.name);
    const wide = `wide-${Date.now()}@example.org`;
    await call('POST', `/api/studies/${study.id}/access`, adminSession, {
      email: wide,
      role: 'MONITOR',
      siteIds: 'ALL',
    });
    const [wideMail] = await t.app.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, wide));
    expect(wideMail?.body).toContain('(all sites)');
  });

  it('leaves an unknown email INVITED with a sign-up link, and activates it when the account appears', async () => {
    const { study, adminSession } = await setup(t.app);
    const email = `new-${Date.now()}@example.org`;
    const res = await call('POST', `/api/studies/${study.id}/access`, adminSession, {
      email,
      role: 'DOCTOR',
      siteIds: 'ALL',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'INVITED', userId: null, name: null });
    const [mail] = await t.app.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, email));
    expect(mail?.body).toContain(`/authentication/signup?email=${encodeURIComponent(email)}`);

    const user = await buildUser(t.app, { email });
    const activated = await runUseCase(t.app.database.db, SYSTEM_ACTOR, (ctx) =>
      activateInvitationsForUser(ctx, user),
    );
    expect(activated).toBe(1);
    const session = await loginAs(t.app, email, DEFAULT_PASSWORD);
    const mine = await call('GET', '/api/me/access', session);
    expect(mine.json().studies).toMatchObject([{ studyId: study.id, role: 'DOCTOR', siteIds: 'ALL' }]);
  });

  it('refuses a second live invitation for the same email with DUPLICATE_NAME, changing nothing', async () => {
    const { study, adminSession } = await setup(t.app);
    const email = `dup-${Date.now()}@example.org`;
    expect(
      (
        await call('POST', `/api/studies/${study.id}/access`, adminSession, {
          email,
          role: 'DOCTOR',
          siteIds: 'ALL',
        })
      ).statusCode,
    ).toBe(201);
    const before = await accessRows(study.id);
    const res = await call('POST', `/api/studies/${study.id}/access`, adminSession, {
      email: ` ${email.toUpperCase()} `,
      role: 'MONITOR',
      siteIds: 'ALL',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ type: 'CONFLICT', id: 'DUPLICATE_NAME' });
    expect(res.json().message).toContain(email);
    expect(await accessRows(study.id)).toEqual(before);
  });

  it('refuses sites of another study or unknown sites with 400 at siteIds', async () => {
    const { study, site, otherSite, adminSession } = await setup(t.app);
    const before = await accessRows(study.id);
    const res = await call('POST', `/api/studies/${study.id}/access`, adminSession, {
      email: 'x@example.org',
      role: 'MONITOR',
      siteIds: [site.id, otherSite.id],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().context.issues).toEqual([expect.objectContaining({ path: ['siteIds', 1] })]);
    const empty = await call('POST', `/api/studies/${study.id}/access`, adminSession, {
      email: 'x@example.org',
      role: 'MONITOR',
      siteIds: [],
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().context.issues[0].path[0]).toBe('siteIds');
    expect(await accessRows(study.id)).toEqual(before);
  });

  it('refuses a bad email, an unknown role and the OTHER role with field paths', async () => {
    const { study, adminSession } = await setup(t.app);
    const res = await call('POST', `/api/studies/${study.id}/access`, adminSession, {
      email: 'not-an-email',
      role: 'OWNER',
      siteIds: 'ALL',
    });
    expect(res.statusCode).toBe(400);
    const paths = res.json().context.issues.map((issue: { path: string[] }) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['email', 'role']));
    const other = await call('POST', `/api/studies/${study.id}/access`, adminSession, {
      email: 'o@example.org',
      role: 'OTHER',
      siteIds: 'ALL',
    });
    expect(other.statusCode).toBe(400);
    const long = await call('POST', `/api/studies/${study.id}/access`, adminSession, {
      email: `${'a'.repeat(120)}@example.org`,
      role: 'MONITOR',
      siteIds: 'ALL',
    });
    expect(long.statusCode).toBe(400);
  });

  it('needs the manage permission: 401 without session, 403 for a MONITOR and for another study’s ADMIN', async () => {
    const { study, otherStudy } = await setup(t.app);
    const monitor = await member(t.app, study.id, 'MONITOR');
    const foreignAdmin = await member(t.app, otherStudy.id, 'ADMIN');
    const payload = { email: 'y@example.org', role: 'MONITOR', siteIds: 'ALL' };
    expect((await call('POST', `/api/studies/${study.id}/access`, undefined, payload)).statusCode).toBe(401);
    expect((await call('POST', `/api/studies/${study.id}/access`, monitor.session, payload)).statusCode).toBe(
      403,
    );
    expect(
      (await call('POST', `/api/studies/${study.id}/access`, foreignAdmin.session, payload)).statusCode,
    ).toBe(403);
    expect((await call('GET', `/api/studies/${study.id}/access`, monitor.session)).statusCode).toBe(403);
    expect((await accessRows(study.id)).map((row) => row.email)).not.toContain('y@example.org');
  });

  it('returns 404 for a study that does not exist, even to a system admin', async () => {
    const res = await call('POST', '/api/studies/0123456789abcdef01234567/access', await loginAs(t.app), {
      email: 'z@example.org',
      role: 'MONITOR',
      siteIds: 'ALL',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe(`GET /api/studies/:studyId/access on ${engine}`, () => {
  it('lists invited and active access with names and who invited', async () => {
    const { study, admin, adminSession } = await setup(t.app);
    await call('POST', `/api/studies/${study.id}/access`, adminSession, {
      email: 'list@example.org',
      role: 'INVESTIGATOR',
      siteIds: 'ALL',
    });
    const res = await call('GET', `/api/studies/${study.id}/access`, adminSession);
    expect(res.statusCode).toBe(200);
    const items = res.json().items;
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      email: admin.email,
      role: 'ADMIN',
      status: 'ACTIVE',
      name: 'Test User',
    });
    expect(items[1]).toMatchObject({
      email: 'list@example.org',
      status: 'INVITED',
      invitedBy: admin.id,
      invitedByName: 'Test User',
    });
    expect(items[1]).not.toHaveProperty('extraPermissions');
  });
});

describe(`PUT /api/studies/:studyId/access/:accessId on ${engine}`, () => {
  it('changes role and sites, with an audit event holding before and after', async () => {
    const { study, site, adminSession } = await setup(t.app);
    const doctor = await member(t.app, study.id, 'DOCTOR');
    const res = await call('PUT', `/api/studies/${study.id}/access/${doctor.access.id}`, adminSession, {
      role: 'MONITOR',
      siteIds: [site.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'MONITOR', siteIds: [site.id] });
    expect(await auditActions(study.id, doctor.access.id)).toEqual(['ACCESS_CHANGED']);
    const perms = await call(
      'GET',
      `/api/study/${study.id}/permissions/${doctor.user.email}`,
      doctor.session,
    );
    expect(perms.json().permissions).toContain('STUDY_VIEW');
    expect(perms.json().permissions).not.toContain('PATIENT_CREATE');
  });

  it('refuses another study’s access id (404) and unknown sites (400), changing nothing', async () => {
    const { study, otherStudy, otherSite, adminSession } = await setup(t.app);
    const foreign = await member(t.app, otherStudy.id, 'DOCTOR');
    const doctor = await member(t.app, study.id, 'DOCTOR');
    expect(
      (
        await call('PUT', `/api/studies/${study.id}/access/${foreign.access.id}`, adminSession, {
          role: 'ADMIN',
          siteIds: 'ALL',
        })
      ).statusCode,
    ).toBe(404);
    const bad = await call('PUT', `/api/studies/${study.id}/access/${doctor.access.id}`, adminSession, {
      role: 'MONITOR',
      siteIds: [otherSite.id],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().context.issues[0].path).toEqual(['siteIds', 0]);
    const [row] = await t.app.database.db
      .select()
      .from(studyAccess)
      .where(eq(studyAccess.id, doctor.access.id));
    expect(row).toMatchObject({ role: 'DOCTOR', siteIds: 'ALL' });
  });

  it('refuses demoting one’s own last ADMIN access (PRECONDITION)', async () => {
    const { study, adminAccess, adminSession } = await setup(t.app);
    const res = await call('PUT', `/api/studies/${study.id}/access/${adminAccess.id}`, adminSession, {
      role: 'MONITOR',
      siteIds: 'ALL',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().type).toBe('PRECONDITION');
  });
});

describe(`DELETE /api/studies/:studyId/access/:accessId on ${engine}`, () => {
  it('revokes: the user loses access at their very next request', async () => {
    const { study, adminSession } = await setup(t.app);
    const monitor = await member(t.app, study.id, 'MONITOR');
    const own = `/api/study/${study.id}/permissions/${encodeURIComponent(monitor.user.email)}`;
    expect((await call('GET', own, monitor.session)).statusCode).toBe(200);
    expect((await call('GET', '/api/me/access', monitor.session)).json().studies).toHaveLength(1);

    const res = await call('DELETE', `/api/studies/${study.id}/access/${monitor.access.id}`, adminSession);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('REVOKED');
    expect(await auditActions(study.id, monitor.access.id)).toEqual(['ACCESS_REVOKED']);

    // Same session, no re-login: refused now.
    expect((await call('GET', own, monitor.session)).statusCode).toBe(403);
    expect((await call('GET', '/api/me/access', monitor.session)).json().studies).toEqual([]);
    const list = await call('GET', `/api/studies/${study.id}/access`, adminSession);
    expect(list.json().items.map((item: { id: string }) => item.id)).not.toContain(monitor.access.id);
    expect(
      (await call('DELETE', `/api/studies/${study.id}/access/${monitor.access.id}`, adminSession)).statusCode,
    ).toBe(404);
    // Revoked rows do not block a new invitation.
    expect(
      (
        await call('POST', `/api/studies/${study.id}/access`, adminSession, {
          email: monitor.user.email,
          role: 'DOCTOR',
          siteIds: 'ALL',
        })
      ).statusCode,
    ).toBe(201);
  });

  it('refuses revoking one’s own last ADMIN access, but allows it when another ADMIN remains', async () => {
    const { study, adminAccess, adminSession } = await setup(t.app);
    const refused = await call('DELETE', `/api/studies/${study.id}/access/${adminAccess.id}`, adminSession);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().type).toBe('PRECONDITION');
    expect((await accessRows(study.id))[0]?.status).toBe('ACTIVE');
    await member(t.app, study.id, 'ADMIN');
    expect(
      (await call('DELETE', `/api/studies/${study.id}/access/${adminAccess.id}`, adminSession)).statusCode,
    ).toBe(200);
  });

  it('is refused to a DOCTOR (403) and without session (401)', async () => {
    const { study, adminAccess } = await setup(t.app);
    const doctor = await member(t.app, study.id, 'DOCTOR');
    expect(
      (await call('DELETE', `/api/studies/${study.id}/access/${adminAccess.id}`, doctor.session)).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/studies/${study.id}/access/${adminAccess.id}`)).statusCode).toBe(401);
    expect((await accessRows(study.id)).every((row) => row.status === 'ACTIVE')).toBe(true);
  });
});

describe(`GET /api/study/:studyId/permissions/:userEmail on ${engine}`, () => {
  it('lets a member read their own, an admin read anyone’s, and refuses others', async () => {
    const { study, site, otherStudy, admin, adminSession } = await setup(t.app);
    const monitor = await member(t.app, study.id, 'MONITOR', [site.id]);
    const mine = await call(
      'GET',
      `/api/study/${study.id}/permissions/${monitor.user.email}`,
      monitor.session,
    );
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      role: 'MONITOR',
      siteIds: [site.id],
      status: 'ACTIVE',
      isSystemAdmin: false,
    });
    expect(mine.json().permissions).toEqual(
      expect.arrayContaining(['STUDY_VIEW', 'AUDIT_VIEW', 'DATA_VIEW_ANSWERS']),
    );
    expect(mine.json().permissions).not.toContain('SITE_CREATE');
    expect(
      (await call('GET', `/api/study/${study.id}/permissions/${admin.email}`, monitor.session)).statusCode,
    ).toBe(403);
    const byAdmin = await call(
      'GET',
      `/api/study/${study.id}/permissions/${monitor.user.email}`,
      adminSession,
    );
    expect(byAdmin.statusCode).toBe(200);
    expect(
      (await call('GET', `/api/study/${study.id}/permissions/nobody@example.org`, adminSession)).statusCode,
    ).toBe(404);
    // Not a member of the other study, even for their own email.
    expect(
      (await call('GET', `/api/study/${otherStudy.id}/permissions/${monitor.user.email}`, monitor.session))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', `/api/study/${study.id}/permissions/${monitor.user.email}`)).statusCode).toBe(
      401,
    );
  });
});

describe(`GET /api/me/access on ${engine}`, () => {
  it('returns the caller’s studies with role, sites and abilities', async () => {
    const { study, site } = await setup(t.app);
    const monitor = await member(t.app, study.id, 'MONITOR', [site.id]);
    const res = await call('GET', '/api/me/access', monitor.session);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ userId: monitor.user.id, isSystemAdmin: false, isAdminLite: false });
    expect(body.studies).toHaveLength(1);
    expect(body.studies[0]).toMatchObject({
      studyId: study.id,
      studyName: study.name,
      role: 'MONITOR',
      siteIds: [site.id],
    });
    expect(body.studies[0].abilities).toMatchObject({
      STUDY_VIEW: true,
      SITE_CREATE: false,
      STUDY_UPDATE: false,
      API_KEY_VIEW: false,
    });
    expect(body.systemAbilities.SYSTEM_ALL).toBe(false);
  });

  it('marks the system admin and is 401 without a session', async () => {
    const res = await call('GET', '/api/me/access', await loginAs(t.app));
    expect(res.json()).toMatchObject({ isSystemAdmin: true });
    expect(res.json().systemAbilities.STUDY_UPDATE).toBe(true);
    expect((await call('GET', '/api/me/access')).statusCode).toBe(401);
  });
});
