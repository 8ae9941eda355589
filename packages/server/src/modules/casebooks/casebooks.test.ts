/**
 * Issue 27 item 4: casebook PDFs over HTTP on the real server and database (PGlite and PostgreSQL).
 * A fixture subject with a filled form corrected with a reason, a query with its thread, an AE, a
 * medication record and a sign-off is printed; the PDF's text (pdftotext, poppler-utils) holds every
 * form, the answers, the thread, the change reason, the contents and the page numbers. Arabic prints
 * Arabic; large casebooks go through the durable queue; who may print, redaction, download audit;
 * the blank form holds every question with its choices.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EXTENDED_VALIDATION_HEADER, type StudyRole } from '@trialbase/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, buildUser, grantAccess } from '../../../test/factories';
import {
  ADMIN_PASSWORD,
  createTestApp,
  engine,
  type LoggedIn,
  loginAs,
  type TestApp,
} from '../../../test/harness';
import { auditEvents } from '../../platform/audit/tables';
import { newId } from '../../platform/ids';
import { enrollments } from '../enrollments/tables';
import { formTemplates } from '../forms/tables';
import { medications } from '../medication/tables';
import { setUpEnrolled } from '../questionnaires/questionnaires-test-kit';
import { studies } from '../studies/tables';

let t: TestApp;
let admin: LoggedIn;
const dir = mkdtempSync(path.join(tmpdir(), 'casebooks-'));
beforeAll(async () => {
  t = await createTestApp({ jobs: true });
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PUT';
function call(method: Method, url: string, who: LoggedIn, payload?: object, password?: string) {
  const headers: Record<string, string> = { ...who.headers };
  if (password) headers[EXTENDED_VALIDATION_HEADER] = encodeURIComponent(password);
  return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

async function member(studyId: string, role: StudyRole, siteIds: string[] | 'ALL' = 'ALL') {
  const user = await buildUser(t.app);
  await grantAccess(t.app, { studyId, user, role, siteIds });
  return loginAs(t.app, user.email, user.password);
}

/** The text of a PDF as pdftotext reads it (and its page count from pdfinfo). */
function pdfText(bytes: Buffer, name: string): { text: string; pages: number; contents: string } {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  // The first page as laid out (the contents: each entry and its page number on one line).
  const contents = execFileSync('pdftotext', ['-enc', 'UTF-8', '-layout', '-f', '1', '-l', '1', file, '-'], {
    encoding: 'utf8',
  });
  return { text, pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0), contents };
}

/**
 * A custom AE report (issue 20 item 3) on the study's own AE form, in English and Arabic: started,
 * signed as reported, classified by the investigator (a choice), then amended with a reason.
 */
async function fillAeReport(s: Awaited<ReturnType<typeof setUpEnrolled>>) {
  const now = new Date();
  const formId = newId(now);
  const text = (id: string, order: number, en: string, ar: string, mandatoryWhen: string) => ({
    id,
    order,
    type: 'TEXT_SENTENCE',
    question: { en, ar },
    mandatoryWhen,
  });
  await t.app.database.db.insert(formTemplates).values({
    studyId: s.study.id,
    id: formId,
    name: 'Headache report',
    type: 'TYPE_AE',
    document: {
      id: formId,
      title: { en: 'Headache report', ar: 'تقرير الصداع' },
      type: 'TYPE_AE',
      aeFormTemplate: 'CUSTOM',
      sponsorInvolvement: 'NEVER',
      questions: [
        text('q1', 1, 'What happened?', 'ماذا حدث؟', 'REPORTED'),
        {
          id: 'q2',
          order: 2,
          type: 'MULTIPLE_CHOICE',
          question: { en: 'Severity', ar: 'شدة الصداع' },
          mandatoryWhen: 'INVESTIGATOR_CLASSIFICATION',
          possibilities: [
            { id: 'p1', order: 1, possibility: { en: 'Mild', ar: 'خفيفة' } },
            { id: 'p2', order: 2, possibility: { en: 'Moderate', ar: 'متوسطة' } },
          ],
        },
        text('q3', 3, 'Outcome', 'النتيجة', 'FOLLOW_UP'),
      ],
    },
    isDefaultAeForm: true,
    createdBy: 'factory',
    createdAt: now,
    updatedAt: now,
  });
  const created = await call('POST', `${s.enrollmentBase}/customaereports/questionnaire`, admin, {
    answers: [{ question: 'q1', answerStrings: ['Throbbing headache at dose two'] }],
  });
  expect(created.statusCode, created.body).toBe(201);
  const report = created.json<{ id: string; siteId: string; tokenId: string; questionnaireId: string }>();
  const sign = `/api/studies/${s.study.id}/sites/${report.siteId}/customaereports/${report.id}`;
  const reported = await call('PUT', `${sign}/REPORTED`, admin, {}, ADMIN_PASSWORD);
  expect(reported.statusCode, reported.body).toBe(200);
  const classified = await call(
    'PUT',
    `${sign}/INVESTIGATOR_CLASSIFICATION?save=true`,
    admin,
    { answers: [{ question: 'q2', possibilities: ['p2'] }] },
    ADMIN_PASSWORD,
  );
  expect(classified.statusCode, classified.body).toBe(200);
  const amended = await call(
    'PUT',
    `${s.enrollmentBase}/tokens/${report.tokenId}/questionnaires/${report.questionnaireId}/customaereports/amendment`,
    admin,
    {
      answers: [{ question: 'q1', answerStrings: ['Throbbing headache after the second dose'] }],
      reason: 'Wording of the source document',
    },
    ADMIN_PASSWORD,
  );
  expect(amended.statusCode, amended.body).toBe(200);
  return report;
}

/** A subject whose record has every part: a corrected form, a query thread, an AE, medication, a sign-off. */
async function fixtureSubject() {
  const s = await setUpEnrolled(t.app, admin, { unexpected: true });
  const now = new Date();
  await t.app.database.db
    .update(studies)
    .set({
      languages: ['en', 'ar'],
      modules: ['ADVERSE_EVENTS', 'MEDICATION'],
      timeZone: 'Europe/Copenhagen',
    })
    .where(eq(studies.id, s.study.id));
  for (const formId of [s.formId, s.unexpectedFormId]) {
    const [row] = await t.app.database.db
      .select()
      .from(formTemplates)
      .where(and(eq(formTemplates.studyId, s.study.id), eq(formTemplates.id, formId)));
    const document = row?.document as { title: Record<string, string>; questions: Record<string, unknown>[] };
    await t.app.database.db
      .update(formTemplates)
      .set({
        document: {
          ...document,
          title: { ...document.title, ar: 'نموذج الوزن' },
          questions: document.questions.map((q) => ({
            ...q,
            question: { en: 'Weight', ar: 'الوزن بالكيلوغرام' },
          })),
        },
      })
      .where(and(eq(formTemplates.studyId, s.study.id), eq(formTemplates.id, formId)));
  }
  const subjectUrl = `/api/studies/${s.study.id}/patient/${s.subject.id}`;
  const renamed = await call('PUT', subjectUrl, admin, { firstName: 'Ada', lastName: 'Lovelace' });
  expect(renamed.statusCode, renamed.body).toBe(200);
  const visit = await call('POST', `${s.enrollmentBase}/unexpected`, admin, { type: 'TYPE_UNEXPECTED' });
  expect(visit.statusCode, visit.body).toBe(201);
  const tokenBase = `${s.enrollmentBase}/tokens/${visit.json().tokenId}`;
  const base = `${tokenBase}/questionnaires`;
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
  const queries = `${base}/${set.id}/queries`;
  const raised = await call('POST', queries, admin, {
    questionId: 'q1',
    text: 'Is 72 kg in the source document?',
  });
  expect(raised.statusCode, raised.body).toBe(201);
  const responded = await call(
    'PUT',
    `${queries}/${raised.json().query.id}/respond`,
    admin,
    { text: 'Yes, the nurse note says 72 kg.' },
    ADMIN_PASSWORD,
  );
  expect(responded.statusCode, responded.body).toBe(200);
  const day = now.toISOString().slice(0, 10);
  const ae = await call(
    'POST',
    `/api/studies/${s.study.id}/ae`,
    admin,
    {
      subjectId: s.subject.id,
      eventDescription: 'Headache after the second dose',
      sae: false,
      sarForm: null,
      seForm: null,
      investigator: null,
      details: {
        startDate: day,
        endDate: null,
        awarenessDate: day,
        ongoing: true,
        severity: 'MILD',
        outcome: 'RECOVERING',
        productAction: 'NONE',
        productRelation: 'POSSIBLE',
        brochureRelation: 'YES',
        seriousType: null,
        comment: null,
      },
    },
    ADMIN_PASSWORD,
  );
  expect(ae.statusCode, ae.body).toBe(201);
  const aeReport = await fillAeReport(s);
  await t.app.database.db.insert(medications).values({
    studyId: s.study.id,
    id: newId(now),
    siteId: s.site.id,
    subjectId: s.subject.id,
    registrationType: 'CONCOMITANT',
    name: 'Paracetamol',
    indication: 'Headache',
    dose: 500,
    doseUnit: 'MILLIGRAM',
    ongoing: true,
    startDate: day,
    createdBy: 'factory',
    createdByName: 'Factory Nurse',
    createdAt: now,
    updatedAt: now,
  });
  // A sign-off as the sign-off call keeps it (the call needs an ended enrollment; its own tests cover it).
  await t.app.database.db
    .update(enrollments)
    .set({
      details: {
        signOff: {
          signedBy: 'factory',
          signedByName: 'Irene Investigator',
          signedTime: now.toISOString(),
          reason: 'All data reviewed',
          meaning: 'Casebook signed off',
        },
      },
    })
    .where(and(eq(enrollments.studyId, s.study.id), eq(enrollments.id, s.enrollmentId)));
  return { ...s, aeReport, casebooks: `${subjectUrl}/casebooks` };
}

async function printAndDownload(
  s: { study: { id: string }; casebooks: string },
  who: LoggedIn,
  language = 'en',
) {
  const res = await call('POST', s.casebooks, who, { language });
  expect([201, 202], res.body).toContain(res.statusCode);
  let job = res.json();
  for (let i = 0; job.status !== 'COMPLETED' && job.status !== 'FAILED' && i < 300; i++) {
    await new Promise((r) => setTimeout(r, 100));
    job = (await call('GET', `/api/studies/${s.study.id}/casebooks/${job.id}`, who)).json();
  }
  expect(job.status, job.error).toBe('COMPLETED');
  const download = await call('GET', `/api/studies/${s.study.id}/casebooks/${job.id}/download`, who);
  expect(download.statusCode, download.body).toBe(200);
  expect(download.headers['content-type']).toContain('application/pdf');
  return { job, first: res, bytes: download.rawPayload };
}

describe(`POST /api/studies/:studyId/patient/:id/casebooks (${engine})`, () => {
  it('prints the complete record: forms with versions and answers, query thread, change reason, AE, medication, sign-off, contents and page numbers', async () => {
    const s = await fixtureSubject();
    const { job, first, bytes } = await printAndDownload(s, admin);
    expect(first.statusCode).toBe(201);
    const { text, pages, contents } = pdfText(bytes, 'en');
    expect(pages).toBe(job.pageCount);
    expect(pages).toBeGreaterThanOrEqual(2);
    const flat = text.replace(/\s+/g, ' ');
    // Header: study, subject, site, generated-at in the study's format and zone; page numbers on every page.
    expect(flat).toContain(`Subject: ${s.subject.patientId}`);
    expect(flat).toContain(`Site: ${s.site.name}`);
    expect(flat).toMatch(/Generated \d{2}-\d{2}-\d{4} \d{2}:\d{2} \(Europe\/Copenhagen\)/);
    for (let page = 1; page <= pages; page++) expect(flat).toContain(`Page ${page} of ${pages}`);
    // Contents with every section and form, each with its page.
    expect(contents).toContain('Contents');
    const entries = [
      'Subject',
      'Forms and answers',
      `Weight ${s.unexpectedFormId.slice(-6)}`,
      'Queries',
      'Adverse events',
      'Headache after the second dose',
      'Custom AE reports',
      'Headache report',
      'Medication',
      'Paracetamol',
      'Signatures',
      'Change history',
    ];
    for (const entry of entries) expect(contents).toMatch(new RegExp(`^\\s*${entry}.*\\s(\\d+)\\s*$`, 'm'));
    const pageOf = (entry: string) =>
      Number(new RegExp(`^\\s*${entry}.*\\s(\\d+)\\s*$`, 'm').exec(contents)?.[1]);
    expect(pageOf('Subject')).toBe(2);
    expect(pageOf('Change history')).toBeGreaterThanOrEqual(pageOf('Signatures'));
    // The form with its version and the corrected answer; the change reason; the query thread.
    expect(flat).toContain(`Weight ${s.unexpectedFormId.slice(-6)}`);
    expect(flat).toContain('Form version: 1.0');
    expect(flat).toMatch(/Q1\. Weight 72/);
    expect(flat).toContain('Reason: Scale recalibrated');
    expect(flat).toContain('Is 72 kg in the source document?');
    expect(flat).toContain('Yes, the nurse note says 72 kg.');
    expect(flat).toMatch(/RESPOND/);
    expect(flat).toContain('Headache after the second dose');
    expect(flat).toContain('Paracetamol');
    // The custom AE report: its answers at its form version, signatures by step, its change history.
    const report = flat.slice(flat.indexOf('Custom AE reports', flat.indexOf('Custom AE reports') + 1));
    expect(report).toMatch(/Headache report · \d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
    expect(report).toContain('Form version: 1.0 · Revision: 5 · Serious: No · Status: Next step: Follow-up');
    expect(report).toContain('Q1. What happened? Throbbing headache after the second dose');
    expect(report).toContain('Q2. Severity Moderate');
    expect(report).toMatch(/Q3\. Outcome —/);
    expect(report).toMatch(/Report of the adverse event: [^,]+, \d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
    expect(report).toContain('Investigator classification of the adverse event:');
    expect(report).toContain('Signed: Investigator classification');
    expect(report).toContain('Reason: Wording of the source document');
    expect(report).toContain(
      'Q1. What happened?: Throbbing headache at dose two -> Throbbing headache after the second dose',
    );
    expect(report).toContain('Q2. Severity: — -> Moderate');
    expect(pageOf('Custom AE reports')).toBeGreaterThanOrEqual(pageOf('Adverse events'));
    expect(flat).toContain('Reason: All data reviewed');
    // The admin sees the name fields.
    expect(flat).toContain('Lovelace');

    const audit = await t.app.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'CASEBOOK'), eq(auditEvents.entityId, job.id)))
      .orderBy(asc(auditEvents.occurredAt));
    expect(audit.map((e) => e.action)).toEqual([
      'CASEBOOK_REQUESTED',
      'CASEBOOK_GENERATED',
      'CASEBOOK_DOWNLOADED',
    ]);
  });

  it('prints in Arabic: Arabic labels and the form texts in Arabic (pdftotext reads them back)', async () => {
    const s = await fixtureSubject();
    const { bytes } = await printAndDownload(s, admin, 'ar');
    const { text } = pdfText(bytes, 'ar');
    expect(text).toContain('المحتويات');
    expect(text).toContain('نموذج');
    expect(text).toContain('بالكيلوغرام');
    expect(text).toContain('Scale recalibrated');
    // The custom AE report in Arabic: its section, form title, questions and chosen answer
    // (pdftotext splits the lam-alef ligature of الأحداث, so the heading is matched by its last words).
    expect(text).toContain('الضارة المخصصة');
    expect(text).toContain('تقرير الصداع');
    expect(text).toContain('شدة الصداع');
    expect(text).toContain('متوسطة');
    expect(text).toContain('تصنيف الباحث للحدث الضار');
    expect(text).toContain('Wording of the source document');
  });

  it('queues a large casebook on the job queue and reports its progress', async () => {
    const s = await fixtureSubject();
    const now = new Date();
    await t.app.database.db.insert(medications).values(
      Array.from({ length: 420 }, (_, i) => ({
        studyId: s.study.id,
        id: newId(new Date(now.getTime() + i)),
        siteId: s.site.id,
        subjectId: s.subject.id,
        registrationType: 'CONCOMITANT' as const,
        name: `Drug ${i + 1}`,
        ongoing: false,
        createdBy: 'factory',
        createdByName: 'Factory Nurse',
        createdAt: now,
        updatedAt: now,
      })),
    );
    const { first, job, bytes } = await printAndDownload(s, admin);
    expect(first.statusCode).toBe(202);
    expect(first.json().status).toBe('QUEUED');
    expect(job.progress).toEqual({ done: 8, total: 8 });
    const { text, pages } = pdfText(bytes, 'large');
    expect(pages).toBeGreaterThan(20);
    expect(text).toContain('Drug 420');
    expect(text.replace(/\s+/g, ' ')).toContain(`Page ${pages} of ${pages}`);
  }, 120_000);

  it('is refused without every permission at the subject’s site; redacts what the caller may not see; a casebook is its requester’s', async () => {
    const s = await fixtureSubject();
    const otherSite = await buildSite(t.app, s.study.id);
    const helper = await member(s.study.id, 'STUDY_HELPER');
    expect((await call('POST', s.casebooks, helper, { language: 'en' })).statusCode).toBe(403);
    const elsewhere = await member(s.study.id, 'INVESTIGATOR', [otherSite.id]);
    expect((await call('POST', s.casebooks, elsewhere, { language: 'en' })).statusCode).toBe(403);
    expect((await call('POST', s.casebooks, admin, { language: 'fr' })).statusCode).toBe(400);
    const monitor = await member(s.study.id, 'MONITOR');
    const { job, bytes } = await printAndDownload(s, monitor);
    const flat = pdfText(bytes, 'monitor').text.replace(/\s+/g, ' ');
    expect(flat).toContain('(not shown: no permission)');
    expect(flat).not.toContain('Lovelace');
    const doctor = await member(s.study.id, 'DOCTOR', [s.site.id]);
    expect(
      (await call('GET', `/api/studies/${s.study.id}/casebooks/${job.id}/download`, doctor)).statusCode,
    ).toBe(404);
    const list = await call('GET', s.casebooks, monitor);
    expect(list.json().items.map((i: { id: string }) => i.id)).toEqual([job.id]);
  });
});

describe(`GET /api/studies/:studyId/questionnairetemplate/:formId/pdf (${engine})`, () => {
  it('prints a blank form with every question, its choices and limits', async () => {
    const s = await fixtureSubject();
    const [row] = await t.app.database.db
      .select()
      .from(formTemplates)
      .where(and(eq(formTemplates.studyId, s.study.id), eq(formTemplates.id, s.formId)));
    const document = row?.document as { questions: Record<string, unknown>[] };
    await t.app.database.db
      .update(formTemplates)
      .set({
        document: {
          ...document,
          questions: [
            ...document.questions,
            {
              id: 'q2',
              order: 2,
              type: 'MULTIPLE_CHOICE',
              question: { en: 'Smoker' },
              possibilities: [
                { id: 'p1', order: 1, possibility: { en: 'Never smoked' } },
                { id: 'p2', order: 2, possibility: { en: 'Former smoker' } },
              ],
            },
          ],
        },
      })
      .where(and(eq(formTemplates.studyId, s.study.id), eq(formTemplates.id, s.formId)));
    const url = `/api/studies/${s.study.id}/questionnairetemplate/${s.formId}/pdf`;
    const res = await call('GET', url, admin);
    expect(res.statusCode, res.body).toBe(200);
    const flat = pdfText(res.rawPayload, 'blank').text.replace(/\s+/g, ' ');
    expect(flat).toContain('Q1. Weight (required)');
    expect(flat).toContain('From 0 to 300');
    expect(flat).toContain('Q2. Smoker');
    expect(flat).toContain('Never smoked');
    expect(flat).toContain('Former smoker');
    expect(flat).toContain('Page 1 of 1');
    const arabic = await call('GET', `${url}?language=ar`, admin);
    expect(arabic.statusCode).toBe(200);
    expect(pdfText(arabic.rawPayload, 'blank-ar').text).toContain('بالكيلوغرام');
    const outsider = await member(s.study.id, 'OTHER');
    expect((await call('GET', url, outsider)).statusCode).toBe(403);
  });
});
