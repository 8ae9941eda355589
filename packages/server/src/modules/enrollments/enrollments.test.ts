import { ENROLLMENT_SIGN_OFF_MEANING } from '@trialbase/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, buildStudy, buildUser, DEFAULT_PASSWORD, grantAccess } from '../../../test/factories';
import {
  ADMIN_PASSWORD,
  createTestApp,
  engine,
  type LoggedIn,
  loginAs,
  type TestApp,
} from '../../../test/harness';
import { auditEvents } from '../../platform/audit/tables';
import { processes } from '../processes/tables';
import { enrollments } from './tables';
import { addSubject, buildScheduledStudy, tokenRows } from './tokens/schedule-test-kit';

const now = new Date('2026-10-20T07:00:00Z');
let t: TestApp;
let admin: LoggedIn;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());

const FRESH = 'f'.repeat(24);
const signed = (headers: Record<string, string>, password = ADMIN_PASSWORD) => ({
  ...headers,
  'extended-validation': password,
});

async function sessionWithRole(
  studyId: string,
  role: 'DOCTOR' | 'MONITOR' | 'ADMIN' | 'OTHER',
  siteIds: 'ALL' | string[] = 'ALL',
) {
  const user = await buildUser(t.app);
  await grantAccess(t.app, { studyId, user, role, siteIds });
  return loginAs(t.app, user.email, DEFAULT_PASSWORD);
}

function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) {
  return t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
}

/** Switches the unscheduled events of a process on, each with one form. */
async function enableUnscheduled(studyId: string, processId: string) {
  const [row] = await t.app.database.db
    .select()
    .from(processes)
    .where(and(eq(processes.studyId, studyId), eq(processes.id, processId)));
  const document = {
    ...(row?.document ?? {}),
    unexpected: true,
    unexpectedVisit: {
      id: `${processId.slice(0, 20)}aaa1`,
      selectedQts: ['form-u'],
      selectedOptionalQts: ['form-o'],
    },
    discontinued: true,
    discontinueDataEvent: {
      id: `${processId.slice(0, 20)}aaa2`,
      selectedQts: ['form-d'],
      selectedOptionalQts: [],
    },
  };
  await t.app.database.db
    .update(processes)
    .set({ document })
    .where(and(eq(processes.studyId, studyId), eq(processes.id, processId)));
}

async function enrolled(options: { unscheduled?: boolean } = {}) {
  const built = await buildScheduledStudy(t.app);
  if (options.unscheduled) await enableUnscheduled(built.study.id, built.process.id);
  const res = await call('POST', `/studies/${built.study.id}/enrollments`, admin.headers, {
    subjectId: built.subject.id,
    siteId: built.site.id,
    processId: built.process.id,
  });
  expect(res.statusCode, res.body).toBe(201);
  const [enrollment] = res.json<{ id: string }[]>();
  return {
    ...built,
    enrollmentId: enrollment?.id ?? '',
    base: `/studies/${built.study.id}/enrollments/${enrollment?.id}`,
  };
}

async function auditOf(studyId: string, action: string) {
  return t.app.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.studyId, studyId), eq(auditEvents.action, action)))
    .orderBy(auditEvents.ticket);
}

describe(`GET enrollments: count, one, randomId, by subject (${engine})`, () => {
  it('counts per status over the visible sites, and shows one enrollment with labels and tokens', async () => {
    const { study, site, subject, process, enrollmentId, base } = await enrolled();
    const otherSite = await buildSite(t.app, study.id);
    const farSubject = await addSubject(t.app, study.id, otherSite.id);
    await call('POST', `/studies/${study.id}/enrollments`, admin.headers, {
      subjectId: farSubject.id,
      siteId: otherSite.id,
      processId: process.id,
    });

    const all = await call('GET', `/studies/${study.id}/enrollments/count`, admin.headers);
    expect(all.json()).toMatchObject({ total: 2, byStatus: { ONGOING: 2, COMPLETED: 0 } });
    const siteDoctor = await sessionWithRole(study.id, 'DOCTOR', [site.id]);
    const mine = await call('GET', `/studies/${study.id}/enrollments/count`, siteDoctor.headers);
    expect(mine.json()).toMatchObject({ total: 1 });
    const perSite = await call(
      'GET',
      `/studies/${study.id}/sites/${otherSite.id}/enrollments/count`,
      admin.headers,
    );
    expect(perSite.json()).toMatchObject({ total: 1 });
    expect(
      (await call('GET', `/studies/${study.id}/sites/${otherSite.id}/enrollments/count`, siteDoctor.headers))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/studies/${study.id}/sites/${FRESH}/enrollments/count`, admin.headers)).statusCode,
    ).toBe(404);

    const one = await call('GET', base, siteDoctor.headers);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({
      id: enrollmentId,
      status: 'ONGOING',
      process: { id: process.id, name: process.pathwayName },
      site: { id: site.id, name: site.name },
      subject: { id: subject.id, patientId: subject.patientId },
      randomId: null,
      signOff: null,
    });
    expect(one.json<{ tokens: { status: string }[] }>().tokens.map((tk) => tk.status)).toEqual([
      'UNUSED',
      'NOT_ACTIVE',
      'NOT_ACTIVE',
    ]);
    expect(JSON.stringify(one.json())).not.toMatch(/"token":/);
    expect((await call('GET', `${base}/randomId`, admin.headers)).json()).toEqual({ randomId: null });

    const farEnrollment = (
      await call('GET', `/studies/${study.id}/enrollments/subjects/${farSubject.id}`, admin.headers)
    ).json<{ id: string }[]>();
    expect(farEnrollment).toHaveLength(1);
    expect(
      (await call('GET', `/studies/${study.id}/enrollments/${farEnrollment[0]?.id}`, siteDoctor.headers))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/studies/${study.id}/enrollments/subjects/${farSubject.id}`, siteDoctor.headers))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', `/studies/${study.id}/enrollments/${FRESH}`, admin.headers)).statusCode).toBe(
      404,
    );
    expect(
      (await call('GET', `/studies/${study.id}/enrollments/subjects/${FRESH}`, admin.headers)).statusCode,
    ).toBe(404);

    // Another study's ids are unknown here.
    const other = await buildStudy(t.app);
    expect(
      (await call('GET', `/studies/${other.id}/enrollments/${enrollmentId}`, admin.headers)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/studies/${other.id}/enrollments/${enrollmentId}/randomId`, admin.headers))
        .statusCode,
    ).toBe(404);

    // docs/ROLES.md: a monitor reads the records (site data read); OTHER holds nothing.
    const monitor = await sessionWithRole(study.id, 'MONITOR');
    expect((await call('GET', base, monitor.headers)).statusCode).toBe(200);
    const nobody = await sessionWithRole(study.id, 'OTHER');
    expect((await call('GET', base, nobody.headers)).statusCode).toBe(403);
    expect((await call('GET', `/studies/${study.id}/enrollments/count`, nobody.headers)).statusCode).toBe(
      403,
    );
  });
});

describe(`PUT /api/studies/:studyId/enrollments/:enrollmentId/status (${engine})`, () => {
  it('follows the state machine, moves the links along, audits with the reason, refuses with 409', async () => {
    const { study, enrollmentId, base } = await enrolled();
    const monitor = await sessionWithRole(study.id, 'MONITOR');
    expect(
      (await call('PUT', `${base}/status`, monitor.headers, { status: 'COMPLETED', reason: 'x' })).statusCode,
    ).toBe(403);
    const noReason = await call('PUT', `${base}/status`, admin.headers, { status: 'COMPLETED', reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ context: { issues: [{ path: ['reason'] }] } });
    // CANCELLED is reached only through deactivation (signed) or discontinuation.
    const cancel = await call('PUT', `${base}/status`, admin.headers, { status: 'CANCELLED', reason: 'no' });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toMatchObject({ id: 'INVALID_ENROLLMENT' });

    const done = await call('PUT', `${base}/status`, admin.headers, {
      status: 'COMPLETED',
      reason: 'Last visit done',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'COMPLETED' });
    expect((await tokenRows(t.app, study.id, enrollmentId)).map((r) => r.status)).toEqual([
      'DISABLED',
      'DISABLED',
      'DISABLED',
    ]);
    const [event] = await auditOf(study.id, 'ENROLLMENT_STATUS_CHANGED');
    expect(event).toMatchObject({
      reason: 'Last visit done',
      before: { status: 'ONGOING' },
      after: { status: 'COMPLETED' },
    });

    const back = await call('PUT', `${base}/status`, admin.headers, { status: 'ONGOING', reason: 'oops' });
    expect(back.statusCode).toBe(409);
    expect(
      (
        await call('PUT', `/studies/${study.id}/enrollments/${FRESH}/status`, admin.headers, {
          status: 'COMPLETED',
          reason: 'x',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('excludes the open and waiting links with the enrollment', async () => {
    const { study, enrollmentId, base } = await enrolled();
    const res = await call('PUT', `${base}/status`, admin.headers, {
      status: 'EXCLUDED',
      reason: 'Failed inclusion',
    });
    expect(res.json()).toMatchObject({ status: 'EXCLUDED' });
    expect((await tokenRows(t.app, study.id, enrollmentId)).map((r) => r.status)).toEqual([
      'EXCLUDED',
      'EXCLUDED',
      'EXCLUDED',
    ]);
  });
});

describe(`POST .../deactivate and PUT .../signOff (${engine})`, () => {
  it('deactivation always needs the password, switches links off, and a reactivation gives them back', async () => {
    const { study, enrollmentId, base } = await enrolled();
    const missing = await call('POST', `${base}/deactivate`, admin.headers, { reason: 'Consent withdrawn' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ type: 'EXTENDED_VALIDATION' });
    const wrong = await call('POST', `${base}/deactivate`, signed(admin.headers, 'Wrong-Password-1'), {
      reason: 'x',
    });
    expect(wrong.json()).toMatchObject({ type: 'EXTENDED_VALIDATION' });
    expect((await tokenRows(t.app, study.id, enrollmentId)).map((r) => r.status)).toEqual([
      'UNUSED',
      'NOT_ACTIVE',
      'NOT_ACTIVE',
    ]);
    const noReason = await call('POST', `${base}/deactivate`, signed(admin.headers), {});
    expect(noReason.statusCode).toBe(400);

    const monitor = await sessionWithRole(study.id, 'MONITOR');
    expect(
      (await call('POST', `${base}/deactivate`, signed(monitor.headers, DEFAULT_PASSWORD), { reason: 'x' }))
        .statusCode,
    ).toBe(403);

    const ok = await call('POST', `${base}/deactivate`, signed(admin.headers), {
      reason: 'Consent withdrawn',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'CANCELLED', deactivation: { reason: 'Consent withdrawn' } });
    expect((await tokenRows(t.app, study.id, enrollmentId)).map((r) => r.status)).toEqual([
      'DISABLED',
      'DISABLED',
      'DISABLED',
    ]);
    const [event] = await auditOf(study.id, 'ENROLLMENT_DEACTIVATED');
    expect(event).toMatchObject({ reason: 'Consent withdrawn', before: { status: 'ONGOING' } });
    expect(event?.after).toMatchObject({ signature: { meaning: expect.stringMatching(/Deactivate/) } });
    expect(JSON.stringify(event)).not.toContain(ADMIN_PASSWORD);

    const again = await call('POST', `${base}/deactivate`, signed(admin.headers), { reason: 'again' });
    expect(again.statusCode).toBe(409);

    const revived = await call('PUT', `${base}/status`, admin.headers, {
      status: 'ONGOING',
      reason: 'Deactivated by mistake',
    });
    expect(revived.statusCode, revived.body).toBe(200);
    expect(revived.json()).toMatchObject({ status: 'ONGOING', deactivation: null });
    expect((await tokenRows(t.app, study.id, enrollmentId)).map((r) => r.status)).toEqual([
      'UNUSED',
      'NOT_ACTIVE',
      'NOT_ACTIVE',
    ]);
  });

  it('sign-off needs the password and an ended enrollment, and happens once', async () => {
    const { study, base } = await enrolled();
    const early = await call('PUT', `${base}/signOff`, signed(admin.headers), { reason: null });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ id: 'INVALID_ENROLLMENT' });
    await call('PUT', `${base}/status`, admin.headers, { status: 'COMPLETED', reason: 'done' });
    const doctor = await sessionWithRole(study.id, 'DOCTOR');
    expect(
      (await call('PUT', `${base}/signOff`, signed(doctor.headers, DEFAULT_PASSWORD), {})).statusCode,
    ).toBe(403);
    expect((await call('PUT', `${base}/signOff`, admin.headers, {})).json()).toMatchObject({
      type: 'EXTENDED_VALIDATION',
    });
    const ok = await call('PUT', `${base}/signOff`, signed(admin.headers), { reason: 'Casebook reviewed' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      status: 'COMPLETED',
      signOff: { reason: 'Casebook reviewed', signedBy: expect.any(String) },
    });
    // The records screen shows "Signed off by <name> on <date>" from the enrollment detail.
    const { signOff } = ok.json();
    expect(signOff.signedByName).toMatch(/\S/);
    expect(Number.isNaN(Date.parse(signOff.signedTime))).toBe(false);
    const read = await call('GET', base, admin.headers);
    expect(read.json().signOff).toEqual(signOff);
    const twice = await call('PUT', `${base}/signOff`, signed(admin.headers), {});
    expect(twice.statusCode).toBe(409);
    const events = await auditOf(study.id, 'ENROLLMENT_SIGNED_OFF');
    expect(events).toHaveLength(1);
    // 21 CFR 11.50: the trail keeps the meaning the sign-off dialog shows.
    expect(events[0]?.after).toMatchObject({
      signature: { meaning: ENROLLMENT_SIGN_OFF_MEANING, printedName: signOff.signedByName },
    });
  });
});

describe(`unscheduled events: POST/GET .../unexpected, getForms, getImportedDates (${engine})`, () => {
  it('refuses PROCESS_MISSING_UNSCHEDULED when the process has none', async () => {
    const { base } = await enrolled();
    const res = await call('POST', `${base}/unexpected`, admin.headers, { type: 'TYPE_UNEXPECTED' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ id: 'PROCESS_MISSING_UNSCHEDULED' });
  });

  it('records an unexpected visit, lists it, shows the forms and dates; discontinuation ends the enrollment', async () => {
    const { study, site, process, enrollmentId, base } = await enrolled({ unscheduled: true });
    const monitor = await sessionWithRole(study.id, 'MONITOR');
    expect(
      (await call('POST', `${base}/unexpected`, monitor.headers, { type: 'TYPE_UNEXPECTED' })).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `${base}/unexpected`, admin.headers, { type: 'TYPE_EXTERNAL' })).json(),
    ).toMatchObject({
      id: 'PROCESS_MISSING_UNSCHEDULED',
    });
    const visit = await call('POST', `${base}/unexpected`, admin.headers, { type: 'TYPE_UNEXPECTED' });
    expect(visit.statusCode, visit.body).toBe(201);
    expect(visit.json()).toMatchObject({
      type: 'TYPE_UNEXPECTED',
      status: 'UNUSED',
      recordedAt: now.toISOString(),
    });

    const forms = await call(
      'GET',
      `/studies/${study.id}/processes/${process.id}/enrollments/${enrollmentId}/unscheduled/getForms`,
      admin.headers,
    );
    expect(forms.statusCode, forms.body).toBe(200);
    expect(forms.json()).toEqual([
      expect.objectContaining({
        type: 'TYPE_UNEXPECTED',
        enabled: true,
        forms: [
          { formId: 'form-u', name: null, optional: false, version: null },
          { formId: 'form-o', name: null, optional: true, version: null },
        ],
      }),
      expect.objectContaining({ type: 'TYPE_DISCONTINUED', enabled: true }),
      expect.objectContaining({ type: 'TYPE_EXTERNAL', enabled: false, forms: [] }),
    ]);
    const otherProcess = await call(
      'GET',
      `/studies/${study.id}/processes/${FRESH}/enrollments/${enrollmentId}/unscheduled/getForms`,
      admin.headers,
    );
    expect(otherProcess.statusCode).toBe(404);

    const badDiscontinue = await call('POST', `${base}/unexpected`, admin.headers, {
      type: 'TYPE_DISCONTINUED',
      reason: 'OTHER',
    });
    expect(badDiscontinue.statusCode).toBe(400);
    expect(badDiscontinue.json()).toMatchObject({ context: { issues: [{ path: ['otherReason'] }] } });
    const stop = await call('POST', `${base}/unexpected`, admin.headers, {
      type: 'TYPE_DISCONTINUED',
      reason: 'OTHER',
      otherReason: 'Moved abroad',
    });
    expect(stop.statusCode, stop.body).toBe(201);

    const list = await call('GET', `${base}/unexpected`, admin.headers);
    expect(list.json<{ type: string }[]>().map((e) => e.type)).toEqual([
      'TYPE_UNEXPECTED',
      'TYPE_DISCONTINUED',
    ]);
    const detail = await call('GET', base, admin.headers);
    expect(detail.json()).toMatchObject({
      status: 'CANCELLED',
      discontinuation: { reason: 'OTHER', otherReason: 'Moved abroad' },
    });
    const rows = await tokenRows(t.app, study.id, enrollmentId);
    // The discontinued event stays open for its forms; every other open or waiting link is off.
    expect(rows.map((r) => `${r.type}:${r.status}`).sort()).toEqual([
      'DISCONTINUED:UNUSED',
      'HP:DISABLED',
      'PATIENT:DISABLED',
      'PATIENT:DISABLED',
      'UNEXPECTED:DISABLED',
    ]);
    const ended = await call('POST', `${base}/unexpected`, admin.headers, { type: 'TYPE_UNEXPECTED' });
    expect(ended.json()).toMatchObject({ id: 'INVALID_ENROLLMENT' });

    const dates = await call(
      'GET',
      `/study/${study.id}/site/${site.id}/token/unscheduled/getImportedDates`,
      admin.headers,
    );
    expect(dates.statusCode, dates.body).toBe(200);
    expect(dates.json()).toEqual([
      expect.objectContaining({
        enrollmentId,
        type: 'TYPE_UNEXPECTED',
        date: now.toISOString(),
        importId: null,
      }),
      expect.objectContaining({ enrollmentId, type: 'TYPE_DISCONTINUED' }),
    ]);
    const onlyDiscontinued = await call(
      'GET',
      `/study/${study.id}/site/${site.id}/token/unscheduled/getImportedDates?type=TYPE_DISCONTINUED`,
      admin.headers,
    );
    expect(onlyDiscontinued.json()).toHaveLength(1);
    const farDoctor = await sessionWithRole(study.id, 'DOCTOR', [(await buildSite(t.app, study.id)).id]);
    expect(
      (
        await call(
          'GET',
          `/study/${study.id}/site/${site.id}/token/unscheduled/getImportedDates`,
          farDoctor.headers,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(
          'GET',
          `/study/${study.id}/site/${FRESH}/token/unscheduled/getImportedDates`,
          admin.headers,
        )
      ).statusCode,
    ).toBe(404);
    expect(await auditOf(study.id, 'UNSCHEDULED_EVENT_RECORDED')).toHaveLength(2);
  });
});

describe(`POST .../dataEvents/:dataEventId/multiple (${engine})`, () => {
  it('repeats a reached form event as a new active token; refuses a waiting one', async () => {
    const { study, prefix, enrollmentId, base } = await enrolled();
    const waiting = await call('POST', `${base}/dataEvents/${prefix}-e2/multiple`, admin.headers);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toMatchObject({ context: { refusal: 'NOT_REACHED' } });
    expect((await call('POST', `${base}/dataEvents/nope/multiple`, admin.headers)).statusCode).toBe(404);
    const monitor = await sessionWithRole(study.id, 'MONITOR');
    expect((await call('POST', `${base}/dataEvents/${prefix}-e1/multiple`, monitor.headers)).statusCode).toBe(
      403,
    );

    const before = await tokenRows(t.app, study.id, enrollmentId);
    const again = await call('POST', `${base}/dataEvents/${prefix}-e1/multiple`, admin.headers);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ dataEventId: `${prefix}-e1`, status: 'UNUSED', token: null });
    const after = await tokenRows(t.app, study.id, enrollmentId);
    expect(after).toHaveLength(4);
    // The schedule still counts from the first occurrence.
    const e2 = (rows: typeof after) => rows.find((r) => r.dataEventId === `${prefix}-e2`);
    expect(e2(after)?.activationTime).toEqual(e2(before)?.activationTime);
    const created = await auditOf(study.id, 'TOKEN_CREATED');
    expect(created.some((e) => (e.after as { repeatOf?: string }).repeatOf === before[0]?.id)).toBe(true);
  });
});

describe(`GET /api/study/:studyId/canreenroll (${engine})`, () => {
  it('says no while enrolled and after exclusion, yes after completion', async () => {
    const { study, site, subject, process, base } = await enrolled();
    const url = (subjectId: string) =>
      `/study/${study.id}/canreenroll?subjectId=${subjectId}&processId=${process.id}`;
    expect((await call('GET', url(subject.id), admin.headers)).json()).toEqual({
      canReenroll: false,
      reason: 'ALREADY_ENROLLED',
      previousEnrollments: 1,
    });
    await call('PUT', `${base}/status`, admin.headers, { status: 'COMPLETED', reason: 'done' });
    expect((await call('GET', url(subject.id), admin.headers)).json()).toMatchObject({
      canReenroll: true,
      reason: null,
    });
    const publicAsk = await call('GET', `${url(subject.id)}&channel=PUBLIC`, admin.headers);
    expect(publicAsk.json()).toMatchObject({ canReenroll: false, reason: 'PUBLIC_REENROLL_OFF' });

    const fresh = await addSubject(t.app, study.id, site.id);
    expect((await call('GET', url(fresh.id), admin.headers)).json()).toMatchObject({
      canReenroll: true,
      previousEnrollments: 0,
    });
    const enrolledFresh = await call('POST', `/studies/${study.id}/enrollments`, admin.headers, {
      subjectId: fresh.id,
      siteId: site.id,
      processId: process.id,
    });
    const freshId = enrolledFresh.json<{ id: string }[]>()[0]?.id;
    await call('PUT', `/studies/${study.id}/enrollments/${freshId}/status`, admin.headers, {
      status: 'EXCLUDED',
      reason: 'x',
    });
    expect((await call('GET', url(fresh.id), admin.headers)).json()).toMatchObject({
      canReenroll: false,
      reason: 'EXCLUDED',
    });
    // Enrolling follows the same rule.
    const refused = await call('POST', `/studies/${study.id}/enrollments`, admin.headers, {
      subjectId: fresh.id,
      siteId: site.id,
      processId: process.id,
    });
    expect(refused.statusCode).toBe(409);

    expect((await call('GET', url(FRESH), admin.headers)).statusCode).toBe(404);
    const monitor = await sessionWithRole(study.id, 'MONITOR');
    expect((await call('GET', url(subject.id), monitor.headers)).statusCode).toBe(403);
    const rows = await t.app.database.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.subjectId, subject.id));
    expect(rows).toHaveLength(1);
  });
});
