import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, buildStudy, buildUser, DEFAULT_PASSWORD, grantAccess } from '../../../../test/factories';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../../test/harness';
import {
  addSubject,
  auditActions,
  buildScheduledStudy,
  completeAt,
  outboxOf,
  tokenRows,
} from './schedule-test-kit';

let now = new Date('2026-10-20T07:00:00Z');
let t: TestApp;
let admin: LoggedIn;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());

async function sessionWithRole(
  studyId: string,
  role: 'DOCTOR' | 'MONITOR' | 'OTHER',
  siteIds: 'ALL' | string[] = 'ALL',
) {
  const user = await buildUser(t.app);
  await grantAccess(t.app, { studyId, user, role, siteIds });
  return loginAs(t.app, user.email, DEFAULT_PASSWORD);
}

async function enrol(headers: Record<string, string>, studyId: string, payload: object) {
  return t.app.inject({ method: 'POST', url: `/api/studies/${studyId}/enrollments`, headers, payload });
}

describe(`POST /api/studies/:studyId/enrollments on ${engine}`, () => {
  it('creates one or a list, tags form versions, and refuses what is not allowed', async () => {
    now = new Date('2026-10-20T07:00:00Z');
    const { study, site, process, subject } = await buildScheduledStudy(t.app);
    const other = await addSubject(t.app, study.id, site.id);
    const monitor = await sessionWithRole(study.id, 'MONITOR');
    const item = { subjectId: subject.id, siteId: site.id, processId: process.id };

    expect((await enrol(monitor.headers, study.id, item)).statusCode).toBe(403);
    const bad = await enrol(admin.headers, study.id, { subjectId: 'nope', siteId: site.id });
    expect(bad.statusCode).toBe(400);

    const created = await enrol(admin.headers, study.id, [item, { ...item, subjectId: other.id }]);
    expect(created.statusCode, created.body).toBe(201);
    const list =
      created.json<{ subjectId: string; tokens: unknown[]; timeZone: string; language: string }[]>();
    expect(list.map((e) => e.subjectId)).toEqual([subject.id, other.id]);
    expect(list.map((e) => [e.timeZone, e.language, e.tokens.length])).toEqual([
      ['Europe/Copenhagen', 'da', 3],
      ['Europe/Copenhagen', 'en', 3],
    ]);

    const again = await enrol(admin.headers, study.id, item);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ id: 'INVALID_ENROLLMENT' });

    // All or none: a bad second item leaves no first enrollment behind.
    const third = await addSubject(t.app, study.id, site.id);
    const fourth = await addSubject(t.app, study.id, site.id);
    const otherSite = await buildSite(t.app, study.id);
    const mixed = await enrol(admin.headers, study.id, [
      { ...item, subjectId: third.id },
      { ...item, subjectId: fourth.id, siteId: otherSite.id },
    ]);
    expect(mixed.statusCode).toBe(404);
    expect((await enrol(admin.headers, study.id, { ...item, subjectId: third.id })).statusCode).toBe(201);

    const unknownProcess = await enrol(admin.headers, study.id, {
      ...item,
      subjectId: fourth.id,
      processId: 'f'.repeat(24),
    });
    expect(unknownProcess.statusCode).toBe(404);

    const building = await buildStudy(t.app);
    const buildSiteRow = await buildSite(t.app, building.id);
    const buildSubjectRow = await addSubject(t.app, building.id, buildSiteRow.id);
    const refused = await enrol(admin.headers, building.id, {
      subjectId: buildSubjectRow.id,
      siteId: buildSiteRow.id,
      processId: process.id,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ id: 'STUDY_STATUS_MISMATCH' });

    // A doctor limited to another site cannot enrol here.
    const farDoctor = await sessionWithRole(study.id, 'DOCTOR', [otherSite.id]);
    expect((await enrol(farDoctor.headers, study.id, { ...item, subjectId: fourth.id })).statusCode).toBe(
      403,
    );

    const actions = (await auditActions(t.app, study.id)).map((a) => a.action);
    expect(actions.filter((a) => a === 'ENROLLMENT_CREATED')).toHaveLength(3);
  });
});

describe(`GET /api/studies/:studyId/enrollments/:enrollmentId/tokens on ${engine}`, () => {
  it('lists the schedule; only TOKEN_VIEW holders see the link secret', async () => {
    now = new Date('2026-10-20T07:00:00Z');
    const { study, site, process, subject } = await buildScheduledStudy(t.app);
    const [enrollment] = (
      await enrol(admin.headers, study.id, { subjectId: subject.id, siteId: site.id, processId: process.id })
    ).json<{ id: string }[]>();
    const url = `/api/studies/${study.id}/enrollments/${enrollment?.id}/tokens`;
    const rows = await tokenRows(t.app, study.id, enrollment?.id ?? '');

    const asAdmin = await t.app.inject({ method: 'GET', url, headers: admin.headers });
    expect(asAdmin.json<{ token: string }[]>().map((tk) => tk.token)).toEqual(rows.map((r) => r.token));

    const doctor = await sessionWithRole(study.id, 'DOCTOR');
    const asDoctor = await t.app.inject({ method: 'GET', url, headers: doctor.headers });
    expect(asDoctor.statusCode).toBe(200);
    expect(asDoctor.json()).toMatchObject([
      { status: 'UNUSED', activationTime: '2026-10-20T07:00:00.000Z', token: null },
      { status: 'NOT_ACTIVE', activationTime: null, token: null },
      { status: 'NOT_ACTIVE', type: 'HP', token: null },
    ]);
    // docs/ROLES.md: a monitor lists the links (never their secret); OTHER gets nothing.
    const monitor = await sessionWithRole(study.id, 'MONITOR');
    const asMonitor = await t.app.inject({ method: 'GET', url, headers: monitor.headers });
    expect(asMonitor.statusCode).toBe(200);
    expect(asMonitor.json<{ token: string | null }[]>().every((tk) => tk.token === null)).toBe(true);
    const nobody = await sessionWithRole(study.id, 'OTHER');
    expect((await t.app.inject({ method: 'GET', url, headers: nobody.headers })).statusCode).toBe(403);

    const otherStudy = await buildStudy(t.app);
    const wrong = await t.app.inject({
      method: 'GET',
      url: `/api/studies/${otherStudy.id}/enrollments/${enrollment?.id}/tokens`,
      headers: admin.headers,
    });
    expect(wrong.statusCode).toBe(404);
  });
});

describe(`staff token calls on ${engine}`, () => {
  it('POST .../tokens/:tokenId/resend sends the open link again, once per call, and refuses closed ones', async () => {
    now = new Date('2026-10-20T07:00:00Z');
    const { study, site, process, subject } = await buildScheduledStudy(t.app);
    const [enrollment] = (
      await enrol(admin.headers, study.id, { subjectId: subject.id, siteId: site.id, processId: process.id })
    ).json<{ id: string }[]>();
    const [t1, t2] = await tokenRows(t.app, study.id, enrollment?.id ?? '');
    const resend = (tokenId: string, headers = admin.headers) =>
      t.app.inject({ method: 'POST', url: `/api/studies/${study.id}/tokens/${tokenId}/resend`, headers });

    const monitor = await sessionWithRole(study.id, 'MONITOR');
    expect((await resend(t1?.id ?? '', monitor.headers)).statusCode).toBe(403);
    const doctor = await sessionWithRole(study.id, 'DOCTOR');
    const ok = await resend(t1?.id ?? '', doctor.headers);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      channels: [{ channel: 'EMAIL', sent: true, reason: null }],
      token: { token: null },
    });
    expect(ok.json<{ notification: string }>().notification).toMatch(/^RESEND:/);
    const outbox = await outboxOf(t.app, study.id);
    expect(outbox).toHaveLength(2);
    expect(outbox[1]).toEqual(outbox[0]);

    const notActive = await resend(t2?.id ?? '');
    expect(notActive.statusCode).toBe(409);
    expect((await resend('f'.repeat(24))).statusCode).toBe(404);
    const otherStudy = await buildStudy(t.app);
    const cross = await t.app.inject({
      method: 'POST',
      url: `/api/studies/${otherStudy.id}/tokens/${t1?.id}/resend`,
      headers: admin.headers,
    });
    expect(cross.statusCode).toBe(404);
    const actions = await auditActions(t.app, study.id);
    expect(actions.filter((a) => a.action === 'TOKEN_RESENT')).toHaveLength(1);
  });

  it('records a channel without an address as skipped', async () => {
    now = new Date('2026-10-20T07:00:00Z');
    const { study, site, process, subject } = await buildScheduledStudy(t.app, {
      attributes: { language: 'en' },
    });
    const [enrollment] = (
      await enrol(admin.headers, study.id, { subjectId: subject.id, siteId: site.id, processId: process.id })
    ).json<{ id: string }[]>();
    const [t1] = await tokenRows(t.app, study.id, enrollment?.id ?? '');
    expect(await outboxOf(t.app, study.id)).toEqual([]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/studies/${study.id}/tokens/${t1?.id}/resend`,
      headers: admin.headers,
    });
    expect(res.json()).toMatchObject({ channels: [{ channel: 'EMAIL', sent: false, reason: 'NO_ADDRESS' }] });
  });

  it('POST /api/studies/:studyId/tokens/reschedule moves waiting tokens; dependants follow', async () => {
    now = new Date('2026-10-20T07:00:00Z');
    const { study, site, process, subject } = await buildScheduledStudy(t.app);
    const [enrollment] = (
      await enrol(admin.headers, study.id, { subjectId: subject.id, siteId: site.id, processId: process.id })
    ).json<{ id: string }[]>();
    let [t1, t2] = await tokenRows(t.app, study.id, enrollment?.id ?? '');
    const url = `/api/studies/${study.id}/tokens/reschedule`;

    // docs/ROLES.md: a doctor reschedules at its own sites; a monitor and a doctor of another site are refused.
    const farDoctor = await sessionWithRole(study.id, 'DOCTOR', [(await buildSite(t.app, study.id)).id]);
    const monitor = await sessionWithRole(study.id, 'MONITOR');
    for (const who of [farDoctor, monitor]) {
      const refused = await t.app.inject({
        method: 'POST',
        url,
        headers: who.headers,
        payload: { tokens: [{ tokenId: t2?.id, activationTime: '2026-10-25T10:00:00Z' }] },
      });
      expect(refused.statusCode).toBe(403);
    }

    const active = await t.app.inject({
      method: 'POST',
      url,
      headers: admin.headers,
      payload: { tokens: [{ tokenId: t1?.id, activationTime: '2026-10-25T10:00:00Z' }] },
    });
    expect(active.statusCode).toBe(400);
    expect(active.json()).toMatchObject({ context: { issues: [{ path: ['tokens', 0, 'tokenId'] }] } });

    const doctor = await sessionWithRole(study.id, 'DOCTOR', [site.id]);
    const moved = await t.app.inject({
      method: 'POST',
      url,
      headers: doctor.headers,
      payload: { tokens: [{ tokenId: t2?.id, activationTime: '2026-10-25T10:00:00Z' }] },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // Pinned at 25 Oct 10:00 UTC (11:00 CET); expiry 5 calendar days later at 11:00 CET.
    expect(moved.json()).toMatchObject([
      { id: t2?.id, activationTime: '2026-10-25T10:00:00.000Z', expiryTime: '2026-10-30T10:00:00.000Z' },
    ]);
    // Completing event 1 no longer moves the pinned event 2.
    await completeAt(t.app, study.id, t1?.id ?? '', new Date('2026-10-22T08:00:00Z'));
    [t1, t2] = await tokenRows(t.app, study.id, enrollment?.id ?? '');
    expect(t2?.activationTime?.toISOString()).toBe('2026-10-25T10:00:00.000Z');
    const actions = await auditActions(t.app, study.id);
    expect(actions.filter((a) => a.action === 'TOKEN_RESCHEDULED' && a.entityId === t2?.id)).toHaveLength(1);
  });

  it('POST .../startAllForDataEvent starts every waiting subject of the site, not other sites', async () => {
    now = new Date('2026-10-20T07:00:00Z');
    const { study, site, process, subject, prefix } = await buildScheduledStudy(t.app);
    const second = await addSubject(t.app, study.id, site.id);
    const farSite = await buildSite(t.app, study.id);
    const far = await addSubject(t.app, study.id, farSite.id);
    const created = await enrol(admin.headers, study.id, [
      { subjectId: subject.id, siteId: site.id, processId: process.id },
      { subjectId: second.id, siteId: site.id, processId: process.id },
      { subjectId: far.id, siteId: farSite.id, processId: process.id },
    ]);
    expect(created.statusCode).toBe(201);
    const url = `/api/studies/${study.id}/token/dataEvents/${prefix}-e3/sites/${site.id}/startAllForDataEvent`;

    const farDoctor = await sessionWithRole(study.id, 'DOCTOR', [farSite.id]);
    expect((await t.app.inject({ method: 'POST', url, headers: farDoctor.headers })).statusCode).toBe(403);
    const doctor = await sessionWithRole(study.id, 'DOCTOR', [site.id]);
    now = new Date('2026-10-21T09:30:00Z');
    const res = await t.app.inject({ method: 'POST', url, headers: doctor.headers });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ started: number; tokens: { status: string; activationTime: string }[] }>();
    expect(body.started).toBe(2);
    expect(body.tokens.map((tk) => [tk.status, tk.activationTime])).toEqual([
      ['UNUSED', '2026-10-21T09:30:00.000Z'],
      ['UNUSED', '2026-10-21T09:30:00.000Z'],
    ]);
    // Nothing left to start at that site; the far site's token still waits.
    expect((await t.app.inject({ method: 'POST', url, headers: doctor.headers })).json()).toMatchObject({
      started: 0,
    });
    const farEnrollment = created.json<{ id: string }[]>()[2];
    const farTokens = await tokenRows(t.app, study.id, farEnrollment?.id ?? '');
    expect(farTokens[2]?.status).toBe('NOT_ACTIVE');
    const actions = await auditActions(t.app, study.id);
    expect(actions.filter((a) => a.action === 'TOKEN_STARTED')).toHaveLength(2);
  });

  it('refuses to start an event that is not manual or on request', async () => {
    now = new Date('2026-10-20T07:00:00Z');
    const { study, site, process, subject } = await buildScheduledStudy(t.app);
    const [enrollment] = (
      await enrol(admin.headers, study.id, { subjectId: subject.id, siteId: site.id, processId: process.id })
    ).json<{ id: string }[]>();
    const [, t2] = await tokenRows(t.app, study.id, enrollment?.id ?? '');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/studies/${study.id}/enrollments/${enrollment?.id}/tokens/${t2?.id}/startDataEvent`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(409);
    const wrongEnrollment = await t.app.inject({
      method: 'POST',
      url: `/api/studies/${study.id}/enrollments/${'f'.repeat(24)}/tokens/${t2?.id}/startDataEvent`,
      headers: admin.headers,
    });
    expect(wrongEnrollment.statusCode).toBe(404);
  });
});
