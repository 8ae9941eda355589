import { EXTENDED_VALIDATION_HEADER } from '@trialbase/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildProcess,
  buildSite,
  buildStudy,
  buildSubject,
  buildUser,
  grantAccess,
} from '../../../test/factories';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestApp,
  engine,
  type LoggedIn,
  loginAs,
  type TestApp,
} from '../../../test/harness';
import { tokens } from '../enrollments/tokens/tables';
import { buildPublishedForm } from '../public/public-test-kit';
import { users } from '../users/tables';
import { studies } from './tables';

// Issue 23: the amendment summary, the per-form version choice applied at finish (existing enrolments
// keep their versions for events already filled and take the new one for events not yet started where
// the author chose so), old answers readable at their old version, and the build check on transitions.

describe(`amendment versions and summary on ${engine}`, () => {
  let t: TestApp;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t.app);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: LoggedIn, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

  /** A production study: forms A and B (one question each, published 1.0), events e1 and e2 both with A and B, one subject enrolled. */
  async function setUp() {
    const study = await buildStudy(t.app, { status: 'STUDY_STATUS_BUILD' });
    const site = await buildSite(t.app, study.id);
    const q = (label: string) => [{ id: 'q1', order: 1, type: 'NUMBER', question: { en: label } }];
    const formA = await buildPublishedForm(t.app, study.id, q('Weight'));
    const formB = await buildPublishedForm(t.app, study.id, q('Pulse'));
    // The drafts are the published documents (as after a publish), so only what the amendment edits changed.
    await t.app.database.query(
      `update form_template set document = document || '{"version":{"major":1,"minor":0},"published":true}'::jsonb where study_id = $1`,
      [study.id],
    );
    const prefix = `av${formA.slice(-8)}`;
    const process = await buildProcess(t.app, {
      studyId: study.id,
      dataEvents: [
        { id: `${prefix}-e1`, type: 'TYPE_USER', forms: [formA, formB], referenceDate: 'REGISTRATION' },
        { id: `${prefix}-e2`, type: 'TYPE_USER', forms: [formA, formB], referenceDate: 'REGISTRATION' },
      ],
    });
    const started = await call('POST', `/api/study/${study.id}/start`, admin);
    expect(started.statusCode, started.body).toBe(200);
    const enrol = async () => {
      const subject = await buildSubject(t.app, { studyId: study.id, siteId: site.id });
      const res = await call('POST', `/api/studies/${study.id}/enrollments`, admin, {
        subjectId: subject.id,
        siteId: site.id,
        processId: process.id,
      });
      expect(res.statusCode, res.body).toBe(201);
      const enrollmentId = res.json<{ id: string }[]>()[0]?.id ?? '';
      const rows = await t.app.database.db
        .select()
        .from(tokens)
        .where(and(eq(tokens.studyId, study.id), eq(tokens.enrollmentId, enrollmentId)))
        .orderBy(asc(tokens.dataEventId));
      const tokenOf = (event: string) => rows.find((r) => r.dataEventId === `${prefix}-${event}`)?.id ?? '';
      const base = `/api/studies/${study.id}/enrollments/${enrollmentId}/tokens`;
      return {
        enrollmentId,
        fill: (event: string) => call('GET', `${base}/${tokenOf(event)}/questionnaires`, admin),
        review: (event: string) => call('GET', `${base}/${tokenOf(event)}/questionnaireReviewData`, admin),
        submit: (event: string, formId: string, answers: { question: string; answerStrings: string[] }[]) =>
          call('POST', `${base}/${tokenOf(event)}/questionnaires`, admin, { formId, answers, isFinal: true }),
      };
    };
    const addQuestion = async (formId: string, id: string, label: string) => {
      const url = `/api/studies/${study.id}/questionnairetemplate`;
      const draft = (await call('GET', `${url}/${formId}`, admin)).json();
      draft.questions.push({
        ...draft.questions[0],
        id,
        order: draft.questions.length + 1,
        question: { en: label },
      });
      const saved = await call('POST', url, admin, draft);
      expect(saved.statusCode, saved.body).toBe(200);
    };
    return { study, formA, formB, enrol, addQuestion, base: `/api/study/${study.id}` };
  }

  type FillBody = {
    forms: { formId: string; taggedVersion: { major: number }; form: { questions: { id: string }[] } }[];
  };
  const formIn = (body: FillBody, formId: string) => {
    const form = body.forms.find((f) => f.formId === formId);
    return { major: form?.taggedVersion.major, questions: form?.form.questions.map((q) => q.id) };
  };

  it('keeps filled answers at their old version, moves events not yet started where chosen, gives new enrolments the new version', async () => {
    const s = await setUp();
    const before = await s.enrol();
    expect((await before.submit('e1', s.formA, [{ question: 'q1', answerStrings: ['70'] }])).statusCode).toBe(
      200,
    );

    expect(
      (await call('POST', `${s.base}/nonBlockingAmendment`, admin, { reason: 'Protocol v2' })).statusCode,
    ).toBe(200);
    await s.addQuestion(s.formA, 'height', 'Height');
    await s.addQuestion(s.formB, 'spo2', 'SpO2');

    // The summary: who started it, its kind, what changed so far, each form's choice (KEEP by default).
    const summary = await call('GET', `${s.base}/amendment`, admin);
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json().amendment).toMatchObject({ isBlocking: false, scheduledTime: null });
    const [me] = await t.app.database.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    expect(summary.json().amendment.startedBy).toEqual({
      id: me?.id,
      name: `${me?.firstName} ${me?.lastName}`,
    });
    expect(
      summary
        .json()
        .amendment.changedForms.map((f: { formId: string; isNew: boolean; choice: string }) => [
          f.formId,
          f.isNew,
          f.choice,
        ])
        .sort(),
    ).toEqual(
      [
        [s.formA, false, 'KEEP'],
        [s.formB, false, 'KEEP'],
      ].sort(),
    );

    const chosen = await call('PUT', `${s.base}/amendment/formVersions`, admin, {
      choices: { [s.formA]: 'NEW_EVENTS' },
      reason: 'Height needed from the next visit on',
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(
      chosen.json().amendment.changedForms.find((f: { formId: string }) => f.formId === s.formA).choice,
    ).toBe('NEW_EVENTS');

    const finished = await call('POST', `${s.base}/finishAmendment`, admin, { reason: 'Approved' });
    expect(finished.statusCode, finished.body).toBe(200);

    // The filled event: staff review shows A at 1.0 with its old question set and the answer.
    const review = (await before.review('e1')).json() as FillBody;
    expect(formIn(review, s.formA)).toEqual({ major: 1, questions: ['q1'] });
    // The event not yet started: A (NEW_EVENTS) at 2.0 with the new question; B (KEEP) stays at 1.0.
    const next = (await before.fill('e2')).json() as FillBody;
    expect(formIn(next, s.formA)).toEqual({ major: 2, questions: ['q1', 'height'] });
    expect(formIn(next, s.formB)).toEqual({ major: 1, questions: ['q1'] });
    const filled = await before.submit('e2', s.formA, [
      { question: 'q1', answerStrings: ['71'] },
      { question: 'height', answerStrings: ['180'] },
    ]);
    expect(filled.statusCode, filled.body).toBe(200);
    // The filled one still reads at its version after the other event was filled at the new one.
    expect(formIn((await before.review('e1')).json() as FillBody, s.formA)).toEqual({
      major: 1,
      questions: ['q1'],
    });

    // A new enrolment takes the new versions of both forms.
    const after = await s.enrol();
    const fresh = (await after.fill('e1')).json() as FillBody;
    expect(formIn(fresh, s.formA)).toEqual({ major: 2, questions: ['q1', 'height'] });
    expect(formIn(fresh, s.formB)).toEqual({ major: 2, questions: ['q1', 'spo2'] });

    const audit = await t.app.database.query<{ after: Record<string, unknown>; reason: string }>(
      "select after, reason from audit_event where study_id = $1 and action = 'STUDY_AMENDMENT_CHANGED' order by ticket",
      [s.study.id],
    );
    expect(audit.rows.map((r) => [r.after.action, r.reason])).toEqual([
      ['startNonBlockingAmendment', 'Protocol v2'],
      ['chooseFormVersions', 'Height needed from the next visit on'],
      ['finishAmendment', 'Approved'],
    ]);
    expect(audit.rows[2]?.after.retaggedForms).toEqual([
      { formId: s.formA, version: { major: 2, minor: 0 }, enrollments: 1 },
    ]);
    const [row] = await t.app.database.db.select().from(studies).where(eq(studies.id, s.study.id));
    expect(row?.amendmentFormVersions).toBeNull();
    // The overview counts the finished amendment (spec 001 §2 amendment summary).
    const overview = (await call('GET', `${s.base}/overview`, admin)).json();
    expect(overview.amendments.total).toBe(1);
    expect(Date.parse(overview.amendments.latest)).toBeGreaterThan(Date.now() - 600_000);
  });

  it('refuses a choice outside an amendment, for a form the amendment did not change, and to a monitor', async () => {
    const s = await setUp();
    const outside = await call('PUT', `${s.base}/amendment/formVersions`, admin, {
      choices: { [s.formA]: 'NEW_EVENTS' },
      reason: 'x',
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().id).toBe('STUDY_STATUS_MISMATCH');
    expect((await call('GET', `${s.base}/amendment`, admin)).json()).toEqual({
      studyId: s.study.id,
      amendment: null,
    });
    expect((await call('POST', `${s.base}/amendment`, admin, { reason: 'v2' })).statusCode).toBe(200);
    await s.addQuestion(s.formA, 'height', 'Height');
    const unchanged = await call('PUT', `${s.base}/amendment/formVersions`, admin, {
      choices: { [s.formB]: 'NEW_EVENTS' },
      reason: 'x',
    });
    expect(unchanged.statusCode).toBe(400);
    expect(unchanged.json().context.issues).toEqual([
      { path: ['choices', s.formB], message: 'FORM_NOT_CHANGED_IN_AMENDMENT' },
    ]);
    const user = await buildUser(t.app);
    await grantAccess(t.app, { studyId: s.study.id, user, role: 'MONITOR' });
    const monitor = await loginAs(t.app, user.email, user.password);
    const refused = await call('PUT', `${s.base}/amendment/formVersions`, monitor, {
      choices: { [s.formA]: 'NEW_EVENTS' },
      reason: 'x',
    });
    expect(refused.statusCode).toBe(403);
    // A monitor may read the summary (study view) but not change it.
    expect((await call('GET', `${s.base}/amendment`, monitor)).statusCode).toBe(200);
  });

  it('asks for the password on every amendment call when the study enables extended validation', async () => {
    const s = await setUp();
    await t.app.database.db
      .update(studies)
      .set({ extendedValidation: true })
      .where(eq(studies.id, s.study.id));
    const unsigned = await call('POST', `${s.base}/nonBlockingAmendment`, admin, { reason: 'v2' });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().type).toBe('EXTENDED_VALIDATION');
    const signed = await t.app.inject({
      method: 'POST',
      url: `${s.base}/nonBlockingAmendment`,
      headers: { ...admin.headers, [EXTENDED_VALIDATION_HEADER]: ADMIN_PASSWORD },
      payload: { reason: 'v2' },
    });
    expect(signed.statusCode, signed.body).toBe(200);
  });
});
