import type { StudyRole } from '@trialbase/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, buildStudy, buildSubject, buildUser, grantAccess } from '../../../test/factories';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { auditEvents } from '../../platform/audit/tables';
import { sites } from './tables';

let t: TestApp;
let admin: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());

/** A user with a role in a study, logged in. */
async function member(studyId: string, role: StudyRole, siteIds: 'ALL' | string[] = 'ALL') {
  const user = await buildUser(t.app);
  await grantAccess(t.app, { studyId, user, role, siteIds });
  return { user, session: await loginAs(t.app, user.email, user.password) };
}

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: LoggedIn | null,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
}

async function siteAuditActions(studyId: string) {
  const rows = await t.app.database.db
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(and(eq(auditEvents.studyId, studyId), eq(auditEvents.entityType, 'SITE')))
    .orderBy(auditEvents.ticket);
  return rows.map((r) => r.action);
}

async function siteCount(studyId: string) {
  return (await t.app.database.db.select().from(sites).where(eq(sites.studyId, studyId))).length;
}

describe(`POST /api/studies/:studyId/sites on ${engine}`, () => {
  it('creates a site with the next free number when none is given, audited', async () => {
    const study = await buildStudy(t.app);
    await buildSite(t.app, study.id, { siteNumber: 4 });
    const res = await call('POST', `/api/studies/${study.id}/sites`, admin, {
      name: '  Rigshospitalet ',
      isPublic: true,
      contactEmail: 'site@example.org',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Rigshospitalet',
      siteNumber: 5,
      isPublic: true,
      contactEmail: 'site@example.org',
      address: null,
      subjectCount: 0,
      abilities: { edit: true, delete: true, createBooking: true },
    });
    expect(await siteAuditActions(study.id)).toEqual(['SITE_CREATED']);
  });

  it('refuses a duplicate name (any case) or number with DUPLICATE_NAME and the field path', async () => {
    const study = await buildStudy(t.app);
    await buildSite(t.app, study.id, { name: 'Aarhus', siteNumber: 1 });
    const byName = await call('POST', `/api/studies/${study.id}/sites`, admin, {
      name: 'AARHUS',
      siteNumber: 2,
    });
    expect(byName.statusCode).toBe(400);
    expect(byName.json()).toMatchObject({ type: 'VALIDATION', id: 'DUPLICATE_NAME' });
    expect(byName.json().context.issues.map((i: { path: string[] }) => i.path)).toEqual([['name']]);
    const byNumber = await call('POST', `/api/studies/${study.id}/sites`, admin, {
      name: 'Odense',
      siteNumber: 1,
    });
    expect(byNumber.json()).toMatchObject({ id: 'DUPLICATE_NAME' });
    expect(byNumber.json().context.issues.map((i: { path: string[] }) => i.path)).toEqual([['siteNumber']]);
    expect(await siteCount(study.id)).toBe(1);
  });

  it('allows the same name and number in another study', async () => {
    const a = await buildStudy(t.app);
    const b = await buildStudy(t.app);
    await buildSite(t.app, a.id, { name: 'Shared', siteNumber: 1 });
    const res = await call('POST', `/api/studies/${b.id}/sites`, admin, { name: 'Shared', siteNumber: 1 });
    expect(res.statusCode).toBe(201);
  });

  it('refuses bad input with every field path and writes nothing', { tags: ['transactions'] }, async () => {
    const study = await buildStudy(t.app);
    const res = await call('POST', `/api/studies/${study.id}/sites`, admin, {
      name: 'x'.repeat(129),
      siteNumber: 0,
      contactEmail: 'not-an-email',
    });
    expect(res.statusCode).toBe(400);
    const paths = res.json().context.issues.map((i: { path: string[] }) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['name', 'siteNumber', 'contactEmail']));
    const empty = await call('POST', `/api/studies/${study.id}/sites`, admin, { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(await siteCount(study.id)).toBe(0);
  });

  it('needs a session (401) and SITE_CREATE (403 for a study helper or another study’s admin)', async () => {
    const study = await buildStudy(t.app);
    const other = await buildStudy(t.app);
    expect((await call('POST', `/api/studies/${study.id}/sites`, null, { name: 'A' })).statusCode).toBe(401);
    const helper = await member(study.id, 'STUDY_HELPER');
    expect(
      (await call('POST', `/api/studies/${study.id}/sites`, helper.session, { name: 'A' })).statusCode,
    ).toBe(403);
    const foreign = await member(other.id, 'ADMIN');
    expect(
      (await call('POST', `/api/studies/${study.id}/sites`, foreign.session, { name: 'A' })).statusCode,
    ).toBe(403);
    const studyAdmin = await member(study.id, 'ADMIN');
    expect(
      (await call('POST', `/api/studies/${study.id}/sites`, studyAdmin.session, { name: 'A' })).statusCode,
    ).toBe(201);
    expect(await siteCount(study.id)).toBe(1);
  });

  it('refuses changes with STUDY_STATUS_MISMATCH when the study is locked', async () => {
    const study = await buildStudy(t.app, { status: 'LOCKED' });
    const res = await call('POST', `/api/studies/${study.id}/sites`, admin, { name: 'Late' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ id: 'STUDY_STATUS_MISMATCH' });
    expect(await siteCount(study.id)).toBe(0);
  });

  it('gives 404 for a study that does not exist', async () => {
    const res = await call('POST', `/api/studies/${'f'.repeat(24)}/sites`, admin, { name: 'Ghost' });
    expect(res.statusCode).toBe(404);
  });
});

describe(`GET /api/studies/:studyId/sites on ${engine}`, () => {
  it('lists sites by number with subject counts and the suggested next number', async () => {
    const study = await buildStudy(t.app);
    const s2 = await buildSite(t.app, study.id, { siteNumber: 2, name: 'Two' });
    await buildSite(t.app, study.id, { siteNumber: 1, name: 'One' });
    await buildSubject(t.app, { studyId: study.id, siteId: s2.id });
    await buildSubject(t.app, { studyId: study.id, siteId: s2.id });
    const res = await call('GET', `/api/studies/${study.id}/sites`, admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.sites.map((s: { name: string; subjectCount: number }) => [s.name, s.subjectCount])).toEqual([
      ['One', 0],
      ['Two', 2],
    ]);
    expect(body.nextSiteNumber).toBe(3);
    expect(body.canCreate).toBe(true);
  });

  it('shows a site-limited user only their sites, and without create', async () => {
    const study = await buildStudy(t.app);
    const mine = await buildSite(t.app, study.id, { name: 'Mine' });
    await buildSite(t.app, study.id, { name: 'Theirs' });
    const helper = await member(study.id, 'STUDY_HELPER', [mine.id]);
    const body = (await call('GET', `/api/studies/${study.id}/sites`, helper.session)).json();
    expect(body.sites.map((s: { name: string }) => s.name)).toEqual(['Mine']);
    expect(body.canCreate).toBe(false);
  });

  it('docs/ROLES.md: a DOCTOR of site 1 lists site 1 only, and cannot open site 2', async () => {
    const study = await buildStudy(t.app);
    const one = await buildSite(t.app, study.id, { name: 'One' });
    const two = await buildSite(t.app, study.id, { name: 'Two' });
    for (const role of ['DOCTOR', 'INVESTIGATOR', 'MONITOR'] as const) {
      const local = await member(study.id, role, [one.id]);
      const res = await call('GET', `/api/studies/${study.id}/sites`, local.session);
      expect(res.statusCode, role).toBe(200);
      expect(
        res.json().sites.map((s: { name: string }) => s.name),
        role,
      ).toEqual(['One']);
      expect(res.json().canCreate, role).toBe(false);
      expect((await call('GET', `/api/studies/${study.id}/sites/${one.id}`, local.session)).statusCode).toBe(
        200,
      );
      expect((await call('GET', `/api/studies/${study.id}/sites/${two.id}`, local.session)).statusCode).toBe(
        403,
      );
    }
  });

  it('refuses users without SITE_OVERVIEW and users of other studies', async () => {
    const study = await buildStudy(t.app);
    const other = await member(study.id, 'OTHER');
    expect((await call('GET', `/api/studies/${study.id}/sites`, other.session)).statusCode).toBe(403);
    const otherStudy = await buildStudy(t.app);
    const foreign = await member(otherStudy.id, 'ADMIN');
    expect((await call('GET', `/api/studies/${study.id}/sites`, foreign.session)).statusCode).toBe(403);
    expect((await call('GET', `/api/studies/${study.id}/sites`, null)).statusCode).toBe(401);
  });
});

describe(`GET /api/studies/:studyId/sites/:siteId on ${engine}`, () => {
  it('gives the site with its subjects and the staff covering it', async () => {
    const study = await buildStudy(t.app);
    const site = await buildSite(t.app, study.id);
    const otherSite = await buildSite(t.app, study.id);
    const subject = await buildSubject(t.app, { studyId: study.id, siteId: site.id, patientId: 'P-001' });
    await buildSubject(t.app, { studyId: study.id, siteId: otherSite.id });
    const wide = await member(study.id, 'ADMIN');
    const local = await member(study.id, 'STUDY_HELPER', [site.id]);
    const elsewhere = await member(study.id, 'STUDY_HELPER', [otherSite.id]);
    const res = await call('GET', `/api/studies/${study.id}/sites/${site.id}`, local.session);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.site).toMatchObject({
      id: site.id,
      subjectCount: 1,
      abilities: { edit: true, createBooking: false },
    });
    expect(body.subjects).toEqual([{ id: subject.id, patientId: 'P-001', createdAt: expect.any(String) }]);
    const emails = body.staff.map((s: { email: string }) => s.email);
    expect(emails).toEqual(expect.arrayContaining([wide.user.email, local.user.email]));
    expect(emails).not.toContain(elsewhere.user.email);
    expect(body.staff.find((s: { email: string }) => s.email === wide.user.email)).toMatchObject({
      role: 'ADMIN',
      isStudyWide: true,
      firstName: 'Test',
    });
  });

  it('refuses a site outside the user’s sites (403) and another study’s site (404)', async () => {
    const study = await buildStudy(t.app);
    const site = await buildSite(t.app, study.id);
    const otherSite = await buildSite(t.app, study.id);
    const local = await member(study.id, 'STUDY_HELPER', [site.id]);
    expect(
      (await call('GET', `/api/studies/${study.id}/sites/${otherSite.id}`, local.session)).statusCode,
    ).toBe(403);
    const studyB = await buildStudy(t.app);
    const siteB = await buildSite(t.app, studyB.id);
    const res = await call('GET', `/api/studies/${study.id}/sites/${siteB.id}`, admin);
    expect(res.statusCode).toBe(404);
    expect(res.json()).not.toHaveProperty('site');
  });
});

describe(`PUT /api/studies/:studyId/sites/:siteId on ${engine}`, () => {
  it('edits the site, keeps the number when omitted, and audits before and after', async () => {
    const study = await buildStudy(t.app);
    const site = await buildSite(t.app, study.id, { name: 'Old', siteNumber: 7 });
    const res = await call('PUT', `/api/studies/${study.id}/sites/${site.id}`, admin, {
      name: 'New',
      isPublic: true,
      address: 'Blegdamsvej 9',
      contactPhone: '+45 35 45 35 45',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'New',
      siteNumber: 7,
      isPublic: true,
      address: 'Blegdamsvej 9',
    });
    const [event] = await t.app.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.studyId, study.id), eq(auditEvents.action, 'SITE_UPDATED')));
    expect(event?.before).toMatchObject({ name: 'Old' });
    expect(event?.after).toMatchObject({ name: 'New', isPublic: true });
  });

  it('refuses another site’s number and a site of another study, changing nothing', {
    tags: ['transactions'],
  }, async () => {
    const study = await buildStudy(t.app);
    const a = await buildSite(t.app, study.id, { name: 'A', siteNumber: 1 });
    await buildSite(t.app, study.id, { name: 'B', siteNumber: 2 });
    const clash = await call('PUT', `/api/studies/${study.id}/sites/${a.id}`, admin, {
      name: 'A',
      siteNumber: 2,
    });
    expect(clash.json()).toMatchObject({
      id: 'DUPLICATE_NAME',
      context: { issues: [{ path: ['siteNumber'] }] },
    });
    const studyB = await buildStudy(t.app);
    const siteB = await buildSite(t.app, studyB.id, { name: 'Foreign' });
    const cross = await call('PUT', `/api/studies/${study.id}/sites/${siteB.id}`, admin, {
      name: 'Hijacked',
    });
    expect(cross.statusCode).toBe(404);
    const [rowB] = await t.app.database.db.select().from(sites).where(eq(sites.id, siteB.id));
    expect(rowB?.name).toBe('Foreign');
    expect(await siteAuditActions(study.id)).toEqual([]);
  });

  it('lets a monitor neither edit nor delete (403)', async () => {
    const study = await buildStudy(t.app);
    const site = await buildSite(t.app, study.id, { name: 'Kept' });
    const monitor = await member(study.id, 'MONITOR');
    const url = `/api/studies/${study.id}/sites/${site.id}`;
    expect((await call('PUT', url, monitor.session, { name: 'Changed' })).statusCode).toBe(403);
    expect((await call('DELETE', url, monitor.session)).statusCode).toBe(403);
    expect(await siteCount(study.id)).toBe(1);
  });
});

describe(`Enrolment target of a site (issue 25 item 5) on ${engine}`, () => {
  async function updatedEvents(studyId: string) {
    const rows = await t.app.database.db
      .select({ before: auditEvents.before, after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.studyId, studyId), eq(auditEvents.action, 'SITE_UPDATED')))
      .orderBy(auditEvents.ticket);
    return rows.map((r) => [
      (r.before as { enrolmentTarget?: unknown }).enrolmentTarget,
      (r.after as { enrolmentTarget?: unknown }).enrolmentTarget,
    ]);
  }

  it('is set on create, kept when omitted, changed and cleared on edit, each change audited', async () => {
    const study = await buildStudy(t.app);
    const created = await call('POST', `/api/studies/${study.id}/sites`, admin, {
      name: 'Odense',
      enrolmentTarget: 40,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ enrolmentTarget: 40 });
    const siteId = created.json().id as string;
    const url = `/api/studies/${study.id}/sites/${siteId}`;
    const [event] = await t.app.database.db
      .select({ after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.studyId, study.id), eq(auditEvents.action, 'SITE_CREATED')));
    expect(event?.after).toMatchObject({ name: 'Odense', enrolmentTarget: 40 });

    expect((await call('PUT', url, admin, { name: 'Odense' })).json()).toMatchObject({ enrolmentTarget: 40 });
    expect((await call('PUT', url, admin, { name: 'Odense', enrolmentTarget: 25 })).json()).toMatchObject({
      enrolmentTarget: 25,
    });
    const cleared = await call('PUT', url, admin, { name: 'Odense', enrolmentTarget: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ enrolmentTarget: null });
    const listed = (await call('GET', `/api/studies/${study.id}/sites`, admin)).json();
    expect(listed.sites[0]).toMatchObject({ id: siteId, enrolmentTarget: null });
    const [row] = await t.app.database.db.select().from(sites).where(eq(sites.id, siteId));
    expect(row?.enrolmentTarget).toBeNull();
    expect(await updatedEvents(study.id)).toEqual([
      [40, 40],
      [40, 25],
      [25, null],
    ]);
  });

  it('refuses 0, a negative, a fraction, text and above 1,000,000 with the field path, changing nothing', {
    tags: ['transactions'],
  }, async () => {
    const study = await buildStudy(t.app);
    const site = await buildSite(t.app, study.id, { name: 'Vejle' });
    const url = `/api/studies/${study.id}/sites/${site.id}`;
    expect((await call('PUT', url, admin, { name: 'Vejle', enrolmentTarget: 12 })).statusCode).toBe(200);
    for (const enrolmentTarget of [0, -3, 2.5, '12', 1_000_001]) {
      const res = await call('PUT', url, admin, { name: 'Vejle', enrolmentTarget });
      expect(res.statusCode, String(enrolmentTarget)).toBe(400);
      expect(res.json()).toMatchObject({ type: 'VALIDATION' });
      expect(res.json().context.issues.map((i: { path: string[] }) => i.path.join('.'))).toEqual([
        'enrolmentTarget',
      ]);
      const create = await call('POST', `/api/studies/${study.id}/sites`, admin, {
        name: 'Other',
        enrolmentTarget,
      });
      expect(create.statusCode).toBe(400);
    }
    const [row] = await t.app.database.db.select().from(sites).where(eq(sites.id, site.id));
    expect(row?.enrolmentTarget).toBe(12);
    expect(await siteCount(study.id)).toBe(1);
    expect(await updatedEvents(study.id)).toEqual([[null, 12]]);
  });
});

describe(`DELETE /api/studies/:studyId/sites/:siteId on ${engine}`, () => {
  it('refuses with ACTIVE_SITE while the site has subjects, deleting nothing', {
    tags: ['transactions'],
  }, async () => {
    const study = await buildStudy(t.app);
    const site = await buildSite(t.app, study.id);
    await buildSubject(t.app, { studyId: study.id, siteId: site.id });
    const res = await call('DELETE', `/api/studies/${study.id}/sites/${site.id}`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ id: 'ACTIVE_SITE', context: { subjectCount: 1 } });
    expect(await siteCount(study.id)).toBe(1);
    expect(await siteAuditActions(study.id)).toEqual([]);
  });

  it('deletes an empty site with its bookings, audited', async () => {
    const study = await buildStudy(t.app);
    const site = await buildSite(t.app, study.id);
    const booked = await call('POST', `/api/studies/${study.id}/sites/${site.id}/bookings`, admin, {
      title: 'Visit',
      startsAt: '2030-01-01T09:00:00Z',
      endsAt: '2030-01-01T10:00:00Z',
    });
    expect(booked.statusCode).toBe(201);
    const res = await call('DELETE', `/api/studies/${study.id}/sites/${site.id}`, admin);
    expect(res.statusCode).toBe(204);
    expect(await siteCount(study.id)).toBe(0);
    expect(await siteAuditActions(study.id)).toEqual(['SITE_DELETED']);
    expect((await call('GET', `/api/studies/${study.id}/sites/${site.id}`, admin)).statusCode).toBe(404);
  });

  it('gives 404 for another study’s site and leaves it in place', async () => {
    const study = await buildStudy(t.app);
    const studyB = await buildStudy(t.app);
    const siteB = await buildSite(t.app, studyB.id);
    expect((await call('DELETE', `/api/studies/${study.id}/sites/${siteB.id}`, admin)).statusCode).toBe(404);
    expect(await siteCount(studyB.id)).toBe(1);
  });
});
