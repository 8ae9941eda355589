// @module-tag locking
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, DEFAULT_PASSWORD, grantAccess, setStudySchedule } from '../../../../test/factories';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../../test/harness';
import {
  auditActions,
  buildScheduledStudy,
  completeAt,
  linkOf,
  outboxOf,
  runDue,
  tokenRows,
} from './schedule-test-kit';

// Issue 6 "must show": the three-event process across the 2026-10-25 DST change in Copenhagen,
// driven by the injected clock (never by waiting).

let now = new Date('2026-10-20T07:00:00Z');
let t: TestApp;
let admin: LoggedIn;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());

const iso = (d: Date | null) => d?.toISOString() ?? null;

describe(`schedule engine on ${engine}: registration, previous-complete +7 days, manual`, () => {
  it('activates, reminds, expires and sends in the subject language at the right local times', async () => {
    const { app } = t;
    const { study, site, process, subject, prefix } = await buildScheduledStudy(app);

    // 20 Oct 09:00 CEST: enrol. Event 1 (registration +0) activates at once and its email goes out.
    now = new Date('2026-10-20T07:00:00Z');
    const created = await app.inject({
      method: 'POST',
      url: `/api/studies/${study.id}/enrollments`,
      headers: admin.headers,
      payload: { subjectId: subject.id, siteId: site.id, processId: process.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    const [enrollment] =
      created.json<{ id: string; status: string; tokens: { status: string; token: null }[] }[]>();
    expect(enrollment?.status).toBe('ONGOING');
    expect(enrollment?.tokens.map((tk) => tk.status)).toEqual(['UNUSED', 'NOT_ACTIVE', 'NOT_ACTIVE']);
    expect(enrollment?.tokens.every((tk) => tk.token === null)).toBe(true);
    const enrollmentId = enrollment?.id ?? '';

    let [t1, t2, t3] = await tokenRows(app, study.id, enrollmentId);
    expect([t1?.dataEventId, t2?.dataEventId, t3?.dataEventId]).toEqual([
      `${prefix}-e1`,
      `${prefix}-e2`,
      `${prefix}-e3`,
    ]);
    expect(iso(t1?.activationTime ?? null)).toBe('2026-10-20T07:00:00.000Z');
    expect(t2?.activationTime).toBeNull();
    expect(t3?.activationTime).toBeNull();
    expect(await outboxOf(app, study.id)).toEqual([
      {
        channel: 'EMAIL',
        to: 'anna@example.org',
        subject: 'Dit spørgeskema',
        body: `Hej, udfyld venligst: ${linkOf(app, study.id, t1?.token ?? '')}`,
      },
    ]);

    // 22 Oct 10:00 CEST: event 1 completed. Event 2 = +7 calendar days = 29 Oct 10:00 CET (09:00 UTC,
    // while 10:00 CEST would have been 08:00 UTC: the UTC hour moved with the DST change).
    await completeAt(app, study.id, t1?.id ?? '', new Date('2026-10-22T08:00:00Z'));
    [t1, t2, t3] = await tokenRows(app, study.id, enrollmentId);
    expect(t1?.status).toBe('COMPLETED');
    expect(iso(t2?.activationTime ?? null)).toBe('2026-10-29T09:00:00.000Z');
    expect(iso(t2?.expiryTime ?? null)).toBe('2026-11-03T09:00:00.000Z');
    expect(t2?.status).toBe('NOT_ACTIVE');

    // One minute early: nothing. On time: the SMS with the link, in Danish.
    expect((await runDue(app, new Date('2026-10-29T08:59:00Z'))).activated).toBe(0);
    const onTime = await runDue(app, new Date('2026-10-29T09:00:00Z'));
    expect(onTime).toMatchObject({ activated: 1, messages: 1 });
    [t1, t2] = await tokenRows(app, study.id, enrollmentId);
    expect(t2?.status).toBe('UNUSED');
    const link2 = linkOf(app, study.id, t2?.token ?? '');
    expect((await outboxOf(app, study.id)).slice(1)).toEqual([
      { channel: 'SMS', to: '+4520304050', subject: null, body: `Uge 1: ${link2}` },
    ]);

    // Reminder 2 calendar days after activation: 31 Oct 10:00 CET.
    expect((await runDue(app, new Date('2026-10-31T08:59:00Z'))).reminded).toBe(0);
    expect((await runDue(app, new Date('2026-10-31T09:00:00Z'))).reminded).toBe(1);
    expect((await outboxOf(app, study.id)).slice(2)).toEqual([
      { channel: 'SMS', to: '+4520304050', subject: null, body: `Påmindelse: Uge 1: ${link2}` },
    ]);

    // Expiry 5 calendar days after activation: 3 Nov 10:00 CET. No message.
    expect((await runDue(app, new Date('2026-11-03T08:59:00Z'))).expired).toBe(0);
    expect((await runDue(app, new Date('2026-11-03T09:00:00Z'))).expired).toBe(1);
    [t1, t2, t3] = await tokenRows(app, study.id, enrollmentId);
    expect(t2?.status).toBe('EXPIRED');
    expect(await outboxOf(app, study.id)).toHaveLength(3);

    // Event 3 (manual) waited all along; a monitor may not start it, the admin does.
    expect(t3?.status).toBe('NOT_ACTIVE');
    expect(t3?.activationTime).toBeNull();
    const monitor = await buildUser(app);
    await grantAccess(app, { studyId: study.id, user: monitor, role: 'MONITOR' });
    const monitorSession = await loginAs(app, monitor.email, DEFAULT_PASSWORD);
    const startUrl = `/api/studies/${study.id}/enrollments/${enrollmentId}/tokens/${t3?.id}/startDataEvent`;
    const refused = await app.inject({ method: 'POST', url: startUrl, headers: monitorSession.headers });
    expect(refused.statusCode).toBe(403);
    // The subject's records tell the screen which events wait to be started by hand (issue 12 item 5).
    const summaryOf = async (tokenId: string | undefined) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/studies/${study.id}/enrollments/subjects/${subject.id}`,
        headers: admin.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      const [detail] =
        res.json<{ tokens: { id: string; referenceDate: string | null; startedAt: string | null }[] }[]>();
      return detail?.tokens.find((token) => token.id === tokenId);
    };
    expect(await summaryOf(t3?.id)).toMatchObject({ referenceDate: 'MANUAL', startedAt: null });
    now = new Date('2026-11-04T12:00:00Z');
    const started = await app.inject({ method: 'POST', url: startUrl, headers: admin.headers });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({
      status: 'UNUSED',
      activationTime: '2026-11-04T12:00:00.000Z',
      startedAt: '2026-11-04T12:00:00.000Z',
      token: null,
    });
    const again = await app.inject({ method: 'POST', url: startUrl, headers: admin.headers });
    expect(again.statusCode).toBe(409);
    expect(await summaryOf(t3?.id)).toMatchObject({
      referenceDate: 'MANUAL',
      startedAt: '2026-11-04T12:00:00.000Z',
      status: 'UNUSED',
    });

    const actions = (await auditActions(app, study.id)).map((a) => a.action);
    for (const action of [
      'ENROLLMENT_CREATED',
      'ENROLLMENT_STARTED',
      'TOKEN_CREATED',
      'TOKEN_ACTIVATED',
      'TOKEN_LINK_SENT',
      'TOKEN_COMPLETED',
      'TOKEN_SCHEDULED',
      'TOKEN_REMINDER_SENT',
      'TOKEN_EXPIRED',
      'TOKEN_STARTED',
    ]) {
      expect(actions, action).toContain(action);
    }
    expect(actions.filter((a) => a === 'TOKEN_CREATED')).toHaveLength(3);
    expect(actions.filter((a) => a === 'TOKEN_ACTIVATED')).toHaveLength(3);
    // The link secret never reaches the audit trail.
    const audit = JSON.stringify(
      await app.database.query('select before, after from audit_event where study_id = $1', [study.id]),
    );
    for (const tk of [t1, t2, t3]) expect(audit).not.toContain(tk?.token);
  });

  it('sends nothing more once the study is locked, and resumes when it is unlocked', async () => {
    const { app } = t;
    const { study, site, process, subject } = await buildScheduledStudy(app);
    now = new Date('2026-10-20T07:00:00Z');
    const created = await app.inject({
      method: 'POST',
      url: `/api/studies/${study.id}/enrollments`,
      headers: admin.headers,
      payload: { subjectId: subject.id, siteId: site.id, processId: process.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    const enrollmentId = created.json<{ id: string }[]>()[0]?.id ?? '';
    const [t1] = await tokenRows(app, study.id, enrollmentId);
    await completeAt(app, study.id, t1?.id ?? '', new Date('2026-10-22T08:00:00Z'));
    expect(await outboxOf(app, study.id)).toHaveLength(1);

    await setStudySchedule(app, study.id, { status: 'LOCKED' });
    expect((await runDue(app, new Date('2026-10-29T09:00:00Z'))).activated).toBe(0);
    expect((await tokenRows(app, study.id, enrollmentId))[1]?.status).toBe('NOT_ACTIVE');
    expect(await outboxOf(app, study.id)).toHaveLength(1);

    await setStudySchedule(app, study.id, { status: 'PRODUCTION' });
    expect((await runDue(app, new Date('2026-10-29T09:05:00Z'))).activated).toBe(1);
    expect(await outboxOf(app, study.id)).toHaveLength(2);
  });
});
