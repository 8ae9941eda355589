import type { FormTemplateDocumentInput, StudyRole } from '@trialbase/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildSite,
  buildSubject,
  buildUser,
  DEFAULT_PASSWORD,
  grantAccess,
  setStudySchedule,
} from '../../../../test/factories';
import {
  ADMIN_PASSWORD,
  createTestApp,
  engine,
  type LoggedIn,
  loginAs,
  type TestApp,
} from '../../../../test/harness';
import { auditEvents } from '../../../platform/audit/tables';
import { newId } from '../../../platform/ids';
import { formTemplates } from '../../forms/tables';
import { setUpEnrolled } from '../../questionnaires/questionnaires-test-kit';
import { studies } from '../../studies/tables';

let t: TestApp;
let admin: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
).toString('base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n').toString('base64');

/** The AE form of these tests: one question per step, each filled by its step's signer, plus a file and an image. */
function aeForm(id: string, sponsorInvolvement: 'ALWAYS' | 'SAE_ONLY' | 'NEVER'): FormTemplateDocumentInput {
  const text = (n: number, en: string, when: string, who: string[]) => ({
    id: `q${n}`,
    order: n,
    type: 'TEXT_SENTENCE' as const,
    question: { en },
    mandatoryWhen: when as 'REPORTED',
    fillOutPermissions: who as 'REPORTERS'[],
  });
  return {
    id,
    title: { en: `AE form ${id.slice(-6)}` },
    type: 'TYPE_AE',
    aeFormTemplate: 'CUSTOM',
    sponsorInvolvement,
    questions: [
      text(1, 'What happened?', 'REPORTED', ['REPORTERS']),
      text(2, 'Causality', 'INVESTIGATOR_CLASSIFICATION', ['INVESTIGATOR']),
      text(3, 'Sponsor assessment', 'SPONSOR_CLASSIFICATION', ['SPONSOR']),
      text(4, 'Outcome', 'FOLLOW_UP', ['INVESTIGATOR']),
      text(5, 'Sponsor conclusion', 'SPONSOR_FOLLOW_UP', ['SPONSOR']),
      { id: 'q6', order: 6, type: 'FILE', question: { en: 'Discharge letter' }, mandatoryWhen: 'NEVER' },
      { id: 'q7', order: 7, type: 'IMAGE', question: { en: 'Photo' } },
    ],
  };
}

async function insertAeForm(
  studyId: string,
  options: { isDefault: boolean; sponsor: 'ALWAYS' | 'SAE_ONLY' | 'NEVER' },
): Promise<string> {
  const now = new Date();
  const id = newId(now);
  await t.app.database.db.insert(formTemplates).values({
    studyId,
    id,
    name: `AE form ${id.slice(-6)}`,
    type: 'TYPE_AE',
    document: aeForm(id, options.sponsor) as Record<string, unknown>,
    isDefaultAeForm: options.isDefault,
    createdBy: 'factory',
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

type Staff = { headers: Record<string, string>; name: string };

async function staff(
  studyId: string,
  role: StudyRole,
  siteIds: 'ALL' | string[],
  name: string,
): Promise<Staff> {
  const [firstName, lastName] = name.split(' ');
  const user = await buildUser(t.app, { firstName, lastName });
  await grantAccess(t.app, { studyId, user, role, siteIds });
  return { headers: (await loginAs(t.app, user.email, DEFAULT_PASSWORD)).headers, name };
}

/** A production study, an enrolled subject at site A, another site B with its own subject, AE forms and staff. */
async function setUp(options: { sponsor?: 'ALWAYS' | 'SAE_ONLY' | 'NEVER' } = {}) {
  const s = await setUpEnrolled(t.app, admin);
  const studyId = s.study.id;
  const formId = await insertAeForm(studyId, { isDefault: true, sponsor: options.sponsor ?? 'ALWAYS' });
  const otherFormId = await insertAeForm(studyId, { isDefault: false, sponsor: 'NEVER' });
  const siteB = await buildSite(t.app, studyId);
  const subjectB = await buildSubject(t.app, { studyId, siteId: siteB.id });
  const enrolB = await t.app.inject({
    method: 'POST',
    url: `/api/studies/${studyId}/enrollments`,
    headers: admin.headers,
    payload: { subjectId: subjectB.id, siteId: siteB.id, processId: s.process.id },
  });
  expect(enrolB.statusCode, enrolB.body).toBe(201);
  return {
    ...s,
    studyId,
    formId,
    otherFormId,
    siteB,
    enrollmentB: enrolB.json<{ id: string }[]>()[0]?.id ?? '',
    doctor: await staff(studyId, 'DOCTOR', [s.site.id], 'Dora Doctor'),
    investigator: await staff(studyId, 'INVESTIGATOR', [s.site.id], 'Ivan Investigator'),
    sponsor: await staff(studyId, 'ADMIN', 'ALL', 'Sonja Sponsor'),
    doctorB: await staff(studyId, 'DOCTOR', [siteB.id], 'Bert Doctor'),
    monitor: await staff(studyId, 'MONITOR', 'ALL', 'Mona Monitor'),
  };
}

type Setup = Awaited<ReturnType<typeof setUp>>;
type View = {
  id: string;
  siteId: string;
  tokenId: string;
  questionnaireId: string;
  signed: string[];
  steps: string[];
  nextStep: string | null;
  isComplete: boolean;
  signatures: { step: string; signedByName: string; meaning: string; signedTime: string }[];
  amendments: { reason: string; questionIds: string[]; amendedByName: string }[];
  answers: { question: string; answerStrings: string[] }[];
  abilities: { canSign: boolean; editableQuestions: string[] };
};

function call(
  who: Staff | LoggedIn,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  password?: string,
) {
  const headers = { ...who.headers, ...(password !== undefined ? { 'extended-validation': password } : {}) };
  return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

const answer = (question: string, value: string) => ({ question, answerStrings: [value] });

async function create(s: Setup, who: Staff = s.doctor, body: object = {}): Promise<View> {
  const res = await call(who, 'POST', `${s.enrollmentBase}/customaereports/questionnaire`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<View>();
}

const signUrl = (s: Setup, r: View, step: string, siteId = r.siteId, save = false) =>
  `/api/studies/${s.studyId}/sites/${siteId}/customaereports/${r.id}/${step}${save ? '?save=true' : ''}`;
const saveUrl = (s: Setup, r: View) =>
  `${s.enrollmentBase}/tokens/${r.tokenId}/questionnaires/${r.questionnaireId}/customaereports`;

async function sign(s: Setup, who: Staff, r: View, step: string, answers?: object[]): Promise<View> {
  const res = await call(
    who,
    'PUT',
    signUrl(s, r, step, r.siteId, answers !== undefined),
    { answers },
    DEFAULT_PASSWORD,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<View>();
}

async function auditOf(studyId: string, entityId: string) {
  return t.app.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.studyId, studyId), eq(auditEvents.entityId, entityId)))
    .orderBy(asc(auditEvents.ticket));
}

describe(`custom AE reports: create, fill and sign each step (${engine})`, () => {
  it('signs REPORTED → investigator classification → sponsor classification → follow-up → sponsor follow-up in order, each step needing its questions', async () => {
    const s = await setUp();
    const report = await create(s, s.doctor, { answers: [] });
    expect(report).toMatchObject({
      signed: [],
      nextStep: 'REPORTED',
      steps: [
        'REPORTED',
        'INVESTIGATOR_CLASSIFICATION',
        'SPONSOR_CLASSIFICATION',
        'FOLLOW_UP',
        'SPONSOR_FOLLOW_UP',
      ],
    });
    expect(report.abilities.editableQuestions).toEqual(['q1', 'q6', 'q7']);

    // No password, a wrong one: refused, nothing signed.
    const noPassword = await call(s.doctor, 'PUT', signUrl(s, report, 'REPORTED'), {});
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().type).toBe('EXTENDED_VALIDATION');
    const wrong = await call(s.doctor, 'PUT', signUrl(s, report, 'REPORTED'), {}, 'not-my-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().type).toBe('EXTENDED_VALIDATION');
    // mandatoryWhen REPORTED: q1 must be answered first.
    const missing = await call(s.doctor, 'PUT', signUrl(s, report, 'REPORTED'), {}, DEFAULT_PASSWORD);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().context.issues).toEqual([
      expect.objectContaining({ path: ['answers', 'q1'], message: 'PUBLIC.VALIDATION.REQUIRED' }),
    ]);
    // Out of order: classification before the report is signed, by the investigator.
    const early = await call(
      s.investigator,
      'PUT',
      signUrl(s, report, 'INVESTIGATOR_CLASSIFICATION'),
      {},
      DEFAULT_PASSWORD,
    );
    expect(early.statusCode).toBe(409);
    expect(early.json().context.reason).toBe('OUT_OF_ORDER');
    // A role without the step's permission: 403 (the doctor cannot classify, the investigator cannot sign for the sponsor).
    expect(
      (await call(s.doctor, 'PUT', signUrl(s, report, 'INVESTIGATOR_CLASSIFICATION'), {}, DEFAULT_PASSWORD))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(s.investigator, 'PUT', signUrl(s, report, 'SPONSOR_CLASSIFICATION'), {}, DEFAULT_PASSWORD))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(s.monitor, 'PUT', signUrl(s, report, 'REPORTED'), {}, DEFAULT_PASSWORD)).statusCode,
    ).toBe(403);

    // save=true: the answer is saved and the step signed in one call.
    const reported = await sign(s, s.doctor, report, 'REPORTED', [answer('q1', 'Rash on both arms')]);
    expect(reported.signed).toEqual(['REPORTED']);
    expect(reported.signatures[0]).toMatchObject({
      step: 'REPORTED',
      signedByName: 'Dora Doctor',
      meaning: 'Report of the adverse event',
    });
    // Signed again: ALREADY_SIGNED.
    const again = await call(s.doctor, 'PUT', signUrl(s, report, 'REPORTED'), {}, DEFAULT_PASSWORD);
    expect(again.json().context.reason).toBe('ALREADY_SIGNED');
    // A signed step's question changes only by amendment; the investigator's question is not the doctor's.
    const frozen = await call(s.doctor, 'PUT', saveUrl(s, report), { answers: [answer('q1', 'Changed')] });
    expect(frozen.statusCode).toBe(400);
    expect(frozen.json().context.issues[0]).toMatchObject({
      path: ['answers', 'q1'],
      message: 'AE_REPORT_SIGNED',
    });
    const notMine = await call(s.doctor, 'PUT', saveUrl(s, report), { answers: [answer('q2', 'Related')] });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().context.issues[0]).toMatchObject({
      path: ['answers', 'q2'],
      message: 'NOT_ALLOWED',
    });

    // The investigator saves, then signs classification (mandatoryWhen INVESTIGATOR_CLASSIFICATION).
    const noCausality = await call(
      s.investigator,
      'PUT',
      signUrl(s, report, 'INVESTIGATOR_CLASSIFICATION'),
      {},
      DEFAULT_PASSWORD,
    );
    expect(noCausality.statusCode).toBe(400);
    expect(noCausality.json().context.issues[0].path).toEqual(['answers', 'q2']);
    const saved = await call(s.investigator, 'PUT', saveUrl(s, report), {
      answers: [answer('q2', 'Probably related')],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const classified = await sign(s, s.investigator, report, 'INVESTIGATOR_CLASSIFICATION');
    expect(classified.nextStep).toBe('SPONSOR_CLASSIFICATION');
    // Follow-up before the sponsor's classification: out of order.
    const skip = await call(
      s.investigator,
      'PUT',
      signUrl(s, report, 'FOLLOW_UP', report.siteId, true),
      { answers: [answer('q4', 'Recovered')] },
      DEFAULT_PASSWORD,
    );
    expect(skip.statusCode).toBe(409);
    expect(skip.json().context).toMatchObject({ reason: 'OUT_OF_ORDER', next: 'SPONSOR_CLASSIFICATION' });

    await sign(s, s.sponsor, report, 'SPONSOR_CLASSIFICATION', [answer('q3', 'Expected')]);
    const missingOutcome = await call(
      s.investigator,
      'PUT',
      signUrl(s, report, 'FOLLOW_UP'),
      {},
      DEFAULT_PASSWORD,
    );
    expect(missingOutcome.json().context.issues[0].path).toEqual(['answers', 'q4']);
    await sign(s, s.investigator, report, 'FOLLOW_UP', [answer('q4', 'Recovered')]);
    const done = await sign(s, s.sponsor, report, 'SPONSOR_FOLLOW_UP', [answer('q5', 'Closed')]);
    expect(done).toMatchObject({ isComplete: true, nextStep: null });
    expect(done.signatures.map((x) => [x.step, x.signedByName])).toEqual([
      ['REPORTED', 'Dora Doctor'],
      ['INVESTIGATOR_CLASSIFICATION', 'Ivan Investigator'],
      ['SPONSOR_CLASSIFICATION', 'Sonja Sponsor'],
      ['FOLLOW_UP', 'Ivan Investigator'],
      ['SPONSOR_FOLLOW_UP', 'Sonja Sponsor'],
    ]);
    expect(done.abilities.editableQuestions).toEqual([]);

    const events = await auditOf(s.studyId, report.id);
    expect(events.map((e) => e.action)).toEqual([
      'AE_REPORT_CREATED',
      'AE_REPORT_SAVED',
      'AE_REPORT_SIGNED',
      'AE_REPORT_SAVED',
      'AE_REPORT_SIGNED',
      'AE_REPORT_SAVED',
      'AE_REPORT_SIGNED',
      'AE_REPORT_SAVED',
      'AE_REPORT_SIGNED',
      'AE_REPORT_SAVED',
      'AE_REPORT_SIGNED',
    ]);
  });

  it('leaves the sponsor steps out when the form says NEVER, and refuses them (SPONSOR_NOT_INVOLVED)', async () => {
    const s = await setUp({ sponsor: 'SAE_ONLY' });
    const report = await create(s, s.doctor, { sae: false, answers: [answer('q1', 'Headache')] });
    expect(report.steps).toEqual(['REPORTED', 'INVESTIGATOR_CLASSIFICATION', 'FOLLOW_UP']);
    await sign(s, s.doctor, report, 'REPORTED');
    await sign(s, s.investigator, report, 'INVESTIGATOR_CLASSIFICATION', [answer('q2', 'Unrelated')]);
    const sponsor = await call(
      s.sponsor,
      'PUT',
      signUrl(s, report, 'SPONSOR_CLASSIFICATION'),
      {},
      DEFAULT_PASSWORD,
    );
    expect(sponsor.statusCode).toBe(409);
    expect(sponsor.json().context.reason).toBe('SPONSOR_NOT_INVOLVED');
    const done = await sign(s, s.investigator, report, 'FOLLOW_UP', [answer('q4', 'Resolved')]);
    expect(done.isComplete).toBe(true);
    // A serious event on a SAE_ONLY form involves the sponsor.
    const serious = await create(s, s.doctor, { sae: true });
    expect(serious.steps).toContain('SPONSOR_CLASSIFICATION');
  });
});

describe(`custom AE reports: sites, roles and reads (${engine})`, () => {
  it('keeps site-limited users to their sites and checks each route’s permission', async () => {
    const s = await setUp();
    const report = await create(s, s.doctor, { answers: [answer('q1', 'Fever')] });
    // Doctor B cannot start a report for a subject at site A.
    expect(
      (await call(s.doctorB, 'POST', `${s.enrollmentBase}/customaereports/questionnaire`, {})).statusCode,
    ).toBe(403);
    const createdB = await call(
      s.doctorB,
      'POST',
      `/api/studies/${s.studyId}/enrollments/${s.enrollmentB}/customaereports/questionnaire`,
      {},
    );
    expect(createdB.statusCode, createdB.body).toBe(201);

    // Reads: the report's site only.
    expect(
      (await call(s.doctor, 'GET', `/api/studies/${s.studyId}/customaereports/${report.id}`)).statusCode,
    ).toBe(200);
    expect(
      (await call(s.doctorB, 'GET', `/api/studies/${s.studyId}/customaereports/${report.id}`)).statusCode,
    ).toBe(403);
    expect(
      (
        await call(
          s.doctorB,
          'GET',
          `${s.enrollmentBase}/tokens/${report.tokenId}/questionnaires/customaereports`,
        )
      ).statusCode,
    ).toBe(403);
    const token = await call(
      s.doctor,
      'GET',
      `${s.enrollmentBase}/tokens/${report.tokenId}/questionnaires/customaereports`,
    );
    expect(token.statusCode).toBe(200);
    expect(token.json().answers).toEqual([
      expect.objectContaining({ question: 'q1', answerStrings: ['Fever'] }),
    ]);
    // Lists: each caller sees the sites they hold AE_LIST for.
    const listA = await call(s.doctor, 'GET', `/api/studies/${s.studyId}/customaereports`);
    expect(listA.json().reports.map((r: View) => r.id)).toEqual([report.id]);
    const listB = await call(s.doctorB, 'GET', `/api/studies/${s.studyId}/customaereports`);
    expect(listB.json().reports.map((r: View) => r.siteId)).toEqual([s.siteB.id]);
    const all = await call(s.sponsor, 'GET', `/api/studies/${s.studyId}/customaereports`);
    expect(all.json().total).toBe(2);
    expect(all.json().forms.map((f: { id: string }) => f.id)).toEqual([s.formId, s.otherFormId]);

    // Sign at the wrong site: the URL's site must be the report's (404), and the caller's (403).
    expect(
      (await call(s.doctorB, 'PUT', signUrl(s, report, 'REPORTED', s.siteB.id), {}, DEFAULT_PASSWORD))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(s.doctorB, 'PUT', signUrl(s, report, 'REPORTED'), {}, DEFAULT_PASSWORD)).statusCode,
    ).toBe(403);
    // Saves: the doctor of another site cannot, the monitor (no AE_CREATE) cannot start one.
    expect((await call(s.doctorB, 'PUT', saveUrl(s, report), { answers: [] })).statusCode).toBe(403);
    expect(
      (await call(s.monitor, 'POST', `${s.enrollmentBase}/customaereports/questionnaire`, {})).statusCode,
    ).toBe(403);
    expect(
      (await call(s.monitor, 'GET', `/api/studies/${s.studyId}/customaereports/${report.id}`)).statusCode,
    ).toBe(200);
    // A report's link named under another enrollment is not found.
    const elsewhere = `/api/studies/${s.studyId}/enrollments/${s.enrollmentB}/tokens/${report.tokenId}/questionnaires/${report.questionnaireId}/customaereports`;
    expect((await call(s.sponsor, 'PUT', elsewhere, { answers: [] })).statusCode).toBe(404);
    // A form that is not an AE form is refused; the named AE form is used.
    const notAe = await call(s.doctor, 'POST', `${s.enrollmentBase}/customaereports/questionnaire`, {
      // A fresh id, no form's (changing the last digit of the form's id could name the other AE
      // form: ids are time-ordered, so two forms made in a row can differ only there).
      formId: newId(new Date()),
    });
    expect(notAe.statusCode).toBe(400);
    const other = await create(s, s.doctor, { formId: s.otherFormId });
    expect(other).toMatchObject({
      formId: s.otherFormId,
      steps: ['REPORTED', 'INVESTIGATOR_CLASSIFICATION', 'FOLLOW_UP'],
    });
  });

  it('asks for the password on saves when the study enables extended validation', async () => {
    const s = await setUp();
    await t.app.database.db
      .update(studies)
      .set({ extendedValidation: true })
      .where(eq(studies.id, s.studyId));
    const noPassword = await call(s.doctor, 'POST', `${s.enrollmentBase}/customaereports/questionnaire`, {});
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().type).toBe('EXTENDED_VALIDATION');
    const res = await call(
      s.doctor,
      'POST',
      `${s.enrollmentBase}/customaereports/questionnaire`,
      {},
      DEFAULT_PASSWORD,
    );
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json<View>();
    expect(
      (await call(s.doctor, 'PUT', saveUrl(s, r), { answers: [answer('q1', 'x')] }, 'wrong')).statusCode,
    ).toBe(400);
    expect(
      (await call(s.doctor, 'PUT', saveUrl(s, r), { answers: [answer('q1', 'x')] }, DEFAULT_PASSWORD))
        .statusCode,
    ).toBe(200);
  });
});

describe(`custom AE reports: amendment, files and the active AE form (${engine})`, () => {
  it('amends signed answers with a reason and the password, keeping before and after in the audit trail', async () => {
    const s = await setUp();
    const r = await create(s, s.doctor, { answers: [answer('q1', 'Nausea')] });
    const amendUrl = `${saveUrl(s, r)}/amendment`;
    const unsigned = await call(
      s.doctor,
      'PUT',
      amendUrl,
      { answers: [answer('q1', 'Vomiting')], reason: 'Typo' },
      DEFAULT_PASSWORD,
    );
    expect(unsigned.statusCode).toBe(409);
    expect(unsigned.json().context.reason).toBe('NOT_SIGNED');
    await sign(s, s.doctor, r, 'REPORTED');
    expect(
      (await call(s.doctor, 'PUT', amendUrl, { answers: [answer('q1', 'Vomiting')] }, DEFAULT_PASSWORD))
        .statusCode,
    ).toBe(400);
    expect(
      (await call(s.doctor, 'PUT', amendUrl, { answers: [answer('q1', 'Vomiting')], reason: 'Typo' })).json()
        .type,
    ).toBe('EXTENDED_VALIDATION');
    expect(
      (
        await call(
          s.doctor,
          'PUT',
          amendUrl,
          { answers: [answer('q1', 'Vomiting')], reason: 'Typo' },
          'wrong',
        )
      ).json().type,
    ).toBe('EXTENDED_VALIDATION');
    // The signed step's mandatory answer cannot be emptied by an amendment.
    const emptied = await call(
      s.doctor,
      'PUT',
      amendUrl,
      { answers: [{ question: 'q1', answerStrings: [] }], reason: 'Remove' },
      DEFAULT_PASSWORD,
    );
    expect(emptied.statusCode).toBe(400);
    expect(
      (
        await call(
          s.doctorB,
          'PUT',
          amendUrl,
          { answers: [answer('q1', 'V')], reason: 'x' },
          DEFAULT_PASSWORD,
        )
      ).statusCode,
    ).toBe(403);
    const ok = await call(
      s.doctor,
      'PUT',
      amendUrl,
      { answers: [answer('q1', 'Vomiting')], reason: 'Source document says vomiting' },
      DEFAULT_PASSWORD,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().amendments).toEqual([
      expect.objectContaining({
        reason: 'Source document says vomiting',
        questionIds: ['q1'],
        amendedByName: 'Dora Doctor',
      }),
    ]);
    const [event] = (await auditOf(s.studyId, r.id)).filter((e) => e.action === 'AE_REPORT_AMENDED');
    expect(event?.reason).toBe('Source document says vomiting');
    expect(event?.before).toMatchObject({ answers: { q1: { answerStrings: ['Nausea'] } } });
    expect(event?.after).toMatchObject({ answers: { q1: { answerStrings: ['Vomiting'] } } });
  });

  it('uploads files and images through the AE report calls and serves its images at the report’s site', async () => {
    const s = await setUp();
    const r = await create(s, s.doctor);
    const fileUrl = (q: string) =>
      `/api/studies/${s.studyId}/tokens/${r.tokenId}/forms/${s.formId}/questions/${q}/answerFiles/customaereports`;
    const pdf = await call(s.doctor, 'POST', fileUrl('q6'), { fileName: 'letter.pdf', dataBase64: PDF });
    expect(pdf.statusCode, pdf.body).toBe(201);
    const dots = await call(s.doctor, 'POST', fileUrl('q6'), { fileName: 'letter.v2.pdf', dataBase64: PDF });
    expect(dots.statusCode).toBe(400);
    expect(dots.json().id).toBe('INVALID_FILENAME_DOTS');
    expect(
      (await call(s.doctor, 'POST', fileUrl('q1'), { fileName: 'a.pdf', dataBase64: PDF })).statusCode,
    ).toBe(400);
    expect(
      (await call(s.doctorB, 'POST', fileUrl('q6'), { fileName: 'letter.pdf', dataBase64: PDF })).statusCode,
    ).toBe(403);
    const image = await call(s.doctor, 'POST', fileUrl('q7'), { fileName: 'photo.png', dataBase64: PNG });
    expect(image.statusCode, image.body).toBe(201);
    const imageId = image.json().id as string;
    const read = await call(
      s.doctor,
      'GET',
      `/api/studies/${s.studyId}/answerImages/${imageId}/customaereport`,
    );
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(
      (await call(s.doctorB, 'GET', `/api/studies/${s.studyId}/answerImages/${imageId}/customaereport`))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(s.doctor, 'GET', `/api/studies/${s.studyId}/answerImages/${pdf.json().id}/customaereport`))
        .statusCode,
    ).toBe(404);
    // Before a report exists: the site/enrollment AE upload.
    const siteUrl = (siteId: string, enrollmentId: string) =>
      `/api/studies/${s.studyId}/sites/${siteId}/enrollments/${enrollmentId}/forms/${s.formId}/questions/q6/answerFiles`;
    expect(
      (
        await call(s.doctor, 'POST', siteUrl(s.site.id, s.enrollmentId), {
          fileName: 'scan.pdf',
          dataBase64: PDF,
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await call(s.doctor, 'POST', siteUrl(s.siteB.id, s.enrollmentB), {
          fileName: 'scan.pdf',
          dataBase64: PDF,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(s.doctorB, 'POST', siteUrl(s.siteB.id, s.enrollmentId), {
          fileName: 'scan.pdf',
          dataBase64: PDF,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses to delete an AE form that holds reports or is the default (DELETE_ACTIVE_AE_FORM)', async () => {
    const s = await setUp();
    await create(s, s.doctor, { formId: s.otherFormId });
    await setStudySchedule(t.app, s.studyId, { status: 'STUDY_STATUS_BUILD' });
    for (const formId of [s.otherFormId, s.formId]) {
      const res = await call(admin, 'DELETE', `/api/studies/${s.studyId}/questionnairetemplate/${formId}`);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().id).toBe('DELETE_ACTIVE_AE_FORM');
    }
    const unused = await insertAeForm(s.studyId, { isDefault: false, sponsor: 'NEVER' });
    expect(
      (await call(admin, 'DELETE', `/api/studies/${s.studyId}/questionnairetemplate/${unused}`)).statusCode,
    ).toBe(204);
  });
});

describe(`custom AE reports: study status and soft delete (${engine})`, () => {
  it('a locked, completed or anonymized study refuses start, save, sign, amendment and uploads with STUDY_STATUS_MISMATCH', async () => {
    const s = await setUp();
    const open = await create(s, s.doctor, { answers: [answer('q1', 'Cough')] });
    const signed = await create(s, s.doctor, { answers: [answer('q1', 'Fever')] });
    await sign(s, s.doctor, signed, 'REPORTED');
    const fileUrl = `/api/studies/${s.studyId}/tokens/${open.tokenId}/forms/${s.formId}/questions/q6/answerFiles/customaereports`;
    const siteFileUrl = `/api/studies/${s.studyId}/sites/${s.site.id}/enrollments/${s.enrollmentId}/forms/${s.formId}/questions/q6/answerFiles`;
    const writes: [string, () => ReturnType<typeof call>][] = [
      ['start', () => call(s.doctor, 'POST', `${s.enrollmentBase}/customaereports/questionnaire`, {})],
      ['save', () => call(s.doctor, 'PUT', saveUrl(s, open), { answers: [answer('q1', 'Locked')] })],
      ['sign', () => call(s.doctor, 'PUT', signUrl(s, open, 'REPORTED'), {}, DEFAULT_PASSWORD)],
      [
        'amend',
        () =>
          call(
            s.doctor,
            'PUT',
            `${saveUrl(s, signed)}/amendment`,
            { answers: [answer('q1', 'High fever')], reason: 'Source says high' },
            DEFAULT_PASSWORD,
          ),
      ],
      ['upload', () => call(s.doctor, 'POST', fileUrl, { fileName: 'letter.pdf', dataBase64: PDF })],
      ['site upload', () => call(s.doctor, 'POST', siteFileUrl, { fileName: 'scan.pdf', dataBase64: PDF })],
    ];
    const lock = await call(admin, 'POST', `/api/study/${s.studyId}/lock`, { reason: 'Database lock' });
    expect(lock.statusCode, lock.body).toBe(200);
    for (const status of ['LOCKED', 'COMPLETED', 'ANONYMIZED']) {
      if (status !== 'LOCKED') {
        await t.app.database.db.update(studies).set({ status }).where(eq(studies.id, s.studyId));
      }
      for (const [name, write] of writes) {
        const res = await write();
        expect(res.statusCode, `${status} ${name}: ${res.body}`).toBe(409);
        expect(res.json()).toMatchObject({ id: 'STUDY_STATUS_MISMATCH', context: { status } });
      }
    }
    const list = await call(s.sponsor, 'GET', `/api/studies/${s.studyId}/customaereports`);
    expect(list.json().total).toBe(2);
    const stored = await call(s.doctor, 'GET', `/api/studies/${s.studyId}/customaereports/${open.id}`);
    expect(stored.json<View>()).toMatchObject({
      signed: [],
      answers: [expect.objectContaining({ answerStrings: ['Cough'] })],
    });
    expect((await auditOf(s.studyId, signed.id)).map((e) => e.action)).not.toContain('AE_REPORT_AMENDED');
  });

  it('DELETE /study/{studyId}/ae2/{id} removes a report with its reason (storage lists it), restore brings it back', async () => {
    const s = await setUp();
    const r = await create(s, s.doctor, { answers: [answer('q1', 'Entered for the wrong subject')] });
    const url = `/api/study/${s.studyId}/ae2/${r.id}`;
    const reason = encodeURIComponent('Wrong subject');
    expect((await call(s.doctor, 'DELETE', `${url}?reason=${reason}`)).statusCode).toBe(403);
    expect((await call(s.sponsor, 'DELETE', url)).statusCode).toBe(400);
    const removed = await call(s.sponsor, 'DELETE', `${url}?reason=${reason}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ type: 'ae2', id: r.id, siteId: s.site.id });
    // The list leaves it out; read alone it shows removed; it takes no save or signature.
    const list = await call(s.sponsor, 'GET', `/api/studies/${s.studyId}/customaereports`);
    expect(list.json().reports.map((x: View) => x.id)).not.toContain(r.id);
    const view = await call(s.sponsor, 'GET', `/api/studies/${s.studyId}/customaereports/${r.id}`);
    expect(view.json()).toMatchObject({
      isRemoved: true,
      abilities: { canSign: false, editableQuestions: [] },
    });
    const save = await call(s.doctor, 'PUT', saveUrl(s, r), { answers: [answer('q1', 'x')] });
    expect(save.statusCode).toBe(409);
    const signing = await call(s.doctor, 'PUT', signUrl(s, r, 'REPORTED'), {}, DEFAULT_PASSWORD);
    expect(signing.statusCode).toBe(409);
    expect(signing.json().context.reason).toBe('REMOVED');
    // The storage page lists it with the reason; removing it twice is refused.
    const storage = await call(s.sponsor, 'GET', `/api/study/${s.studyId}/storage`);
    expect(storage.json().items).toEqual([
      expect.objectContaining({ type: 'ae2', id: r.id, reason: 'Wrong subject' }),
    ]);
    expect((await call(s.sponsor, 'DELETE', `${url}?reason=${reason}`)).statusCode).toBe(409);
    // Restored: listed and signable again, the storage empty; the report's own history shows both.
    const restored = await call(s.sponsor, 'PUT', `${url}/isRemoved`, { reason: 'Right subject after all' });
    expect(restored.statusCode, restored.body).toBe(204);
    const back = await call(s.sponsor, 'GET', `/api/studies/${s.studyId}/customaereports`);
    expect(back.json().reports.map((x: View) => x.id)).toContain(r.id);
    expect((await call(s.sponsor, 'GET', `/api/study/${s.studyId}/storage`)).json().items).toEqual([]);
    await sign(s, s.doctor, r, 'REPORTED');
    const actions = (await auditOf(s.studyId, r.id)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['AE_REPORT_REMOVED', 'AE_REPORT_RESTORED']));
    expect(actions.indexOf('AE_REPORT_REMOVED')).toBeLessThan(actions.indexOf('AE_REPORT_RESTORED'));
  });
});

describe(`custom AE reports: each step's signature by each study role of spec 000 §6 (${engine})`, () => {
  const ROLES = ['INVESTIGATOR', 'STUDY_HELPER', 'MONITOR', 'DOCTOR', 'ADMIN', 'OTHER'] as const;
  const STEPS = [
    'REPORTED',
    'INVESTIGATOR_CLASSIFICATION',
    'SPONSOR_CLASSIFICATION',
    'FOLLOW_UP',
    'SPONSOR_FOLLOW_UP',
  ] as const;
  /**
   * Spec 000 §6 and docs/ROLES.md: reporters report, the investigator classifies and follows up, the
   * ADMIN (AE sponsor, the union) signs every step. Every report call needs AE_VIEW at the report's
   * site besides the step's permission, so the STUDY_HELPER (AE_CREATE without AE_VIEW) starts a
   * report but does not sign it.
   */
  const MAY_SIGN: Record<(typeof STEPS)[number], readonly StudyRole[]> = {
    REPORTED: ['INVESTIGATOR', 'DOCTOR', 'ADMIN'],
    INVESTIGATOR_CLASSIFICATION: ['INVESTIGATOR', 'ADMIN'],
    SPONSOR_CLASSIFICATION: ['ADMIN'],
    FOLLOW_UP: ['INVESTIGATOR', 'ADMIN'],
    SPONSOR_FOLLOW_UP: ['ADMIN'],
  };
  const QUESTION: Record<string, string> = {
    q1: 'REPORTED',
    q2: 'INVESTIGATOR_CLASSIFICATION',
    q3: 'SPONSOR_CLASSIFICATION',
    q4: 'FOLLOW_UP',
    q5: 'SPONSOR_FOLLOW_UP',
  };
  const questionOf = (step: string) => Object.entries(QUESTION).find(([, s]) => s === step)?.[0] ?? 'q1';

  it('refuses roles without the step’s permission, a missing and a wrong password and a later step first; each holder signs in order', async () => {
    const s = await setUp();
    const byRole = {} as Record<(typeof ROLES)[number], Staff>;
    for (const role of ROLES) byRole[role] = await staff(s.studyId, role, 'ALL', `${role} Signer`);
    /** A report with every step before `step` signed and `step`'s own question answered (by the system admin). */
    const reportAt = async (step: (typeof STEPS)[number]) => {
      const r = await create(s, admin as unknown as Staff, { answers: [answer('q1', 'Rash')] });
      for (const done of STEPS.slice(0, STEPS.indexOf(step))) {
        const res = await call(
          admin,
          'PUT',
          signUrl(s, r, done, r.siteId, true),
          { answers: [answer(questionOf(done), `Answer of ${done}`)] },
          ADMIN_PASSWORD,
        );
        expect(res.statusCode, res.body).toBe(200);
      }
      const saved = await call(admin, 'PUT', saveUrl(s, r), {
        answers: [answer(questionOf(step), `Answer of ${step}`)],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      return r;
    };
    for (const step of STEPS) {
      const r = await reportAt(step);
      for (const role of ROLES.filter((x) => !MAY_SIGN[step].includes(x))) {
        const res = await call(byRole[role], 'PUT', signUrl(s, r, step), {}, DEFAULT_PASSWORD);
        expect(res.statusCode, `${role} ${step}`).toBe(403);
      }
      for (const [i, role] of MAY_SIGN[step].entries()) {
        const target = i === 0 ? r : await reportAt(step);
        const missing = await call(byRole[role], 'PUT', signUrl(s, target, step), {});
        expect(missing.json().type, `${role} ${step} without password`).toBe('EXTENDED_VALIDATION');
        const wrong = await call(byRole[role], 'PUT', signUrl(s, target, step), {}, 'not-the-password');
        expect(wrong.json().type, `${role} ${step} wrong password`).toBe('EXTENDED_VALIDATION');
        const later = STEPS.slice(STEPS.indexOf(step) + 1).find((x) => MAY_SIGN[x].includes(role));
        if (later) {
          const early = await call(byRole[role], 'PUT', signUrl(s, target, later), {}, DEFAULT_PASSWORD);
          expect(early.statusCode, `${role} ${later} before ${step}`).toBe(409);
          expect(early.json().context.reason).toBe('OUT_OF_ORDER');
        }
        const signed = await sign(s, byRole[role], target, step);
        expect(signed.signatures.at(-1)).toMatchObject({ step, signedByName: `${role} Signer` });
        expect(signed.signed).toEqual(STEPS.slice(0, STEPS.indexOf(step) + 1));
      }
    }
  }, 180_000);
});
