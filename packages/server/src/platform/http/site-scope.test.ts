// @module-tag json
import { REDACTED, type StudyRole } from '@trialbase/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildProcess,
  buildSite,
  buildStudy,
  buildUser,
  DEFAULT_PASSWORD,
  grantAccess,
  setStudySchedule,
} from '../../../test/factories';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { tokens } from '../../modules/enrollments/tokens/tables';
import { formTemplates } from '../../modules/forms/tables';
import { WEIGHT_FORM } from '../../modules/questionnaires/questionnaires-test-kit';
import { newId } from '../ids';

// docs/ROLES.md: the roles read sites, subjects, records, links and filled forms of their own
// sites only. A two-site study, one subject with a filled staff form at each site, and each
// role limited to one site: everything of the other site is refused or left out of lists.

let t: TestApp;
let admin: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());

function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  who: LoggedIn,
  payload?: object,
  extraHeaders: Record<string, string> = {},
) {
  const headers = { ...who.headers, ...extraHeaders };
  return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

async function member(studyId: string, role: StudyRole, siteId: string): Promise<LoggedIn> {
  const user = await buildUser(t.app);
  await grantAccess(t.app, { studyId, user, role, siteIds: [siteId] });
  return loginAs(t.app, user.email, DEFAULT_PASSWORD);
}

/** A subject registered, enrolled and its staff form filled by the study admin, at one site. */
async function filledAt(
  s: { studyId: string; processId: string; formId: string },
  siteId: string,
  names: { patientId: string; firstName: string },
) {
  const created = await call('POST', `/api/studies/${s.studyId}/sites/${siteId}/patients`, admin, {
    ...names,
    lastName: 'Hansen',
    email: `${names.patientId.toLowerCase()}@example.org`,
  });
  expect(created.statusCode, created.body).toBe(201);
  const subjectId = created.json<{ id: string }[]>()[0]?.id ?? '';
  const enrolled = await call('POST', `/api/studies/${s.studyId}/enrollments`, admin, {
    subjectId,
    siteId,
    processId: s.processId,
  });
  expect(enrolled.statusCode, enrolled.body).toBe(201);
  const enrollmentId = enrolled.json<{ id: string }[]>()[0]?.id ?? '';
  const [token] = await t.app.database.db.select().from(tokens).where(eq(tokens.enrollmentId, enrollmentId));
  const base = `/api/studies/${s.studyId}/enrollments/${enrollmentId}/tokens/${token?.id}`;
  const filled = await call('POST', `${base}/questionnaires`, admin, {
    formId: s.formId,
    answers: [{ question: 'q1', answerStrings: ['70'] }],
    isFinal: true,
  });
  expect(filled.statusCode, filled.body).toBe(200);
  const questionnaireId = filled.json<{ answerSet: { id: string; version: number } }>().answerSet.id;
  return { subjectId, enrollmentId, tokenId: token?.id ?? '', base, questionnaireId };
}

async function twoSiteStudy() {
  const study = await buildStudy(t.app);
  const site1 = await buildSite(t.app, study.id, { name: 'Site one' });
  const site2 = await buildSite(t.app, study.id, { name: 'Site two' });
  const now = new Date();
  const formId = newId(now);
  await t.app.database.db.insert(formTemplates).values({
    studyId: study.id,
    id: formId,
    name: `Weight ${formId.slice(-6)}`,
    type: 'TYPE_FORM',
    document: WEIGHT_FORM(formId) as Record<string, unknown>,
    createdBy: 'factory',
    createdAt: now,
    updatedAt: now,
  });
  const process = await buildProcess(t.app, {
    studyId: study.id,
    dataEvents: [
      {
        id: `ss${formId.slice(-8)}-e1`,
        type: 'TYPE_USER',
        forms: [formId],
        referenceDate: 'REGISTRATION',
        sendAs: 'NO_SEND_OUT',
      },
    ],
  });
  await setStudySchedule(t.app, study.id, { status: 'PRODUCTION' });
  await t.app.database.db.execute(
    sql`update study set verification_types = ${JSON.stringify(['QUESTION', 'NONE'])}::jsonb where id = ${study.id}`,
  );
  const s = { studyId: study.id, processId: process.id, formId };
  const one = await filledAt(s, site1.id, { patientId: 'S1-001', firstName: 'Ane' });
  const two = await filledAt(s, site2.id, { patientId: 'S2-001', firstName: 'Bo' });
  return { ...s, site1, site2, one, two, study: `/api/studies/${study.id}` };
}

type Study = Awaited<ReturnType<typeof twoSiteStudy>>;

async function listedSubjects(s: Study, who: LoggedIn) {
  const res = await call('POST', `${s.study}/patient/list`, who, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: { patientId: string; firstName: unknown; siteId: string }[] }>().items;
}

/** Every read of the other site's subject, records, links and filled form: refused. */
async function expectOtherSiteRefused(s: Study, who: LoggedIn, other: Study['two'], otherSiteId: string) {
  const urls = [
    `${s.study}/sites/${otherSiteId}`,
    `${s.study}/patient/${other.subjectId}`,
    `/api/patient/${other.subjectId}`,
    `${s.study}/patient/${other.subjectId}/audit`,
    `${s.study}/patient/lightList/${otherSiteId}`,
    `${s.study}/enrollments/subjects/${other.subjectId}`,
    `${s.study}/enrollments/${other.enrollmentId}`,
    `${s.study}/enrollments/${other.enrollmentId}/tokens`,
    `${s.study}/token/${other.tokenId}`,
    `${other.base}/questionnaires`,
    `${other.base}/questionnaireReviewData`,
    `${s.study}/token/questionnaires/${other.questionnaireId}/audit`,
  ];
  for (const url of urls) {
    const res = await call('GET', url, who);
    expect(res.statusCode, `GET ${url}`).toBe(403);
  }
}

describe(`docs/ROLES.md site scope on ${engine}`, () => {
  it('docs/ROLES.md: a DOCTOR of site 1 works with site 1 and never sees site 2’s subjects or forms', async () => {
    const s = await twoSiteStudy();
    const doctor = await member(s.studyId, 'DOCTOR', s.site1.id);

    // The screens' secondary calls: sites (own only), processes, forms.
    const sites = await call('GET', `${s.study}/sites`, doctor);
    expect(sites.statusCode, sites.body).toBe(200);
    expect(sites.json().sites.map((x: { id: string }) => x.id)).toEqual([s.site1.id]);
    expect((await call('GET', `${s.study}/pathway`, doctor)).statusCode).toBe(200);
    expect((await call('GET', `${s.study}/pathway/${s.processId}`, doctor)).statusCode).toBe(200);
    expect((await call('GET', `${s.study}/questionnairetemplate`, doctor)).statusCode).toBe(200);

    // Own site: the subject with its identity, the records, the filled form.
    const listed = await listedSubjects(s, doctor);
    expect(listed.map((x) => [x.patientId, x.firstName])).toEqual([['S1-001', 'Ane']]);
    expect((await call('GET', `${s.one.base}/questionnaires`, doctor)).statusCode).toBe(200);
    expect(
      (await call('GET', `${s.study}/enrollments/${s.one.enrollmentId}/tokens`, doctor)).statusCode,
    ).toBe(200);

    // Other site: refused, and nothing can be created or changed there.
    await expectOtherSiteRefused(s, doctor, s.two, s.site2.id);
    const create = await call('POST', `${s.study}/sites/${s.site2.id}/patients`, doctor, {
      patientId: 'X-1',
    });
    expect(create.statusCode).toBe(403);
    const update = await call('PUT', `${s.two.base}/questionnaires/${s.two.questionnaireId}`, doctor, {
      answers: [{ question: 'q1', answerStrings: ['71'] }],
      version: 1,
      comment: 'Wrong site',
    });
    expect(update.statusCode).toBe(403);
    // Sites named by the body or query (declared on the route, checked once the input is valid).
    const enrolThere = await call('POST', `${s.study}/enrollments`, doctor, {
      subjectId: s.two.subjectId,
      siteId: s.site2.id,
      processId: s.processId,
    });
    expect(enrolThere.statusCode, enrolThere.body).toBe(403);
    const rescheduleThere = await call('POST', `${s.study}/tokens/reschedule`, doctor, {
      tokens: [{ tokenId: s.two.tokenId, activationTime: new Date(Date.now() + 86_400_000).toISOString() }],
    });
    expect(rescheduleThere.statusCode, rescheduleThere.body).toBe(403);
    const reenrolThere = await call(
      'GET',
      `/api/study/${s.studyId}/canreenroll?subjectId=${s.two.subjectId}&processId=${s.processId}`,
      doctor,
    );
    expect(reenrolThere.statusCode, reenrolThere.body).toBe(403);
    const reenrolHere = await call(
      'GET',
      `/api/study/${s.studyId}/canreenroll?subjectId=${s.one.subjectId}&processId=${s.processId}`,
      doctor,
    );
    expect(reenrolHere.statusCode, reenrolHere.body).toBe(200);

    // Own site: register, enrol and fill.
    const created = await call('POST', `${s.study}/sites/${s.site1.id}/patients`, doctor, {
      patientId: 'S1-002',
      firstName: 'Cai',
    });
    expect(created.statusCode, created.body).toBe(201);
    const subjectId = created.json()[0].id as string;
    const enrolled = await call('POST', `${s.study}/enrollments`, doctor, {
      subjectId,
      siteId: s.site1.id,
      processId: s.processId,
    });
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    const enrollmentId = enrolled.json()[0].id as string;
    const [token] = await t.app.database.db
      .select()
      .from(tokens)
      .where(and(eq(tokens.studyId, s.studyId), eq(tokens.enrollmentId, enrollmentId)));
    const filled = await call(
      'POST',
      `${s.study}/enrollments/${enrollmentId}/tokens/${token?.id}/questionnaires`,
      doctor,
      { formId: s.formId, answers: [{ question: 'q1', answerStrings: ['80'] }], isFinal: true },
    );
    expect(filled.statusCode, filled.body).toBe(200);
  });

  it('docs/ROLES.md: a MONITOR of site 2 reads site 2 pseudonymised, verifies it, cannot change an answer, and sees nothing of site 1', async () => {
    const s = await twoSiteStudy();
    const monitor = await member(s.studyId, 'MONITOR', s.site2.id);
    const sites = await call('GET', `${s.study}/sites`, monitor);
    expect(sites.json().sites.map((x: { id: string }) => x.id)).toEqual([s.site2.id]);
    const listed = await listedSubjects(s, monitor);
    expect(listed.map((x) => [x.patientId, x.firstName])).toEqual([['S2-001', REDACTED]]);
    const subject = (await call('GET', `${s.study}/patient/${s.two.subjectId}`, monitor)).json();
    expect(subject).toMatchObject({ patientId: 'S2-001', firstName: REDACTED, email: REDACTED });
    expect((await call('GET', `${s.two.base}/questionnaireReviewData`, monitor)).statusCode).toBe(200);
    expect(
      (await call('GET', `${s.study}/enrollments/${s.two.enrollmentId}/tokens`, monitor)).statusCode,
    ).toBe(200);
    expect((await call('GET', `${s.study}/patient/${s.two.subjectId}/audit`, monitor)).statusCode).toBe(200);

    const verify = (questionnaireId: string) =>
      call('PUT', `${s.study}/questionnaires/${questionnaireId}/verification/primary`, monitor, {
        verified: true,
      });
    const verified = await verify(s.two.questionnaireId);
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await verify(s.one.questionnaireId)).statusCode).toBe(403);

    const change = await call('PUT', `${s.two.base}/questionnaires/${s.two.questionnaireId}`, monitor, {
      answers: [{ question: 'q1', answerStrings: ['71'] }],
      version: 1,
      comment: 'Monitor edit',
    });
    expect(change.statusCode).toBe(403);
    const fill = await call('POST', `${s.two.base}/questionnaires`, monitor, {
      formId: s.formId,
      answers: [],
      isFinal: false,
    });
    expect(fill.statusCode).toBe(403);
    await expectOtherSiteRefused(s, monitor, s.one, s.site1.id);
  });

  it('docs/ROLES.md: an INVESTIGATOR of site 1 reads site 1 with identities, signs off its enrollments, not site 2’s', async () => {
    const s = await twoSiteStudy();
    const investigator = await member(s.studyId, 'INVESTIGATOR', s.site1.id);
    const listed = await listedSubjects(s, investigator);
    expect(listed.map((x) => [x.patientId, x.firstName])).toEqual([['S1-001', 'Ane']]);
    expect((await call('GET', `${s.one.base}/questionnaireReviewData`, investigator)).statusCode).toBe(200);
    const change = await call('PUT', `${s.one.base}/questionnaires/${s.one.questionnaireId}`, investigator, {
      answers: [{ question: 'q1', answerStrings: ['71'] }],
      version: 1,
      comment: 'Investigator edit',
    });
    expect(change.statusCode).toBe(403);
    await expectOtherSiteRefused(s, investigator, s.two, s.site2.id);

    for (const e of [s.one, s.two]) {
      const ended = await call('PUT', `${s.study}/enrollments/${e.enrollmentId}/status`, admin, {
        status: 'COMPLETED',
        reason: 'Last visit done',
      });
      expect(ended.statusCode, ended.body).toBe(200);
    }
    const signOff = (enrollmentId: string) =>
      call(
        'PUT',
        `${s.study}/enrollments/${enrollmentId}/signOff`,
        investigator,
        { reason: 'Casebook reviewed' },
        { 'extended-validation': DEFAULT_PASSWORD },
      );
    const signed = await signOff(s.one.enrollmentId);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({ signOff: { reason: 'Casebook reviewed' } });
    expect((await signOff(s.two.enrollmentId)).statusCode).toBe(403);
  });

  it('docs/ROLES.md: a STUDY_HELPER of site 1 finds site 1’s subjects pseudonymised and records an unscheduled visit only there', async () => {
    const s = await twoSiteStudy();
    const helper = await member(s.studyId, 'STUDY_HELPER', s.site1.id);
    const listed = await listedSubjects(s, helper);
    expect(listed.map((x) => [x.patientId, x.firstName])).toEqual([['S1-001', REDACTED]]);
    // The process has no unscheduled events switched on: the site check comes first, then the rule.
    const own = await call('POST', `${s.study}/enrollments/${s.one.enrollmentId}/unexpected`, helper, {
      type: 'TYPE_UNEXPECTED',
    });
    expect(own.statusCode).not.toBe(403);
    const other = await call('POST', `${s.study}/enrollments/${s.two.enrollmentId}/unexpected`, helper, {
      type: 'TYPE_UNEXPECTED',
    });
    expect(other.statusCode).toBe(403);
    await expectOtherSiteRefused(s, helper, s.two, s.site2.id);
  });
});
