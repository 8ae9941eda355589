import type { StudyRole } from '@trialbase/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, buildStudy, buildUser, grantAccess } from '../../../test/factories';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { auditEvents } from '../../platform/audit/tables';
import { siteBookings } from './tables';

let t: TestApp;
let admin: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());

async function member(studyId: string, role: StudyRole, siteIds: 'ALL' | string[] = 'ALL') {
  const user = await buildUser(t.app);
  await grantAccess(t.app, { studyId, user, role, siteIds });
  return loginAs(t.app, user.email, user.password);
}

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: LoggedIn | null,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
}

async function setup() {
  const study = await buildStudy(t.app);
  const site = await buildSite(t.app, study.id);
  return { study, site, url: `/api/studies/${study.id}/sites/${site.id}/bookings` };
}

const slot = (from: string, to: string, extra: object = {}) => ({
  title: 'Screening visit',
  startsAt: `2030-03-04T${from}:00Z`,
  endsAt: `2030-03-04T${to}:00Z`,
  ...extra,
});

async function bookingCount(studyId: string) {
  return (await t.app.database.db.select().from(siteBookings).where(eq(siteBookings.studyId, studyId)))
    .length;
}

describe(`POST /api/studies/:studyId/sites/:siteId/bookings on ${engine}`, () => {
  it('books a slot with the amber colour by default, audited', async () => {
    const { study, url } = await setup();
    const res = await call('POST', url, admin, slot('09:00', '10:00', { note: 'Fasting' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Screening visit',
      colour: 'amber',
      note: 'Fasting',
      startsAt: '2030-03-04T09:00:00.000Z',
      overlapsWith: [],
    });
    const events = await t.app.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.studyId, study.id), eq(auditEvents.entityType, 'SITE_BOOKING')))
      .orderBy(auditEvents.ticket);
    expect(events.map((e) => e.action)).toEqual(['SITE_BOOKING_CREATED']);
  });

  it('refuses an end before or at the start, an unknown colour and an empty title, writing nothing', {
    tags: ['transactions'],
  }, async () => {
    const { study, url } = await setup();
    const same = await call('POST', url, admin, slot('09:00', '09:00'));
    expect(same.statusCode).toBe(400);
    expect(same.json().context.issues).toEqual([expect.objectContaining({ path: ['endsAt'] })]);
    const bad = await call('POST', url, admin, slot('10:00', '11:00', { colour: 'pink', title: '' }));
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().context.issues.map((i: { path: string[] }) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['colour', 'title']));
    expect(await bookingCount(study.id)).toBe(0);
  });

  it('allows overlapping bookings and flags them in the list', async () => {
    const { url } = await setup();
    const a = (await call('POST', url, admin, slot('09:00', '10:00'))).json();
    const b = await call('POST', url, admin, slot('09:30', '11:00', { colour: 'blue' }));
    expect(b.statusCode).toBe(201);
    expect(b.json().overlapsWith).toEqual([a.id]);
    const c = (await call('POST', url, admin, slot('11:00', '12:00'))).json();
    const list = (await call('GET', url, admin)).json();
    const byId = new Map(
      list.bookings.map((x: { id: string; overlapsWith: string[] }) => [x.id, x.overlapsWith]),
    );
    expect(byId.get(a.id)).toEqual([b.json().id]);
    expect(byId.get(c.id)).toEqual([]);
    expect(list.bookings.map((x: { colour: string }) => x.colour)).toEqual(['amber', 'blue', 'amber']);
  });

  it('needs SITE_BOOKING_CREATE for the site (study helper: 403; no session: 401)', async () => {
    const { study, site, url } = await setup();
    const helper = await member(study.id, 'STUDY_HELPER', [site.id]);
    expect((await call('POST', url, helper, slot('09:00', '10:00'))).statusCode).toBe(403);
    expect((await call('POST', url, null, slot('09:00', '10:00'))).statusCode).toBe(401);
    const studyAdmin = await member(study.id, 'ADMIN');
    expect((await call('POST', url, studyAdmin, slot('09:00', '10:00'))).statusCode).toBe(201);
    expect(await bookingCount(study.id)).toBe(1);
  });

  it('gives 404 under a site of another study', async () => {
    const { study } = await setup();
    const other = await setup();
    const url = `/api/studies/${study.id}/sites/${other.site.id}/bookings`;
    expect((await call('POST', url, admin, slot('09:00', '10:00'))).statusCode).toBe(404);
    expect(await bookingCount(other.study.id)).toBe(0);
  });
});

describe(`GET /api/studies/:studyId/sites/:siteId/bookings on ${engine}`, () => {
  it('filters by a time window', async () => {
    const { url } = await setup();
    await call('POST', url, admin, slot('08:00', '09:00', { title: 'Early' }));
    await call('POST', url, admin, slot('14:00', '15:00', { title: 'Late' }));
    const from = encodeURIComponent('2030-03-04T12:00:00Z');
    const res = await call('GET', `${url}?from=${from}`, admin);
    expect(res.json().bookings.map((b: { title: string }) => b.title)).toEqual(['Late']);
  });

  it('refuses a role without booking view and a user limited to another site', async () => {
    const { study, url } = await setup();
    expect((await call('GET', url, await member(study.id, 'DOCTOR'))).statusCode).toBe(403);
    const elsewhere = await buildSite(t.app, study.id);
    expect((await call('GET', url, await member(study.id, 'ADMIN', [elsewhere.id]))).statusCode).toBe(403);
  });
});

describe(`PUT and DELETE /api/studies/:studyId/sites/:siteId/bookings/:bookingId on ${engine}`, () => {
  it('changes a booking and audits before and after', async () => {
    const { study, url } = await setup();
    const created = (await call('POST', url, admin, slot('09:00', '10:00'))).json();
    const res = await call(
      'PUT',
      `${url}/${created.id}`,
      admin,
      slot('13:00', '14:00', { colour: 'green', title: 'Moved' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Moved',
      colour: 'green',
      startsAt: '2030-03-04T13:00:00.000Z',
    });
    const [event] = await t.app.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.studyId, study.id), eq(auditEvents.action, 'SITE_BOOKING_UPDATED')));
    expect(event?.before).toMatchObject({ title: 'Screening visit', colour: 'amber' });
    expect(event?.after).toMatchObject({ title: 'Moved', colour: 'green' });
  });

  it('refuses a bad time on edit and changes nothing', { tags: ['transactions'] }, async () => {
    const { url } = await setup();
    const created = (await call('POST', url, admin, slot('09:00', '10:00'))).json();
    const res = await call('PUT', `${url}/${created.id}`, admin, slot('12:00', '11:00'));
    expect(res.statusCode).toBe(400);
    const list = (await call('GET', url, admin)).json();
    expect(list.bookings[0].endsAt).toBe('2030-03-04T10:00:00.000Z');
  });

  it('deletes a booking, audited; a booking of another site gives 404', async () => {
    const { study, site, url } = await setup();
    const created = (await call('POST', url, admin, slot('09:00', '10:00'))).json();
    const sibling = await buildSite(t.app, study.id);
    const wrongSite = `/api/studies/${study.id}/sites/${sibling.id}/bookings/${created.id}`;
    expect((await call('DELETE', wrongSite, admin)).statusCode).toBe(404);
    expect(await bookingCount(study.id)).toBe(1);
    expect((await call('DELETE', `${url}/${created.id}`, admin)).statusCode).toBe(204);
    expect(await bookingCount(study.id)).toBe(0);
    expect((await call('DELETE', `${url}/${created.id}`, admin)).statusCode).toBe(404);
    const actions = await t.app.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.studyId, study.id), eq(auditEvents.entityId, created.id)))
      .orderBy(auditEvents.ticket);
    expect(actions.map((a) => a.action)).toEqual(['SITE_BOOKING_CREATED', 'SITE_BOOKING_DELETED']);
    expect(site.id).toBeTruthy();
  });

  it('refuses edits and deletes by a monitor (403), changing nothing', async () => {
    const { study, url } = await setup();
    const created = (await call('POST', url, admin, slot('09:00', '10:00'))).json();
    const monitor = await member(study.id, 'MONITOR');
    expect((await call('PUT', `${url}/${created.id}`, monitor, slot('13:00', '14:00'))).statusCode).toBe(403);
    expect((await call('DELETE', `${url}/${created.id}`, monitor)).statusCode).toBe(403);
    expect(await bookingCount(study.id)).toBe(1);
  });
});
