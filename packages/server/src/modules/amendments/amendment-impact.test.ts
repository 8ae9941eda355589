import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildProcess,
  buildSite,
  buildStudy,
  buildSubject,
  buildUser,
  grantAccess,
  setSubjectAttributes,
} from '../../../test/factories';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { buildPublishedForm, setTokenStatus, tokenRowsOf } from '../public/public-test-kit';
import { studies } from '../studies/tables';

// Issue 23 item 2: GET /api/study/{id}/amendment/impact, the running amendment's diff and, per site the
// caller may see, the active enrolments, open tokens and scheduled send-outs it touches. One fixture:
// two sites (Aarhus: two enrolments, one of them past its first event; Bergen: one enrolment).

describe(`GET /api/study/:id/amendment/impact on ${engine}`, () => {
  let t: TestApp;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t.app);
  });
  afterAll(async () => t?.close());

  const get = (studyId: string, who: LoggedIn) =>
    t.app.inject({ method: 'GET', url: `/api/study/${studyId}/amendment/impact`, headers: who.headers });
  const send = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await t.app.inject({ method, url, headers: admin.headers, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  };
  const counts = (body: {
    sites: { siteName: string; enrollments: number; openTokens: number; scheduledSendOuts: number }[];
  }) => body.sites.map((s) => [s.siteName, s.enrollments, s.openTokens, s.scheduledSendOuts]);

  async function fixture() {
    const study = await buildStudy(t.app, { status: 'PRODUCTION' });
    const aarhus = await buildSite(t.app, study.id, { name: 'Aarhus' });
    const bergen = await buildSite(t.app, study.id, { name: 'Bergen' });
    const vitals = await buildPublishedForm(t.app, study.id, [
      { id: 'q1', order: 1, type: 'NUMBER', question: { en: 'Weight' } },
    ]);
    const diary = await buildPublishedForm(t.app, study.id, [
      { id: 'q1', order: 1, type: 'TEXT_SENTENCE', question: { en: 'Mood' } },
    ]);
    const p = `ai${study.id.slice(-8)}`;
    const process = await buildProcess(t.app, {
      studyId: study.id,
      name: 'Main',
      dataEvents: [
        { id: `${p}-e1`, name: { en: 'Baseline' }, type: 'TYPE_PATIENT', forms: [vitals] },
        {
          id: `${p}-e2`,
          name: { en: 'Week 1' },
          type: 'TYPE_PATIENT',
          forms: [diary],
          offsetDays: 7,
          sendAs: 'SEND_AS_EMAIL',
          emailText: { en: 'Please fill {link}' },
        },
        { id: `${p}-e3`, name: { en: 'Week 2' }, type: 'TYPE_PATIENT', forms: [diary], offsetDays: 14 },
      ],
    });
    const enrol = async (siteId: string) => {
      const subject = await buildSubject(t.app, { studyId: study.id, siteId });
      await setSubjectAttributes(t.app, study.id, subject.id, {
        email: `${subject.id}@example.org`,
        language: 'en',
      });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/studies/${study.id}/enrollments`,
        headers: admin.headers,
        payload: { subjectId: subject.id, siteId, processId: process.id },
      });
      expect(res.statusCode, res.body).toBe(201);
      return tokenRowsOf(t.app, study.id, res.json()[0].id);
    };
    await enrol(aarhus.id);
    const done = await enrol(aarhus.id);
    const bergenTokens = await enrol(bergen.id);
    await setTokenStatus(t.app, study.id, done[0]?.id as string, {
      status: 'COMPLETED',
      completedTime: new Date(),
    });
    return { study, aarhus, bergen, vitals, diary, process, bergenTokens };
  }

  it('lists the diff and counts per site; KEEP leaves existing enrolments untouched by a changed form, NEW_EVENTS and a changed event reach them', async () => {
    const f = await fixture();
    const base = `/api/study/${f.study.id}`;
    // Before the amendment: nothing is open, nothing listed.
    const idle = await get(f.study.id, admin);
    expect(idle.statusCode, idle.body).toBe(200);
    expect(idle.json()).toEqual({
      startedTime: null,
      isBlocking: null,
      diff: { forms: [], rules: [], processes: [] },
      sites: [],
    });
    // The tokens as enrolled: Baseline open (UNUSED), Week 1 and Week 2 scheduled (NOT_ACTIVE).
    expect(f.bergenTokens.map((x) => x.status)).toEqual(['UNUSED', 'NOT_ACTIVE', 'NOT_ACTIVE']);

    await send('POST', `${base}/nonBlockingAmendment`, { reason: 'Protocol v2' });
    const formUrl = `/api/studies/${f.study.id}/questionnairetemplate`;
    const draft = (
      await t.app.inject({ method: 'GET', url: `${formUrl}/${f.vitals}`, headers: admin.headers })
    ).json();
    draft.questions[0].question = { en: 'Body weight' };
    draft.questions.push({
      ...draft.questions[0],
      id: 'q2',
      order: 2,
      question: { en: 'Height' },
      fullyEditable: true,
    });
    await send('POST', formUrl, draft);

    const afterForm = await get(f.study.id, admin);
    expect(afterForm.statusCode, afterForm.body).toBe(200);
    const body = afterForm.json();
    expect(body).toMatchObject({ isBlocking: false, diff: { rules: [], processes: [] } });
    expect(body.diff.forms).toEqual([
      {
        formId: f.vitals,
        title: expect.any(Object),
        change: 'CHANGED',
        settings: [],
        questions: [
          {
            questionId: 'q1',
            order: 1,
            text: { en: 'Body weight' },
            change: 'CHANGED',
            properties: [{ property: 'TEXT', language: 'en', before: 'Weight', after: 'Body weight' }],
            otherSettings: [],
          },
          {
            questionId: 'q2',
            order: 2,
            text: { en: 'Height' },
            change: 'ADDED',
            properties: [],
            otherSettings: [],
          },
        ],
      },
    ]);
    // KEEP (the default): existing enrolments stay on version 1.0 of the changed form.
    expect(counts(body)).toEqual([
      ['Aarhus', 0, 0, 0],
      ['Bergen', 0, 0, 0],
    ]);
    // NEW_EVENTS: their Baseline not yet filled takes the new version (Aarhus: one of two is completed).
    await t.app.database.db
      .update(studies)
      .set({ amendmentFormVersions: { [f.vitals]: 'NEW_EVENTS' } })
      .where(eq(studies.id, f.study.id));
    expect(counts((await get(f.study.id, admin)).json())).toEqual([
      ['Aarhus', 1, 1, 0],
      ['Bergen', 1, 1, 0],
    ]);

    // An event changed (its name and e-mail text: the timing of a running process is locked) and a new process.
    const pathway = `/api/studies/${f.study.id}/pathway`;
    const detail = (
      await t.app.inject({ method: 'GET', url: `${pathway}/${f.process.id}`, headers: admin.headers })
    ).json();
    const {
      id: _i,
      studyId: _s,
      type: _t,
      locks: _l,
      enrollmentCount: _e,
      createdTime: _c,
      updatedTime: _u,
      ...write
    } = detail;
    write.dataEvents[1].name = { en: 'Week one' };
    await send('PUT', `${pathway}/${f.process.id}`, write);
    await send('POST', pathway, {
      pathwayName: 'Follow-up',
      dataEvents: [{ name: { en: 'Month 3' }, type: 'TYPE_PATIENT', forms: [f.diary], offsetDays: 90 }],
    });
    const full = (await get(f.study.id, admin)).json();
    expect(full.diff.processes).toEqual([
      {
        processId: f.process.id,
        name: 'Main',
        change: 'CHANGED',
        settings: [],
        events: [
          {
            dataEventId: f.process.dataEvents[1]?.id,
            name: { en: 'Week one' },
            change: 'CHANGED',
            properties: [{ property: 'NAME', before: 'Week 1', after: 'Week one' }],
            otherSettings: [],
          },
        ],
      },
      {
        processId: expect.any(String),
        name: 'Follow-up',
        change: 'ADDED',
        settings: [],
        events: [expect.objectContaining({ name: { en: 'Month 3' }, change: 'ADDED' })],
      },
    ]);
    // Week 1 sends its link by e-mail: each active enrolment's NOT_ACTIVE Week 1 is a scheduled send-out.
    expect(counts(full)).toEqual([
      ['Aarhus', 2, 1, 2],
      ['Bergen', 1, 1, 1],
    ]);
  });

  it('lists validation rules changed, removed and added since the amendment started; rules reach existing enrolments at once', async () => {
    const f = await fixture();
    const rulesUrl = `/api/studies/${f.study.id}/validationRules`;
    const rule = (operator: string) => ({
      leftOperant: { form: f.vitals, question: 'q1', type: 'QUESTION' },
      rightOperant: { form: f.vitals, question: 'q1', type: 'CONST_VAL', value: '300' },
      operator,
      action: { type: 'BLOCK', message: { en: 'At most 300' } },
    });
    // Rules written while the study was built; one of them stays as it is.
    const setStatus = (status: string) =>
      t.app.database.db.update(studies).set({ status }).where(eq(studies.id, f.study.id));
    await setStatus('STUDY_STATUS_BUILD');
    const changed = await send('POST', rulesUrl, rule('lte'));
    const removed = await send('POST', rulesUrl, rule('lt'));
    await send('POST', rulesUrl, rule('gte'));
    await setStatus('PRODUCTION');
    await send('POST', `/api/study/${f.study.id}/nonBlockingAmendment`, { reason: 'Protocol v2' });
    await send('PUT', `${rulesUrl}/${changed.id}`, rule('gt'));
    await send('PUT', `${rulesUrl}/${changed.id}`, rule('ne'));
    const del = await t.app.inject({
      method: 'DELETE',
      url: `${rulesUrl}/${removed.id}`,
      headers: admin.headers,
    });
    expect(del.statusCode, del.body).toBeLessThan(300);
    const added = await send('POST', rulesUrl, rule('eq'));

    const body = (await get(f.study.id, admin)).json();
    expect(body.diff.forms).toEqual([]);
    const byId = new Map<string, string>([
      [changed.id, 'changed'],
      [removed.id, 'removed'],
      [added.id, 'added'],
    ]);
    expect(
      body.diff.rules
        .map(
          (r: {
            ruleId: string;
            kind: string;
            change: string;
            properties: string[];
            questionText: object;
          }) => [byId.get(r.ruleId), r.kind, r.change, r.properties, r.questionText],
        )
        .sort(),
    ).toEqual([
      ['added', 'VALIDATION', 'ADDED', [], { en: 'Weight' }],
      ['changed', 'VALIDATION', 'CHANGED', ['operator'], { en: 'Weight' }],
      ['removed', 'VALIDATION', 'REMOVED', [], { en: 'Weight' }],
    ]);
    // Rules are not versioned: every Baseline (Vitals) still to be filled is touched, whatever KEEP says.
    expect(counts(body)).toEqual([
      ['Aarhus', 1, 1, 0],
      ['Bergen', 1, 1, 0],
    ]);
  });

  it('counts only the sites where the caller holds STUDY_AMENDMENT_FINISH; refuses a doctor', async () => {
    const f = await fixture();
    await send('POST', `/api/study/${f.study.id}/nonBlockingAmendment`, { reason: 'Protocol v2' });
    const member = async (role: 'ADMIN' | 'DOCTOR', siteIds: 'ALL' | string[]) => {
      const user = await buildUser(t.app);
      await grantAccess(t.app, { studyId: f.study.id, user, role, siteIds });
      return loginAs(t.app, user.email, user.password);
    };
    const aarhusAdmin = await member('ADMIN', [f.aarhus.id]);
    const res = await get(f.study.id, aarhusAdmin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sites.map((s: { siteId: string }) => s.siteId)).toEqual([f.aarhus.id]);
    expect((await get(f.study.id, await member('ADMIN', 'ALL'))).json().sites).toHaveLength(2);
    expect((await get(f.study.id, await member('DOCTOR', 'ALL'))).statusCode).toBe(403);
    expect((await get('000000000000000000000000', admin)).statusCode).toBe(404);
  });
});
