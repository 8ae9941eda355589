import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, buildStudy, buildUser, DEFAULT_PASSWORD, grantAccess } from '../../../../test/factories';
import {
  ADMIN_PASSWORD,
  createTestApp,
  engine,
  type LoggedIn,
  loginAs,
  type TestApp,
} from '../../../../test/harness';
import { auditEvents } from '../../../platform/audit/tables';
import { studies } from '../../studies/tables';
import { buildScheduledStudy, completeAt, tokenRows } from './schedule-test-kit';

let now = new Date('2026-10-20T07:00:00Z');
let t: TestApp;
let admin: LoggedIn;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());

const FRESH = 'f'.repeat(24);

async function sessionWithRole(
  studyId: string,
  role: 'DOCTOR' | 'MONITOR' | 'OTHER',
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

/** A forced-order first event with three forms, then the kit's other two events. */
async function enrolled(options: { extendedValidation?: boolean; forced?: boolean } = {}) {
  now = new Date('2026-10-20T07:00:00Z');
  const built = await buildScheduledStudy(t.app, {
    dataEvents: (prefix) => [
      {
        id: `${prefix}-e1`,
        type: 'TYPE_USER',
        forms: ['f-a', 'f-b', 'f-c'],
        forceFormOrder: options.forced ?? true,
        referenceDate: 'REGISTRATION',
        expiry: { type: 'EXPIRE_AFTER_ACTIVATION', days: 1, hours: 0 },
      },
      { id: `${prefix}-e2`, type: 'TYPE_PATIENT', referenceDate: 'PREVIOUS_COMPLETE', offsetDays: 7 },
    ],
  });
  if (options.extendedValidation) {
    await t.app.database.db
      .update(studies)
      .set({ extendedValidation: true })
      .where(eq(studies.id, built.study.id));
  }
  const res = await call('POST', `/studies/${built.study.id}/enrollments`, admin.headers, {
    subjectId: built.subject.id,
    siteId: built.site.id,
    processId: built.process.id,
  });
  const enrollmentId = res.json<{ id: string }[]>()[0]?.id ?? '';
  const rows = await tokenRows(t.app, built.study.id, enrollmentId);
  const first = rows[0];
  if (!first) throw new Error('no token');
  return {
    ...built,
    enrollmentId,
    first,
    tokenBase: `/studies/${built.study.id}/enrollments/${enrollmentId}/tokens/${first.id}`,
  };
}

async function auditOf(studyId: string, action: string) {
  return t.app.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.studyId, studyId), eq(auditEvents.action, action)))
    .orderBy(auditEvents.ticket);
}

describe(`GET /api/studies/:studyId/token/:token and .../extendedValidation (${engine})`, () => {
  it('shows the token with its event by id or link; the secret only with TOKEN_VIEW', async () => {
    const { study, site, first, prefix, enrollmentId } = await enrolled({ extendedValidation: true });
    const byId = await call('GET', `/studies/${study.id}/token/${first.id}`, admin.headers);
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json()).toMatchObject({
      id: first.id,
      enrollmentId,
      siteId: site.id,
      status: 'UNUSED',
      token: first.token,
      enrollmentStatus: 'ONGOING',
      dataEvent: {
        id: `${prefix}-e1`,
        type: 'TYPE_USER',
        forms: ['f-a', 'f-b', 'f-c'],
        forceFormOrder: true,
      },
      currentFormIndex: 0,
    });
    const byLink = await call('GET', `/studies/${study.id}/token/${first.token}`, admin.headers);
    expect(byLink.json()).toMatchObject({ id: first.id });
    const doctor = await sessionWithRole(study.id, 'DOCTOR');
    expect(
      (await call('GET', `/studies/${study.id}/token/${first.id}`, doctor.headers)).json(),
    ).toMatchObject({ token: null });
    // docs/ROLES.md: a monitor reads the link (not its secret); OTHER gets nothing.
    const monitor = await sessionWithRole(study.id, 'MONITOR');
    expect(
      (await call('GET', `/studies/${study.id}/token/${first.id}`, monitor.headers)).json(),
    ).toMatchObject({ token: null });
    const nobody = await sessionWithRole(study.id, 'OTHER');
    expect((await call('GET', `/studies/${study.id}/token/${first.id}`, nobody.headers)).statusCode).toBe(
      403,
    );
    const farDoctor = await sessionWithRole(study.id, 'DOCTOR', [(await buildSite(t.app, study.id)).id]);
    expect((await call('GET', `/studies/${study.id}/token/${first.id}`, farDoctor.headers)).statusCode).toBe(
      403,
    );
    expect((await call('GET', `/studies/${study.id}/token/${FRESH}`, admin.headers)).statusCode).toBe(404);
    const other = await buildStudy(t.app);
    expect((await call('GET', `/studies/${other.id}/token/${first.id}`, admin.headers)).statusCode).toBe(404);
    expect((await call('GET', `/studies/${study.id}/token/not-a-token`, admin.headers)).statusCode).toBe(400);

    const ev = await call('GET', `/studies/${study.id}/token/${first.id}/extendedValidation`, doctor.headers);
    expect(ev.json()).toEqual({ required: true });
    const plain = await enrolled();
    expect(
      (
        await call(
          'GET',
          `/studies/${plain.study.id}/token/${plain.first.id}/extendedValidation`,
          admin.headers,
        )
      ).json(),
    ).toEqual({
      required: false,
    });
  });
});

describe(`PUT .../tokens/:tokenId/lock and /unlock (${engine})`, () => {
  it('asks for the password when the study enables it, locks once, audits, and the lock blocks back', async () => {
    const { study, tokenBase, first } = await enrolled({ extendedValidation: true });
    const doctor = await sessionWithRole(study.id, 'DOCTOR');
    expect((await call('PUT', `${tokenBase}/lock`, doctor.headers, {})).statusCode).toBe(403);
    const missing = await call('PUT', `${tokenBase}/lock`, admin.headers, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ type: 'EXTENDED_VALIDATION' });
    const wrong = await call(
      'PUT',
      `${tokenBase}/lock`,
      { ...admin.headers, 'extended-validation': 'Nope-Nope-1' },
      {},
    );
    expect(wrong.json()).toMatchObject({ type: 'EXTENDED_VALIDATION' });
    const signed = { ...admin.headers, 'extended-validation': ADMIN_PASSWORD };
    const locked = await call('PUT', `${tokenBase}/lock`, signed, { reason: 'Data review' });
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json()).toMatchObject({ locked: true });
    expect((await call('PUT', `${tokenBase}/lock`, signed, {})).statusCode).toBe(409);
    const [event] = await auditOf(study.id, 'TOKEN_LOCKED');
    expect(event).toMatchObject({ reason: 'Data review', before: { locked: false } });
    expect(event?.after).toMatchObject({ signature: { meaning: expect.stringMatching(/Lock/) } });

    // A locked token takes no step back either.
    expect(
      (await call('POST', `/studies/${study.id}/token/${first.id}/back`, admin.headers)).statusCode,
    ).toBe(409);

    const unlocked = await call('PUT', `${tokenBase}/unlock`, signed, {});
    expect(unlocked.json()).toMatchObject({ locked: false });
    expect((await call('PUT', `${tokenBase}/unlock`, signed, {})).statusCode).toBe(409);
    expect(await auditOf(study.id, 'TOKEN_UNLOCKED')).toHaveLength(1);
  });

  it('needs no password when the study does not ask; refuses another enrollment or unknown ids', async () => {
    const { study, enrollmentId, first, tokenBase } = await enrolled();
    expect((await call('PUT', `${tokenBase}/lock`, admin.headers, {})).statusCode).toBe(200);
    const other = await enrolled();
    const mixed = `/studies/${study.id}/enrollments/${other.enrollmentId}/tokens/${first.id}/unlock`;
    expect((await call('PUT', mixed, admin.headers, {})).statusCode).toBe(404);
    expect(
      (
        await call(
          'PUT',
          `/studies/${study.id}/enrollments/${enrollmentId}/tokens/${FRESH}/unlock`,
          admin.headers,
          {},
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          'PUT',
          `/studies/${other.study.id}/enrollments/${enrollmentId}/tokens/${first.id}/unlock`,
          admin.headers,
          {},
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe(`PUT .../tokens/:tokenId/status (${engine})`, () => {
  it('reactivates an expired link with a new expiry, disables, reopens a completed one; refuses the rest', async () => {
    const { study, tokenBase, first } = await enrolled();
    // docs/ROLES.md: doctors hold TOKEN_RESCHEDULE (status changes); a monitor does not.
    const monitor = await sessionWithRole(study.id, 'MONITOR');
    expect(
      (await call('PUT', `${tokenBase}/status`, monitor.headers, { status: 'DISABLED', reason: 'x' }))
        .statusCode,
    ).toBe(403);
    const refused = await call('PUT', `${tokenBase}/status`, admin.headers, {
      status: 'COMPLETED',
      reason: 'x',
    });
    expect(refused.statusCode).toBe(409);

    // The one-day window passes: the schedule expires the link at the next staff call.
    now = new Date('2026-10-21T08:00:00Z');
    const noExpiry = await call('PUT', `${tokenBase}/status`, admin.headers, {
      status: 'DISABLED',
      reason: 'x',
      expiryTime: null,
    });
    expect(noExpiry.statusCode).toBe(400);
    const disabled = await call('PUT', `${tokenBase}/status`, admin.headers, {
      status: 'DISABLED',
      reason: 'Wrong subject',
    });
    expect(disabled.json()).toMatchObject({ status: 'DISABLED' });
    const needsExpiry = await call('PUT', `${tokenBase}/status`, admin.headers, {
      status: 'UNUSED',
      reason: 'x',
    });
    expect(needsExpiry.statusCode).toBe(400);
    expect(needsExpiry.json()).toMatchObject({ context: { issues: [{ path: ['expiryTime'] }] } });
    const past = await call('PUT', `${tokenBase}/status`, admin.headers, {
      status: 'UNUSED',
      reason: 'x',
      expiryTime: '2026-10-21T07:00:00Z',
    });
    expect(past.statusCode).toBe(400);
    const reactivated = await call('PUT', `${tokenBase}/status`, admin.headers, {
      status: 'UNUSED',
      reason: 'Subject asked for more time',
      expiryTime: '2026-10-25T08:00:00Z',
    });
    expect(reactivated.statusCode, reactivated.body).toBe(200);
    expect(reactivated.json()).toMatchObject({ status: 'UNUSED', expiryTime: '2026-10-25T08:00:00.000Z' });
    // The new window holds through the next schedule run.
    now = new Date('2026-10-23T08:00:00Z');
    await call('POST', `/studies/${study.id}/tokens/${first.id}/resend`, admin.headers);
    expect((await tokenRows(t.app, study.id, first.enrollmentId))[0]).toMatchObject({
      status: 'UNUSED',
      expiryTime: new Date('2026-10-25T08:00:00Z'),
    });

    await completeAt(t.app, study.id, first.id, now);
    const reopened = await call('PUT', `${tokenBase}/status`, admin.headers, {
      status: 'IN_USE',
      reason: 'Correct an answer',
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({ status: 'IN_USE', completedTime: null });
    const events = await auditOf(study.id, 'TOKEN_STATUS_CHANGED');
    expect(events.map((e) => [(e.after as { action: string }).action, e.reason])).toEqual([
      ['disable', 'Wrong subject'],
      ['reactivate', 'Subject asked for more time'],
      ['reopen', 'Correct an answer'],
    ]);
  });
});

describe(`POST /api/studies/:studyId/token/:token/back (${engine})`, () => {
  it('steps back one form in forced order and refuses at the first form or without forced order', async () => {
    const { study, first } = await enrolled();
    const url = `/studies/${study.id}/token/${first.id}/back`;
    const atFirst = await call('POST', url, admin.headers);
    expect(atFirst.statusCode).toBe(409);
    // The form fill moves the filler on (the questionnaires module writes this index).
    await t.app.database.db.execute(
      `update token set details = jsonb_set(details, '{formIndex}', '2') where id = '${first.id}'`,
    );
    const monitor = await sessionWithRole(study.id, 'MONITOR');
    expect((await call('POST', url, monitor.headers)).statusCode).toBe(403);
    const back = await call('POST', `/studies/${study.id}/token/${first.token}/back`, admin.headers);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toEqual({
      tokenId: first.id,
      forms: ['f-a', 'f-b', 'f-c'],
      currentNumber: 1,
      currentForm: 'f-b',
      total: 3,
    });
    expect((await call('GET', `/studies/${study.id}/token/${first.id}`, admin.headers)).json()).toMatchObject(
      { currentFormIndex: 1 },
    );
    expect(await auditOf(study.id, 'TOKEN_BACK')).toHaveLength(1);
    expect((await call('POST', `/studies/${study.id}/token/${FRESH}/back`, admin.headers)).statusCode).toBe(
      404,
    );

    const free = await enrolled({ forced: false });
    const notForced = await call(
      'POST',
      `/studies/${free.study.id}/token/${free.first.id}/back`,
      admin.headers,
    );
    expect(notForced.statusCode).toBe(409);
  });
});
