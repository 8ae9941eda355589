import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStudy, buildUser, grantAccess } from '../../../test/factories';
import {
  createTestApp,
  createTestDatabase,
  engine,
  type LoggedIn,
  loginAs,
  type TestApp,
  testConfig,
} from '../../../test/harness';
import { buildApp } from '../../app';
import { tokens } from '../enrollments/tokens/tables';
import { buildLinkStudy, buildPublishedForm, cookieOf } from '../public/public-test-kit';
import { setUpEnrolled } from '../questionnaires/questionnaires-test-kit';
import { runDueAmendments } from './api';
import { studies } from './tables';

// Spec 001 §7 amendments (issue 23 item 1): each call, allowed and refused per status and role,
// audited with its reason; the scheduled finish is run by the durable job queue, once.

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const inTwoHours = () => new Date(Date.now() + 7_200_000).toISOString();

describe(`study amendment API on ${engine}`, () => {
  let t: TestApp;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t.app);
  });
  afterAll(async () => t?.close());

  const call = (
    method: 'POST' | 'PUT',
    url: string,
    who: LoggedIn | null,
    payload: object = { reason: 'why' },
  ) => t.app.inject({ method, url, headers: who?.headers ?? {}, payload });
  const statusOf = async (id: string) =>
    (await t.app.database.db.select().from(studies).where(eq(studies.id, id)))[0]?.status;
  async function withRole(studyId: string, role: 'ADMIN' | 'MONITOR' | 'DOCTOR' | 'STUDY_HELPER') {
    const user = await buildUser(t.app);
    await grantAccess(t.app, { studyId, user, role });
    return loginAs(t.app, user.email, user.password);
  }

  it('starts a blocking amendment and finishes it; starts a non-blocking one and discards it; each audited with its reason', async () => {
    const study = await buildStudy(t.app, { status: 'PRODUCTION' });
    const studyAdmin = await withRole(study.id, 'ADMIN');
    const base = `/api/study/${study.id}`;
    const started = await call('POST', `${base}/amendment`, studyAdmin, { reason: 'Protocol v2' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({
      status: 'AMENDMENT',
      amendment: { isBlocking: true, scheduledTime: null },
    });
    expect(Date.parse(started.json().amendment.startedTime)).toBeGreaterThan(Date.now() - 60_000);
    const finished = await call('POST', `${base}/finishAmendment`, studyAdmin, {
      reason: 'Approved by the ethics committee',
    });
    expect(finished.json()).toMatchObject({ status: 'PRODUCTION', amendment: null });

    const open = await call('POST', `${base}/nonBlockingAmendment`, studyAdmin, { reason: 'Protocol v3' });
    expect(open.json()).toMatchObject({ status: 'AMENDMENT', amendment: { isBlocking: false } });
    const discarded = await call('POST', `${base}/discardAmendment`, studyAdmin, { reason: 'Withdrawn' });
    expect(discarded.json()).toMatchObject({ status: 'PRODUCTION', amendment: null });

    const audit = await t.app.database.query<{ after: { action: string; status: string }; reason: string }>(
      "select after, reason from audit_event where study_id = $1 and action = 'STUDY_AMENDMENT_CHANGED' order by ticket",
      [study.id],
    );
    expect(audit.rows.map((r) => [r.after.action, r.after.status, r.reason])).toEqual([
      ['startAmendment', 'AMENDMENT', 'Protocol v2'],
      ['finishAmendment', 'PRODUCTION', 'Approved by the ethics committee'],
      ['startNonBlockingAmendment', 'AMENDMENT', 'Protocol v3'],
      ['discardAmendment', 'PRODUCTION', 'Withdrawn'],
    ]);
  });

  it('makes fullyEditable exact: questions published before the amendment started are locked, those it adds are not', async () => {
    const study = await buildStudy(t.app, { status: 'PRODUCTION' });
    const formId = await buildPublishedForm(t.app, study.id, [
      { id: 'q1', order: 1, type: 'NUMBER', question: { en: 'Weight' } },
    ]);
    expect(
      (await call('POST', `/api/study/${study.id}/amendment`, admin, { reason: 'Add height' })).statusCode,
    ).toBe(200);
    const formUrl = `/api/studies/${study.id}/questionnairetemplate`;
    const draft = (
      await t.app.inject({ method: 'GET', url: `${formUrl}/${formId}`, headers: admin.headers })
    ).json();
    // The client claims the old question is fully editable: the server knows it was published before.
    const retyped = structuredClone(draft);
    retyped.questions[0] = { ...retyped.questions[0], type: 'TEXT_FREE', fullyEditable: true };
    const refused = await call('POST', formUrl, admin, retyped);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().context.issues).toEqual([{ path: ['questions', 0], message: 'STRUCTURE_LOCKED' }]);
    const added = structuredClone(draft);
    added.questions.push({
      ...draft.questions[0],
      id: 'q2',
      order: 2,
      question: { en: 'Height' },
      fullyEditable: false,
    });
    const saved = await call('POST', formUrl, admin, added);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      saved.json().questions.map((q: { id: string; fullyEditable: boolean }) => [q.id, q.fullyEditable]),
    ).toEqual([
      ['q1', false],
      ['q2', true],
    ]);
    expect(saved.json().fullyEditable).toBe(false);
    const again = structuredClone(saved.json());
    again.questions[1].type = 'TEXT_FREE';
    expect((await call('POST', formUrl, admin, again)).statusCode).toBe(200);
  });

  it('finishing publishes the changed form as a new major version; discarding puts the draft back to it', async () => {
    const study = await buildStudy(t.app, { status: 'PRODUCTION' });
    const formId = await buildPublishedForm(t.app, study.id, [
      { id: 'q1', order: 1, type: 'NUMBER', question: { en: 'Weight' } },
    ]);
    const formUrl = `/api/studies/${study.id}/questionnairetemplate`;
    const draftOf = async () =>
      (await t.app.inject({ method: 'GET', url: `${formUrl}/${formId}`, headers: admin.headers })).json();
    const addQuestion = async (id: string) => {
      const draft = await draftOf();
      draft.questions.push({
        ...draft.questions[0],
        id,
        order: draft.questions.length + 1,
        question: { en: id },
      });
      const res = await call('POST', formUrl, admin, draft);
      expect(res.statusCode, res.body).toBe(200);
    };
    const versions = async () =>
      (
        await t.app.database.query<{ major: number; minor: number }>(
          'select major, minor from form_template_version where study_id = $1 and form_id = $2 order by major, minor',
          [study.id, formId],
        )
      ).rows.map((r) => `${r.major}.${r.minor}`);

    expect(
      (await call('POST', `/api/study/${study.id}/amendment`, admin, { reason: 'Height' })).statusCode,
    ).toBe(200);
    await addQuestion('height');
    const finished = await call('POST', `/api/study/${study.id}/finishAmendment`, admin, {
      reason: 'Approved',
    });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(await versions()).toEqual(['1.0', '2.0']);
    const published = await draftOf();
    expect(published).toMatchObject({ version: { major: 2, minor: 0 }, published: true });
    expect(published.questions.map((q: { id: string }) => q.id)).toEqual(['q1', 'height']);

    expect(
      (await call('POST', `/api/study/${study.id}/nonBlockingAmendment`, admin, { reason: 'BMI' }))
        .statusCode,
    ).toBe(200);
    await addQuestion('bmi');
    expect((await draftOf()).questions).toHaveLength(3);
    const discarded = await call('POST', `/api/study/${study.id}/discardAmendment`, admin, {
      reason: 'Not approved',
    });
    expect(discarded.statusCode, discarded.body).toBe(200);
    expect(await versions()).toEqual(['1.0', '2.0']);
    const back = await draftOf();
    expect(back).toMatchObject({ version: { major: 2, minor: 0 }, published: true });
    expect(back.questions.map((q: { id: string }) => q.id)).toEqual(['q1', 'height']);
  });

  it('a blocking amendment pauses data entry; a non-blocking one lets staff and participants go on', async () => {
    const s = await setUpEnrolled(t.app, admin);
    const [token] = await t.app.database.db
      .select()
      .from(tokens)
      .where(eq(tokens.enrollmentId, s.enrollmentId));
    const base = `${s.enrollmentBase}/tokens/${token?.id}/questionnaires`;
    const staffSubmit = (weight: string) =>
      call('POST', base, admin, {
        formId: s.formId,
        answers: [{ question: 'q1', answerStrings: [weight] }],
        isFinal: true,
      });
    expect(
      (await call('POST', `/api/study/${s.study.id}/amendment`, admin, { reason: 'v2' })).statusCode,
    ).toBe(200);
    const paused = await staffSubmit('70');
    expect(paused.statusCode).toBe(409);
    expect(paused.json().id).toBe('STUDY_STATUS_MISMATCH');
    expect(
      (await call('POST', `/api/study/${s.study.id}/discardAmendment`, admin, { reason: 'x' })).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', `/api/study/${s.study.id}/nonBlockingAmendment`, admin, { reason: 'v3' }))
        .statusCode,
    ).toBe(200);
    const going = await staffSubmit('70');
    expect(going.statusCode, going.body).toBe(200);
    const set = going.json().answerSet as { id: string; version: number };
    const updated = await t.app.inject({
      method: 'PUT',
      url: `${base}/${set.id}`,
      headers: admin.headers,
      payload: {
        answers: [{ question: 'q1', answerStrings: ['71'] }],
        version: set.version,
        comment: 'typo',
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);

    const p = await buildLinkStudy(t.app, admin);
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/public/studies/${p.study.id}/token/validateToken`,
      payload: { token: p.link },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(
      (await call('POST', `/api/study/${p.study.id}/nonBlockingAmendment`, admin, { reason: 'v2' }))
        .statusCode,
    ).toBe(200);
    const submitted = await t.app.inject({
      method: 'POST',
      url: `/api/public/studies/${p.study.id}/questionnaire`,
      headers: { cookie: cookieOf(opened) as string },
      payload: {
        idempotencyKey: randomUUID(),
        isFinal: true,
        token: p.link,
        formId: p.formId,
        answers: [{ question: 'q1', answerStrings: ['3'] }],
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
  });

  it('schedules, reschedules and cancels the finish; refuses a past time, a second schedule and a cancel of nothing', async () => {
    const study = await buildStudy(t.app, { status: 'PRODUCTION' });
    const base = `/api/study/${study.id}`;
    expect((await call('POST', `${base}/amendment`, admin, { reason: 'v2' })).statusCode).toBe(200);
    const past = await call('POST', `${base}/scheduleAmendment`, admin, {
      reason: 'x',
      scheduledTime: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(
      (await call('POST', `${base}/rescheduleAmendment`, admin, { reason: 'x', scheduledTime: inAnHour() }))
        .statusCode,
    ).toBe(409);
    expect((await call('PUT', `${base}/cancelAmendmentSchedule`, admin)).statusCode).toBe(409);
    const at = inAnHour();
    const scheduled = await call('POST', `${base}/scheduleAmendment`, admin, {
      reason: 'Go-live Monday',
      scheduledTime: at,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(Date.parse(scheduled.json().amendment.scheduledTime)).toBe(Date.parse(at));
    expect(
      (await call('POST', `${base}/scheduleAmendment`, admin, { reason: 'x', scheduledTime: at })).statusCode,
    ).toBe(409);
    const later = inTwoHours();
    const moved = await call('POST', `${base}/rescheduleAmendment`, admin, {
      reason: 'Site training',
      scheduledTime: later,
    });
    expect(Date.parse(moved.json().amendment.scheduledTime)).toBe(Date.parse(later));
    const cancelled = await call('PUT', `${base}/cancelAmendmentSchedule`, admin, { reason: 'On hold' });
    expect(cancelled.json()).toMatchObject({ status: 'AMENDMENT', amendment: { scheduledTime: null } });
    expect((await call('POST', `${base}/scheduleAmendment`, admin, { reason: 'x' })).statusCode).toBe(400);
  });

  it('refuses every amendment call the state machine does not allow with STUDY_STATUS_MISMATCH', async () => {
    const cases: [string, string, 'POST' | 'PUT'][] = [];
    for (const status of [
      'STUDY_STATUS_BUILD',
      'TEST',
      'LOCKED',
      'COMPLETED',
      'ANONYMIZED',
      'DELETE',
      'AMENDMENT',
    ]) {
      cases.push([status, 'amendment', 'POST'], [status, 'nonBlockingAmendment', 'POST']);
    }
    for (const status of ['STUDY_STATUS_BUILD', 'PRODUCTION', 'LOCKED', 'COMPLETED']) {
      cases.push(
        [status, 'finishAmendment', 'POST'],
        [status, 'discardAmendment', 'POST'],
        [status, 'cancelAmendmentSchedule', 'PUT'],
      );
    }
    for (const [status, action, method] of cases) {
      const study = await buildStudy(t.app, { status });
      const res = await call(method, `/api/study/${study.id}/${action}`, admin);
      expect(res.statusCode, `${status} ${action}`).toBe(400);
      expect(res.json().id).toBe('STUDY_STATUS_MISMATCH');
      expect(await statusOf(study.id)).toBe(status);
    }
    const production = await buildStudy(t.app, { status: 'PRODUCTION' });
    const res = await call('POST', `/api/study/${production.id}/scheduleAmendment`, admin, {
      reason: 'x',
      scheduledTime: inAnHour(),
    });
    expect(res.json().id).toBe('STUDY_STATUS_MISMATCH');
  });

  it('lets only holders of the amendment permissions call them (ADMIN; not MONITOR, DOCTOR, STUDY_HELPER; 401 without a session)', async () => {
    const study = await buildStudy(t.app, { status: 'PRODUCTION' });
    const base = `/api/study/${study.id}`;
    for (const role of ['MONITOR', 'DOCTOR', 'STUDY_HELPER'] as const) {
      const who = await withRole(study.id, role);
      expect((await call('POST', `${base}/amendment`, who)).statusCode, role).toBe(403);
      expect((await call('POST', `${base}/nonBlockingAmendment`, who)).statusCode, role).toBe(403);
    }
    expect((await call('POST', `${base}/amendment`, null)).statusCode).toBe(401);
    expect((await call('POST', `${base}/amendment`, admin, {})).statusCode).toBe(400);
    expect(await statusOf(study.id)).toBe('PRODUCTION');
    const studyAdmin = await withRole(study.id, 'ADMIN');
    expect((await call('POST', `${base}/amendment`, studyAdmin)).statusCode).toBe(200);
    const monitor = await withRole(study.id, 'MONITOR');
    expect((await call('POST', `${base}/finishAmendment`, monitor)).statusCode).toBe(403);
    expect((await call('POST', `${base}/discardAmendment`, monitor)).statusCode).toBe(403);
    expect(
      (await call('POST', `${base}/scheduleAmendment`, monitor, { reason: 'x', scheduledTime: inAnHour() }))
        .statusCode,
    ).toBe(403);
    expect((await call('PUT', `${base}/cancelAmendmentSchedule`, monitor)).statusCode).toBe(403);
    expect(await statusOf(study.id)).toBe('AMENDMENT');
  });
});

describe(`scheduled amendment finish on ${engine}: the job queue runs it once, after a restart`, {
  tags: ['engine'],
}, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('finishes a due amendment once when the server comes back, and never again', async () => {
    const db = await createTestDatabase({ persistent: true });
    cleanups.push(() => db.drop());
    const first = await buildApp(testConfig(db.config));
    let second: FastifyInstance | null = null;
    cleanups.push(async () => {
      await second?.close();
    });
    const admin = await loginAs(first);
    const study = await buildStudy(first, { status: 'PRODUCTION' });
    const base = `/api/study/${study.id}`;
    const headers = admin.headers;
    expect(
      (await first.inject({ method: 'POST', url: `${base}/amendment`, headers, payload: { reason: 'v2' } }))
        .statusCode,
    ).toBe(200);
    const at = inAnHour();
    const scheduled = await first.inject({
      method: 'POST',
      url: `${base}/scheduleAmendment`,
      headers,
      payload: { reason: 'Go-live', scheduledTime: at },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    await first.close();

    // The server restarts after the scheduled time (its clock says so) with the job workers on.
    const after = new Date(Date.parse(at) + 120_000);
    second = await buildApp(testConfig({ ...db.config, jobs: true }), { clock: () => after });
    await second.ready();
    const deadline = Date.now() + 30_000;
    let status: string | undefined;
    while (Date.now() < deadline) {
      status = (await second.database.db.select().from(studies).where(eq(studies.id, study.id)))[0]?.status;
      if (status === 'PRODUCTION') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe('PRODUCTION');
    // A second run (another server, the next minute) finds nothing due.
    expect(await runDueAmendments(second.database.db, new Date(after.getTime() + 60_000))).toBe(0);
    const audit = await second.database.query<{
      actor_type: string;
      after: { action: string };
      reason: string;
    }>(
      "select actor_type, after, reason from audit_event where study_id = $1 and action = 'STUDY_AMENDMENT_CHANGED' order by ticket",
      [study.id],
    );
    expect(audit.rows.map((r) => [r.after.action, r.reason])).toEqual([
      ['startAmendment', 'v2'],
      ['scheduleAmendment', 'Go-live'],
      ['finishAmendment', 'Scheduled finish'],
    ]);
    expect(audit.rows[2]?.actor_type).toBe('SYSTEM');
  }, 120_000);
});
