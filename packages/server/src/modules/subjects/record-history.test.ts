import { REDACTED, type StudyRole } from '@trialbase/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, buildStudy, buildSubject, buildUser, grantAccess } from '../../../test/factories';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { formTemplates } from '../forms/tables';
import { setUpEnrolled } from '../questionnaires/questionnaires-test-kit';

let t: TestApp;
let admin: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());

function call(method: 'GET' | 'POST' | 'PUT', url: string, who: LoggedIn, payload?: object) {
  return t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
}

async function member(
  studyId: string,
  role: StudyRole,
  options: { siteIds?: string[]; extra?: ('PATIENT_VIEW_FIRST_NAME' | 'AUDIT_VIEW')[] } = {},
) {
  const user = await buildUser(t.app);
  await grantAccess(t.app, {
    studyId,
    user,
    role,
    siteIds: options.siteIds ?? 'ALL',
    extraPermissions: options.extra ?? [],
  });
  return loginAs(t.app, user.email, user.password);
}

type Entry = {
  action: string;
  entityType: string;
  reason: string | null;
  summary: string;
  changes: { field: string; label?: string; before: string | null; after: string | null }[];
  dataEvent: { id: string; type: string | null } | null;
  form: { id: string; name: string } | null;
  actorName: string | null;
  occurredAt: string;
};

/** A subject renamed, enrolled, with an unexpected visit filled and corrected with a reason. */
async function subjectWithRecord() {
  const s = await setUpEnrolled(t.app, admin, { unexpected: true });
  const url = `/api/studies/${s.study.id}/patient/${s.subject.id}`;
  const renamed = await call('PUT', url, admin, { firstName: 'Ada', lastName: 'Lovelace' });
  expect(renamed.statusCode, renamed.body).toBe(200);
  const visit = await call('POST', `${s.enrollmentBase}/unexpected`, admin, { type: 'TYPE_UNEXPECTED' });
  expect(visit.statusCode, visit.body).toBe(201);
  const base = `${s.enrollmentBase}/tokens/${visit.json().tokenId}/questionnaires`;
  const done = await call('POST', `${base}/unscheduled`, admin, {
    formId: s.unexpectedFormId,
    answers: [{ question: 'q1', answerStrings: ['70'] }],
    isFinal: true,
  });
  expect(done.statusCode, done.body).toBe(200);
  const set = done.json().answerSet;
  const fixed = await call('PUT', `${base}/${set.id}/unscheduled`, admin, {
    answers: [{ question: 'q1', answerStrings: ['72'] }],
    version: set.version,
    comment: 'Scale recalibrated',
  });
  expect(fixed.statusCode, fixed.body).toBe(200);
  return { ...s, url: `${url}/audit` };
}

describe(`GET /api/studies/:studyId/patient/:id/audit (record history, ${engine})`, () => {
  it('lists the subject’s, enrollment’s, token’s and form’s audit entries newest first with names and reasons', async () => {
    const s = await subjectWithRecord();
    const other = await setUpEnrolled(t.app, admin);
    const res = await call('GET', s.url, admin);
    expect(res.statusCode, res.body).toBe(200);
    const { entries, limit } = res.json<{ entries: Entry[]; limit: number }>();
    expect(limit).toBe(200);
    const actions = entries.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'SUBJECT_UPDATED',
        'UNSCHEDULED_EVENT_RECORDED',
        'TOKEN_CREATED',
        'TOKEN_COMPLETED',
        'QUESTIONNAIRE_CREATED',
        'QUESTIONNAIRE_SUBMITTED',
        'QUESTIONNAIRE_UPDATED',
      ]),
    );
    expect(actions[0]).toBe('QUESTIONNAIRE_UPDATED');
    const times = entries.map((e) => e.occurredAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(new Set(entries.map((e) => e.entityType))).toEqual(
      new Set(['SUBJECT', 'ENROLLMENT', 'TOKEN', 'QUESTIONNAIRE']),
    );

    const update = entries.find((e) => e.action === 'QUESTIONNAIRE_UPDATED');
    expect(update).toMatchObject({
      reason: 'Scale recalibrated',
      dataEvent: { id: s.selectionId, type: 'TYPE_UNEXPECTED' },
      form: { id: s.unexpectedFormId },
    });
    expect(update?.form?.name).toMatch(/^Weight /);
    expect(update?.changes).toContainEqual({
      field: 'answers.q1',
      label: 'Weight',
      before: '70',
      after: '72',
    });
    expect(update?.actorName).toBeTruthy();
    const renamed = entries.find((e) => e.action === 'SUBJECT_UPDATED');
    expect(renamed?.changes).toContainEqual({ field: 'attributes.firstName', before: null, after: 'Ada' });
    expect(renamed?.summary).toContain('attributes.firstName');

    // Nothing of another subject leaks in.
    const otherRes = await call(
      'GET',
      `/api/studies/${other.study.id}/patient/${other.subject.id}/audit`,
      admin,
    );
    expect(otherRes.json().entries.some((e: Entry) => e.action === 'SUBJECT_UPDATED')).toBe(false);
  });

  it('names questions and forms in the asked language where the form has it (issue 12 item 7)', async () => {
    const s = await subjectWithRecord();
    const [row] = await t.app.database.db
      .select()
      .from(formTemplates)
      .where(and(eq(formTemplates.studyId, s.study.id), eq(formTemplates.id, s.unexpectedFormId)));
    const document = row?.document as { title: Record<string, string>; questions: { question: object }[] };
    await t.app.database.db
      .update(formTemplates)
      .set({
        document: {
          ...document,
          title: { ...document.title, da: 'Vægtmåling' },
          questions: document.questions.map((q) => ({
            ...q,
            question: { en: '<p>Weight</p>', da: '<p>Vægt</p>' },
          })),
        },
      })
      .where(and(eq(formTemplates.studyId, s.study.id), eq(formTemplates.id, s.unexpectedFormId)));
    const inDanish = await call('GET', `${s.url}?language=da`, admin);
    expect(inDanish.statusCode, inDanish.body).toBe(200);
    const update = inDanish
      .json<{ entries: Entry[] }>()
      .entries.find((e) => e.action === 'QUESTIONNAIRE_UPDATED');
    expect(update?.form?.name).toBe('Vægtmåling');
    expect(update?.changes).toContainEqual({ field: 'answers.q1', label: 'Vægt', before: '70', after: '72' });
    // A language the form does not have falls back to the study's primary language.
    const inGerman = await call('GET', `${s.url}?language=de`, admin);
    const german = inGerman
      .json<{ entries: Entry[] }>()
      .entries.find((e) => e.action === 'QUESTIONNAIRE_UPDATED');
    expect(german?.changes).toContainEqual({
      field: 'answers.q1',
      label: 'Weight',
      before: '70',
      after: '72',
    });
    expect(german?.form?.name).toMatch(/^Weight /);
  });

  it('redacts restricted subject fields for a viewer without the field permission', async () => {
    const s = await subjectWithRecord();
    const monitor = await member(s.study.id, 'MONITOR');
    const hidden = await call('GET', s.url, monitor);
    expect(hidden.statusCode, hidden.body).toBe(200);
    const renamed = hidden.json().entries.find((e: Entry) => e.action === 'SUBJECT_UPDATED');
    expect(renamed.changes).toContainEqual({ field: 'attributes.firstName', before: null, after: REDACTED });
    expect(renamed.changes).toContainEqual({ field: 'attributes.lastName', before: null, after: REDACTED });
    expect(hidden.body).not.toContain('Lovelace');
    expect(hidden.body).not.toContain('"Ada"');

    const partly = await member(s.study.id, 'MONITOR', { extra: ['PATIENT_VIEW_FIRST_NAME'] });
    const shown = (await call('GET', s.url, partly)).json();
    const change = shown.entries.find((e: Entry) => e.action === 'SUBJECT_UPDATED');
    expect(change.changes).toContainEqual({ field: 'attributes.firstName', before: null, after: 'Ada' });
    expect(change.changes).toContainEqual({ field: 'attributes.lastName', before: null, after: REDACTED });
  });

  it('lets a doctor of the subject’s site see it; other sites and callers without the permissions get 403', async () => {
    const s = await setUpEnrolled(t.app, admin);
    const url = `/api/studies/${s.study.id}/patient/${s.subject.id}/audit`;
    const ownSite = await member(s.study.id, 'DOCTOR', { siteIds: [s.site.id] });
    expect((await call('GET', url, ownSite)).statusCode).toBe(200);
    const elsewhere = await buildSite(t.app, s.study.id);
    const otherSite = await member(s.study.id, 'DOCTOR', { siteIds: [elsewhere.id] });
    expect((await call('GET', url, otherSite)).statusCode).toBe(403);
    const monitorElsewhere = await member(s.study.id, 'MONITOR', { siteIds: [elsewhere.id] });
    expect((await call('GET', url, monitorElsewhere)).statusCode).toBe(403);
    // docs/ROLES.md: OTHER holds nothing.
    const other = await member(s.study.id, 'OTHER');
    expect((await call('GET', url, other)).statusCode).toBe(403);
    const stranger = await buildUser(t.app);
    const outsider = await loginAs(t.app, stranger.email, stranger.password);
    expect((await call('GET', url, outsider)).statusCode).toBe(403);
  });

  it('answers 404 for an unknown subject or one of another study', async () => {
    const s = await setUpEnrolled(t.app, admin);
    const unknown = await call('GET', `/api/studies/${s.study.id}/patient/${'f'.repeat(24)}/audit`, admin);
    expect(unknown.statusCode).toBe(404);
    const study = await buildStudy(t.app);
    const site = await buildSite(t.app, study.id);
    const elsewhere = await buildSubject(t.app, { studyId: study.id, siteId: site.id });
    const wrongStudy = await call('GET', `/api/studies/${s.study.id}/patient/${elsewhere.id}/audit`, admin);
    expect(wrongStudy.statusCode).toBe(404);
  });
});
