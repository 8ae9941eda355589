// @module-tag engine
/**
 * Issue 26 over HTTP on the real server and database (PGlite and PostgreSQL): an export is asked
 * for, runs on the durable job queue, shows its progress and is downloaded as a zip by its
 * requester only. The zip of a fixture study that covers the question types and every special
 * marker of spec 001 §3 is unzipped and compared with the golden files in ./golden (ids and times
 * normalised; `UPDATE_GOLDEN=1` rewrites them). A site-limited monitor's export holds only its
 * site; blinded and pseudonymised users are refused trial groups and identifiable fields.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXTENDED_VALIDATION_HEADER, type FormTemplateDocumentInput } from '@trialbase/domain';
import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildProcess,
  buildSite,
  buildStudy,
  buildSubject,
  buildUser,
  grantAccess,
  setStudySchedule,
  setSubjectAttributes,
} from '../../../test/factories';
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
import { tokens } from '../enrollments/tokens/tables';
import { formTemplates } from '../forms/tables';
import { studies } from '../studies/tables';
import { CAN_CHECK_ODM_SCHEMA, expectValidOdm, xmllint } from './odm-test-kit';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const GOLDEN = path.join(HERE, 'golden');

const VITALS = (id: string): FormTemplateDocumentInput => ({
  id,
  title: { en: 'Vitals' },
  type: 'TYPE_FORM',
  exportLabel: 'VITALS',
  questions: [
    {
      id: 'q1',
      order: 1,
      type: 'NUMBER',
      question: { en: 'Weight (kg)' },
      exportLabel: 'WEIGHT',
      floatingNumber: true,
    },
    {
      id: 'q2',
      order: 2,
      type: 'TEXT_SENTENCE',
      question: { en: 'Note, "quoted"' },
      exportLabel: 'NOTE',
      canSkip: true,
    },
    { id: 'q3', order: 3, type: 'DATE', question: { en: 'Visit date' }, exportLabel: 'VISITDT' },
    { id: 'q4', order: 4, type: 'DATE_TIME', question: { en: 'Seen at' }, exportLabel: 'SEENAT' },
    { id: 'q5', order: 5, type: 'TIME', question: { en: 'Wake-up time' }, exportLabel: 'WAKE' },
    { id: 'q6', order: 6, type: 'TIME_DURATION', question: { en: 'Sleep' }, exportLabel: 'SLEEP' },
    {
      id: 'q7',
      order: 7,
      type: 'MULTIPLE_CHOICE',
      question: { en: 'Smoker' },
      exportLabel: 'SMOKER',
      possibilities: [
        { id: 'p1', possibility: { en: 'Never' } },
        { id: 'p2', possibility: { en: 'Former' } },
        { id: 'p3', possibility: { en: 'Current' } },
      ],
    },
    {
      id: 'q8',
      order: 8,
      type: 'MULTIPLE_RESPONSE',
      question: { en: 'Symptoms' },
      exportLabel: 'SYMPT',
      possibilities: [
        { id: 's1', possibility: { en: 'Cough' } },
        { id: 's2', possibility: { en: 'Fever' } },
      ],
    },
    {
      id: 'q9',
      order: 9,
      type: 'YES_NO',
      question: { en: 'Pain' },
      exportLabel: 'PAIN',
      possibilities: [
        { id: 'y', possibility: { en: 'Yes' } },
        { id: 'n', possibility: { en: 'No' } },
      ],
    },
    { id: 'q10', order: 10, type: 'CHECKBOX', question: { en: 'Fasting' }, exportLabel: 'FASTING' },
    { id: 'q11', order: 11, type: 'INFORMATION', question: { en: 'Please measure twice.' } },
    {
      id: 'q12',
      order: 12,
      type: 'TABLE',
      question: { en: 'Dose' },
      exportLabel: 'DOSE',
      tableRow: [
        { id: 'r1', title: { en: 'Morning' }, exportLabel: 'AM' },
        { id: 'r2', title: { en: 'Evening' }, exportLabel: 'PM' },
      ],
      tableCol: [{ id: 'c1', title: { en: 'mg' }, type: 'NUMBER', exportLabel: 'MG' }],
    },
    { id: 'q13', order: 13, type: 'TEXT_FREE', question: { en: 'Comment' } },
    { id: 'q14', order: 14, type: 'NUMBER', question: { en: 'Height' }, exportLabel: 'HEIGHT' },
  ],
});

const FULL = [
  { question: 'q1', answerStrings: ['72.5'] },
  { question: 'q2', answerStrings: ['fine, "really"'] },
  { question: 'q3', answerStrings: ['2026-03-01'] },
  { question: 'q4', answerStrings: ['2026-03-01T09:30:00Z'] },
  { question: 'q5', answerStrings: ['07:15'] },
  { question: 'q6', answerStrings: ['7-30'] },
  { question: 'q7', possibilities: ['p2'] },
  { question: 'q8', possibilities: ['s1', 's2'] },
  { question: 'q9', possibilities: ['n'] },
  { question: 'q10', answerStrings: ['true'] },
  {
    question: 'q12',
    tableCells: [
      { row: 0, col: 'c1', value: '50' },
      { row: 1, col: 'c1', value: '25' },
    ],
  },
  { question: 'q13', answerStrings: ['line one\nline two'] },
  { question: 'q14', answerStrings: ['180'] },
];

let t: TestApp;
let admin: LoggedIn;
let studyId = '';
let site1 = '';
let site2 = '';
let formId = '';
let monitor: LoggedIn;

async function enrollAndFill(
  subject: { patientId: string; siteId: string; processId: string },
  answers: Record<string, unknown>[],
  isFinal: boolean,
) {
  const s = await buildSubject(t.app, { studyId, siteId: subject.siteId, patientId: subject.patientId });
  await setSubjectAttributes(t.app, studyId, s.id, {
    firstName: 'Ane',
    email: `${subject.patientId.toLowerCase()}@example.org`,
    trialGroup: 'ARM-A',
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/studies/${studyId}/enrollments`,
    headers: admin.headers,
    payload: { subjectId: s.id, siteId: subject.siteId, processId: subject.processId },
  });
  expect(res.statusCode, res.body).toBe(201);
  const enrollmentId = res.json<{ id: string }[]>()[0]?.id ?? '';
  const [token] = await t.app.database.db.select().from(tokens).where(eq(tokens.enrollmentId, enrollmentId));
  const filled = await t.app.inject({
    method: 'POST',
    url: `/api/studies/${studyId}/enrollments/${enrollmentId}/tokens/${token?.id}/questionnaires`,
    headers: admin.headers,
    payload: { formId, answers, isFinal },
  });
  expect(filled.statusCode, filled.body).toBe(200);
  const set = filled.json<{ answerSet: { id: string; version: number } }>().answerSet;
  return { enrollmentId, tokenId: token?.id ?? '', questionnaireId: set.id, version: set.version };
}

beforeAll(async () => {
  t = await createTestApp({ jobs: true });
  admin = await loginAs(t.app);
  const study = await buildStudy(t.app, { name: 'Export fixture' });
  studyId = study.id;
  site1 = (await buildSite(t.app, studyId, { name: 'North' })).id;
  site2 = (await buildSite(t.app, studyId, { name: 'South' })).id;
  const now = new Date();
  formId = newId(now);
  await t.app.database.db.insert(formTemplates).values({
    studyId,
    id: formId,
    name: 'Vitals',
    type: 'TYPE_FORM',
    document: VITALS(formId) as Record<string, unknown>,
    createdBy: 'factory',
    createdAt: now,
    updatedAt: now,
  });
  const process = await buildProcess(t.app, {
    studyId,
    dataEvents: [
      {
        id: 'ev-baseline',
        name: { en: 'Baseline' },
        type: 'TYPE_USER',
        forms: [formId],
        referenceDate: 'REGISTRATION',
        sendAs: 'NO_SEND_OUT',
      },
    ],
  });
  await setStudySchedule(t.app, studyId, { status: 'PRODUCTION' });
  const processId = process.id;
  // S-001: every type answered. S-002: skipped (.na), unavailable (.n), the rest not answered (.b).
  const s001 = await enrollAndFill({ patientId: 'S-001', siteId: site1, processId }, FULL, true);
  // S-001's height corrected with a reason under a 21 CFR 11 signature (the study asks for the
  // password on updates): the ODM's audit records and signatures show it.
  await t.app.database.db.update(studies).set({ extendedValidation: true }).where(eq(studies.id, studyId));
  const corrected = await t.app.inject({
    method: 'PUT',
    url: `/api/studies/${studyId}/enrollments/${s001.enrollmentId}/tokens/${s001.tokenId}/questionnaires/${s001.questionnaireId}`,
    headers: { ...admin.headers, [EXTENDED_VALIDATION_HEADER]: encodeURIComponent(ADMIN_PASSWORD) },
    payload: {
      answers: FULL.map((a) => (a.question === 'q14' ? { question: 'q14', answerStrings: ['181'] } : a)),
      comment: 'Height re-measured',
      version: s001.version,
    },
  });
  expect(corrected.statusCode, corrected.body).toBe(200);
  await t.app.database.db.update(studies).set({ extendedValidation: false }).where(eq(studies.id, studyId));
  await enrollAndFill(
    { patientId: 'S-002', siteId: site1, processId },
    [
      { question: 'q1', answerStrings: ['80'] },
      { question: 'q2', answerSkipped: true },
      { question: 'q14', answerUnavailable: true },
    ],
    false,
  );
  // S-003, S-004, S-005: forms opened, then the subject excluded, discontinued, cancelled (.e .d .c).
  const states = [
    ['S-003', { status: 'EXCLUDED' }],
    [
      'S-004',
      { status: 'ONGOING', details: { discontinuation: { reason: 'OTHER', at: now.toISOString() } } },
    ],
    ['S-005', { status: 'CANCELLED' }],
  ] as const;
  for (const [patientId, state] of states) {
    const { enrollmentId } = await enrollAndFill(
      { patientId, siteId: site1, processId },
      [{ question: 'q1', answerStrings: ['60'] }],
      false,
    );
    // The fixture sets the state directly: the flows that lead there have their own tests.
    await t.app.database.db
      .update(enrollments)
      .set(state as Partial<typeof enrollments.$inferInsert>)
      .where(and(eq(enrollments.studyId, studyId), eq(enrollments.id, enrollmentId)));
  }
  // S-101 at the other site, with text a spreadsheet would run as a formula (OWASP CSV injection)
  // and a negative number, which stays a number.
  await enrollAndFill(
    { patientId: 'S-101', siteId: site2, processId },
    [
      { question: 'q1', answerStrings: ['-3.5'] },
      { question: 'q2', answerStrings: ['=HYPERLINK("http://evil.example","x")'] },
      { question: 'q13', answerStrings: ['@SUM(1+1)'] },
      { question: 'q14', answerStrings: ['-2'] },
    ],
    false,
  );
  const user = await buildUser(t.app);
  await grantAccess(t.app, { studyId, user, role: 'MONITOR', siteIds: [site1] });
  monitor = await loginAs(t.app, user.email, user.password);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function startExport(who: LoggedIn, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/studies/${studyId}/exports`,
    headers: who.headers,
    payload: body,
  });
}

/** Polls the export's status (the job runs on the queue) until it is done; returns the progress seen. */
async function waitForExport(who: LoggedIn, exportId: string) {
  const seen: { status: string; done: number; total: number }[] = [];
  for (let i = 0; i < 300; i++) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/studies/${studyId}/exports/${exportId}`,
      headers: who.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ status: string; progress: { done: number; total: number } }>();
    seen.push({ status: body.status, ...body.progress });
    if (body.status === 'COMPLETED' || body.status === 'FAILED') return seen;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('export did not finish');
}

async function download(who: LoggedIn, exportId: string): Promise<Record<string, string>> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/studies/${studyId}/exports/${exportId}/download`,
    headers: who.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  const files = unzipSync(new Uint8Array(res.rawPayload));
  return Object.fromEntries(Object.entries(files).map(([name, data]) => [name, strFromU8(data)]));
}

/** Ids and times change from run to run; everything else must match the golden file. */
function normalise(text: string): string {
  return text
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/g, '<TIME>')
    .replace(/[0-9a-f]{24}/g, '<ID>')
    .replace(/(CreationDateTime|EffectiveDate)="[^"]+"/g, '$1="<TIME>"')
    .replace(/\r\n/g, '\n');
}

function expectGolden(name: string, actual: string) {
  const file = path.join(GOLDEN, name.replace(/\//g, '__'));
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(file)) {
    if (process.env.UPDATE_GOLDEN !== '1')
      throw new Error(`golden file ${file} is missing (UPDATE_GOLDEN=1 writes it)`);
    writeFileSync(file, normalise(actual));
  }
  expect(normalise(actual), name).toBe(readFileSync(file, 'utf8'));
}

describe(`exports on ${engine}`, () => {
  it('runs on the queue with progress and gives the golden zip: wide and long CSV, codebook, markers, scripts', async () => {
    const res = await startExport(admin, {
      formats: ['CSV', 'R', 'SPSS', 'STATA', 'SAS'],
      subjectFields: ['email'],
      includeTrialGroup: true,
    });
    expect(res.statusCode, res.body).toBe(202);
    const job = res.json<{ id: string; status: string }>();
    expect(job.status).toBe('QUEUED');
    const seen = await waitForExport(admin, job.id);
    const last = seen[seen.length - 1];
    expect(last).toEqual({ status: 'COMPLETED', done: 6, total: 6 });
    const files = await download(admin, job.id);
    expect(Object.keys(files).sort()).toEqual([
      'README.txt',
      'codebook.csv',
      'csv/VITALS.csv',
      'csv/long.csv',
      'scripts/read.R',
      'scripts/read.do',
      'scripts/read.sas',
      'scripts/read.sps',
      'special_markers.csv',
    ]);
    for (const name of Object.keys(files).filter((n) => n !== 'README.txt'))
      expectGolden(name, files[name] ?? '');
    // Every special marker of spec 001 §3 shows in the data.
    const wide = files['csv/VITALS.csv'] ?? '';
    // Formula-like text is neutralised with a leading apostrophe (OWASP); negative numbers of
    // numeric columns stay numbers; the codebook says so.
    const s101 = wide.split('\r\n').find((line) => line.startsWith('S-101,')) ?? '';
    expect(s101).toContain(',-3.5,');
    expect(s101).toContain(`,"'=HYPERLINK(""http://evil.example"",""x"")",`);
    expect(s101).toContain(",'@SUM(1+1),");
    expect(s101).toMatch(/,-2$/);
    expect(wide).not.toMatch(/(^|,)"?[=@]/m);
    expect(files['csv/long.csv']).toContain(',VITALS,NOTE,q2,"\'=HYPERLINK(');
    expect(files['csv/long.csv']).toContain(',VITALS,WEIGHT,q1,-3.5\r\n');
    expect(files['codebook.csv']).toContain("leading ' (apostrophe) added");
    expect(files['README.txt']).toContain('OWASP CSV injection');
    for (const marker of ['.b', '.na', '.n', '.c', '.d', '.e'])
      expect(wide.split(/[,\r\n]/), marker).toContain(marker);

    // Audited with what was chosen, and the download too.
    const events = await t.app.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.studyId, studyId), eq(auditEvents.entityId, job.id)));
    expect(events.map((e) => e.action).sort()).toEqual([
      'EXPORT_COMPLETED',
      'EXPORT_DOWNLOADED',
      'EXPORT_REQUESTED',
    ]);
    const requested = events.find((e) => e.action === 'EXPORT_REQUESTED');
    expect(requested?.after).toMatchObject({
      request: {
        subjectFields: ['email'],
        includeTrialGroup: true,
        formats: ['CSV', 'R', 'SPSS', 'STATA', 'SAS'],
      },
      scope: { sites: 'ALL', subjectFields: ['email'], includeTrialGroup: true },
    });

    // The requester's only: another user with the permission finds neither the export nor its file.
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/studies/${studyId}/exports/${job.id}/download`,
      headers: monitor.headers,
    });
    expect(other.statusCode).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/studies/${studyId}/exports`,
      headers: monitor.headers,
    });
    expect(list.json<{ items: { id: string }[] }>().items.map((i) => i.id)).not.toContain(job.id);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/studies/${studyId}/exports`,
      headers: admin.headers,
    });
    expect(mine.json<{ items: { id: string }[] }>().items.map((i) => i.id)).toContain(job.id);
  }, 120_000);

  it("a site-limited monitor's export holds only its site; identifiable fields, trial groups and other sites are refused", async () => {
    const res = await startExport(monitor, { includeAuditTrail: true, includeQueries: true });
    expect(res.statusCode, res.body).toBe(202);
    const job = res.json<{ id: string }>();
    expect((await waitForExport(monitor, job.id)).at(-1)?.status).toBe('COMPLETED');
    const files = await download(monitor, job.id);
    const wide = files['csv/VITALS.csv'] ?? '';
    const subjects = wide
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect(subjects.sort()).toEqual(['S-001', 'S-002', 'S-003', 'S-004', 'S-005']);
    expect(wide).not.toContain('South');
    expect(wide).not.toContain('@example.org');
    expect(wide).not.toContain('ARM-A');
    expect(files['csv/long.csv']).not.toContain('S-101');
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['audit_trail.csv', 'queries.csv']));
    // The audit trail too: the events of its site's enrolments and forms, none of site 2's.
    const trail = files['audit_trail.csv'] ?? '';
    expect(trail).toContain(site1);
    expect(trail).toContain('ENROLLMENT_CREATED');
    expect(trail).not.toContain(site2);
    expect(trail).not.toContain('South');

    expect((await startExport(monitor, { sites: [site2] })).statusCode).toBe(403);
    expect((await startExport(monitor, { subjectFields: ['email'] })).statusCode).toBe(403);
    expect((await startExport(monitor, { includeTrialGroup: true })).statusCode).toBe(403);
    // A site the monitor does not hold is refused whatever it is; for the admin an unknown one is not found.
    expect((await startExport(monitor, { sites: [newId()] })).statusCode).toBe(403);
    expect((await startExport(admin, { sites: [newId()] })).statusCode).toBe(404);
    expect((await startExport(admin, { forms: [newId()] })).statusCode).toBe(404);
  }, 120_000);

  it.skipIf(!CAN_CHECK_ODM_SCHEMA)(
    `gives CDISC ODM 1.3.2 (metadata and clinical data) valid against the schema (xmllint; skipped when xmllint or ../shared/material/odm is missing)`,
    async () => {
      const res = await startExport(admin, { formats: ['ODM'] });
      expect(res.statusCode, res.body).toBe(202);
      const job = res.json<{ id: string }>();
      expect((await waitForExport(admin, job.id)).at(-1)).toEqual({
        status: 'COMPLETED',
        done: 6,
        total: 6,
      });
      const files = await download(admin, job.id);
      const odm = files['odm/odm.xml'] ?? '';
      expectGolden('odm/odm.xml', odm);
      // Without the audit trail option: no audit records, no signatures.
      expect(odm).not.toContain('<AuditRecord');
      expect(odm).not.toContain('<Signature');
      expectValidOdm(odm);
      // The checker can fail: a misplaced element is refused.
      expect(xmllint(odm.replace('<GlobalVariables>', '<GlobalVariables><Bogus/>')).status).not.toBe(0);
      // Every subject once, in subject order, and each marker flagged on a null item.
      expect([...odm.matchAll(/<SubjectData SubjectKey="([^"]+)"/g)].map((m) => m[1])).toEqual([
        'S-001',
        'S-002',
        'S-003',
        'S-004',
        'S-005',
        'S-101',
      ]);
      for (const marker of ['.b', '.na', '.n', '.c', '.d', '.e'])
        expect(odm).toContain(
          `IsNull="Yes"><Annotation SeqNum="1"><Flag><FlagValue CodeListOID="CL.SPECIAL_MARKERS">${marker}</FlagValue>`,
        );
    },
    120_000,
  );

  it.skipIf(!CAN_CHECK_ODM_SCHEMA)(
    'with the audit trail the ODM holds audit records (who, when, site, reason, source) and the 21 CFR 11 signatures, still valid',
    async () => {
      const res = await startExport(admin, { formats: ['ODM'], includeAuditTrail: true });
      expect(res.statusCode, res.body).toBe(202);
      const job = res.json<{ id: string }>();
      expect((await waitForExport(admin, job.id)).at(-1)?.status).toBe('COMPLETED');
      const files = await download(admin, job.id);
      const odm = files['odm/odm.xml'] ?? '';
      expectGolden('odm/odm_audit.xml', odm);
      expectValidOdm(odm);
      // The people and the signature's meaning are declared in AdminData.
      expect(odm).toMatch(/<User OID="USR\.USER\.[0-9a-f]{24}"><FullName>[^<]+<\/FullName><\/User>/);
      expect(odm).toMatch(
        /<SignatureDef OID="SD\.[0-9a-f]{12}" Methodology="Electronic"><Meaning>Filled form updated<\/Meaning><LegalReason>Electronic signature under 21 CFR Part 11/,
      );
      // S-001's corrected height: its item carries the audit record with the reason and the signature.
      const s001 = odm.slice(
        odm.indexOf('<SubjectData SubjectKey="S-001"'),
        odm.indexOf('<SubjectData SubjectKey="S-002"'),
      );
      expect(s001).toMatch(
        /<ItemData ItemOID="IT\.VITALS\.HEIGHT" Value="181"><AuditRecord><UserRef UserOID="USR\.USER\.[0-9a-f]{24}"\/><LocationRef LocationOID="LOC\.[0-9a-f]{24}"\/><DateTimeStamp>[^<]+<\/DateTimeStamp><ReasonForChange>Height re-measured<\/ReasonForChange><SourceID>audit_event [0-9a-f]{24} QUESTIONNAIRE_UPDATED<\/SourceID><\/AuditRecord><Signature><UserRef/,
      );
      // An item not changed by the update keeps the record of its first entry, unsigned.
      expect(s001).toMatch(
        /<ItemData ItemOID="IT\.VITALS\.WEIGHT" Value="72\.5"><AuditRecord>(?:(?!<\/ItemData>).)*<\/AuditRecord><\/ItemData>/,
      );
      // Every record and signature is listed once more under ClinicalData with an ID.
      expect(odm).toMatch(/<AuditRecords>\n<AuditRecord ID="AR\.(QUESTIONNAIRE|ENROLLMENT|TOKEN)\./);
      expect(odm).toContain('<AuditRecord ID="AR.QUESTIONNAIRE.');
      expect(odm).toMatch(/<Signatures>\n<Signature ID="SIG\.QUESTIONNAIRE\.[0-9a-f]{24}\.[0-9a-f]{24}">/);
      // The SourceID names the event of the audit trail file, which has its id.
      expect(files['audit_trail.csv']?.split('\r\n')[0]).toContain('event_id');
    },
    120_000,
  );

  it('gives Excel (XLSX): one sheet per form, numbers as numbers, markers as text', async () => {
    const res = await startExport(admin, { formats: ['XLSX'] });
    expect(res.statusCode, res.body).toBe(202);
    const job = res.json<{ id: string }>();
    expect((await waitForExport(admin, job.id)).at(-1)).toEqual({ status: 'COMPLETED', done: 6, total: 6 });
    const files = await download(admin, job.id);
    expect(Object.keys(files)).toContain('xlsx/data.xlsx');
    const res2 = await t.app.inject({
      method: 'GET',
      url: `/api/studies/${studyId}/exports/${job.id}/download`,
      headers: admin.headers,
    });
    const outer = unzipSync(new Uint8Array(res2.rawPayload));
    const book = unzipSync(outer['xlsx/data.xlsx'] as Uint8Array);
    expect(Object.keys(book).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(strFromU8(book['xl/workbook.xml'] as Uint8Array)).toContain(
      '<sheet name="VITALS" sheetId="1" r:id="rId1"/>',
    );
    const sheet = strFromU8(book['xl/worksheets/sheet1.xml'] as Uint8Array);
    expectGolden('xlsx/sheet1.xml', sheet);
    expect(sheet).toContain('<c r="I2"><v>72.5</v></c>');
    expect(sheet).toContain('<c r="J3" t="inlineStr"><is><t xml:space="preserve">.na</t></is></c>');
    // Formula-like text is text with the leading apostrophe; a negative number stays a number.
    expect(sheet).toContain('<c r="I7"><v>-3.5</v></c>');
    expect(sheet).toContain(
      '<c r="J7" t="inlineStr"><is><t xml:space="preserve">\'=HYPERLINK("http://evil.example","x")</t></is></c>',
    );
    expect(sheet).not.toContain('<f>');
  }, 120_000);

  it('only users with the export permission may export', async () => {
    const user = await buildUser(t.app);
    await grantAccess(t.app, { studyId, user, role: 'DOCTOR', siteIds: 'ALL' });
    const doctor = await loginAs(t.app, user.email, user.password);
    expect((await startExport(doctor, {})).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/studies/${studyId}/exports`, headers: doctor.headers }))
        .statusCode,
    ).toBe(403);
  });
});
