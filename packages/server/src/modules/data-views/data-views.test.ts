/**
 * Issue 25: the data views and reports over HTTP on the real server and database (PGlite and
 * PostgreSQL), on a fixture study with known data: subjects with genders and birth dates, filled
 * forms with known answers, verification flags, queries and token states set to known values. Each
 * figure is checked exactly, for a full-access user (study ADMIN) and for a MONITOR limited to site A.
 */
import type { AccessUser, AnswerTabRequest, FormTemplateDocumentInput } from '@trialbase/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildProcess,
  buildSite,
  buildStudy,
  buildUser,
  grantAccess,
  setStudySchedule,
} from '../../../test/factories';
import { createTestApp, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { newId } from '../../platform/ids';
import { tokens } from '../enrollments/tokens/tables';
import { formTemplates } from '../forms/tables';
import { queries } from '../queries/tables';
import { answers, questionnaires } from '../questionnaires/tables';
import { sites } from '../sites/tables';
import { subjects } from '../subjects/tables';
import { medianOfCounts, viewAnswers } from './answers';
import { foldAllAnswerTallies, foldAnswerTallies } from './tallies';

const NOW = new Date('2026-06-15T12:00:00.000Z');
let t: TestApp;
let sys: LoggedIn;
let fullUser: LoggedIn;
let siteUser: LoggedIn;

const FORM = (id: string): FormTemplateDocumentInput => ({
  id,
  title: { en: 'Visit' },
  type: 'TYPE_FORM',
  questions: [
    {
      id: 'q1',
      order: 1,
      type: 'MULTIPLE_CHOICE',
      question: { en: 'Colour' },
      possibilities: [
        { id: 'p1', possibility: { en: 'Red' }, order: 1 },
        { id: 'p2', possibility: { en: 'Blue' }, order: 2 },
        { id: 'p3', possibility: { en: 'Green' }, order: 3 },
      ],
    },
    { id: 'q2', order: 2, type: 'NUMBER', question: { en: 'Dose' }, minValue: 0, maxValue: 1000 },
    { id: 'q3', order: 3, type: 'DATE', question: { en: 'Onset' } },
    { id: 'q4', order: 4, type: 'CHECKBOX', question: { en: 'Fasting' } },
    { id: 'q5', order: 5, type: 'TEXT_SENTENCE', question: { en: 'Note' }, required: true },
  ],
});

type Fixture = {
  studyId: string;
  siteA: string;
  siteB: string;
  formId: string;
  processId: string;
  e1: string;
  e2: string;
  subject: Record<string, string>;
  enrollment: Record<string, string>;
  questionnaire: Record<string, string>;
};
let f: Fixture;

function call(who: LoggedIn, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
}

async function createSubject(studyId: string, siteId: string, payload: Record<string, unknown>) {
  const res = await call(sys, 'POST', `/api/studies/${studyId}/sites/${siteId}/patients`, payload);
  if (res.statusCode !== 201) throw new Error(`subject: ${res.statusCode} ${res.body}`);
  return res.json<{ id: string }[]>()[0]?.id ?? '';
}

async function enrol(studyId: string, subjectId: string, siteId: string, processId: string) {
  const res = await call(sys, 'POST', `/api/studies/${studyId}/enrollments`, {
    subjectId,
    siteId,
    processId,
  });
  if (res.statusCode !== 201) throw new Error(`enrollment: ${res.statusCode} ${res.body}`);
  return res.json<{ id: string }[]>()[0]?.id ?? '';
}

async function tokenOf(enrollmentId: string, dataEventId: string) {
  const [row] = await t.app.database.db
    .select()
    .from(tokens)
    .where(and(eq(tokens.enrollmentId, enrollmentId), eq(tokens.dataEventId, dataEventId)));
  if (!row) throw new Error('no token');
  return row;
}

async function fill(enrollmentId: string, answersOf: object[], isFinal: boolean) {
  const token = await tokenOf(enrollmentId, f.e1);
  const res = await call(
    sys,
    'POST',
    `/api/studies/${f.studyId}/enrollments/${enrollmentId}/tokens/${token.id}/questionnaires`,
    { formId: f.formId, answers: answersOf, isFinal },
  );
  if (res.statusCode !== 200) throw new Error(`questionnaire: ${res.statusCode} ${res.body}`);
  return res.json<{ answerSet: { id: string } }>().answerSet.id;
}

async function setToken(
  enrollmentId: string,
  dataEventId: string,
  values: Partial<typeof tokens.$inferInsert>,
) {
  const token = await tokenOf(enrollmentId, dataEventId);
  await t.app.database.db
    .update(tokens)
    .set(values)
    .where(and(eq(tokens.studyId, f.studyId), eq(tokens.id, token.id)));
  return token;
}

async function buildFixture(): Promise<Fixture> {
  const study = await buildStudy(t.app);
  const studyId = study.id;
  const siteA = (await buildSite(t.app, studyId, { name: 'Aarhus', siteNumber: 1 })).id;
  const siteB = (await buildSite(t.app, studyId, { name: 'Bergen', siteNumber: 2 })).id;
  await t.app.database.db
    .update(sites)
    .set({ enrolmentTarget: 8 })
    .where(and(eq(sites.studyId, studyId), eq(sites.id, siteA)));
  const formId = newId(NOW);
  await t.app.database.db.insert(formTemplates).values({
    studyId,
    id: formId,
    name: 'Visit',
    type: 'TYPE_FORM',
    document: FORM(formId) as Record<string, unknown>,
    createdBy: 'factory',
    createdAt: NOW,
    updatedAt: NOW,
  });
  const e1 = `dv${formId.slice(-8)}-e1`;
  const e2 = `dv${formId.slice(-8)}-e2`;
  const process = await buildProcess(t.app, {
    studyId,
    name: 'Main',
    dataEvents: [
      { id: e1, type: 'TYPE_USER', name: { en: 'Baseline' }, forms: [formId], referenceDate: 'REGISTRATION' },
      {
        id: e2,
        type: 'TYPE_USER',
        name: { en: 'Follow-up' },
        forms: [formId],
        referenceDate: 'REGISTRATION',
        offsetDays: 30,
      },
    ],
  });
  await setStudySchedule(t.app, studyId, { status: 'PRODUCTION', timeZone: 'UTC' });
  f = {
    studyId,
    siteA,
    siteB,
    formId,
    processId: process.id,
    e1,
    e2,
    subject: {},
    enrollment: {},
    questionnaire: {},
  };
  const people: [string, string, Record<string, unknown>][] = [
    ['A1', siteA, { gender: 1, dateOfBirth: '1980-06-15' }],
    ['A2', siteA, { gender: 2, dateOfBirth: '1990-06-16' }],
    ['A3', siteA, { gender: 2, birthYear: 2000 }],
    ['A4', siteA, {}],
    ['B1', siteB, { gender: 1, dateOfBirth: '1950-01-01' }],
    ['B2', siteB, { gender: 0, dateOfBirth: '2020-02-29' }],
    ['B3', siteB, { gender: 1, dateOfBirth: '1970-01-01' }],
  ];
  for (const [name, siteId, attributes] of people) {
    f.subject[name] = await createSubject(studyId, siteId, {
      patientId: `${name}-${formId.slice(-4)}`,
      ...attributes,
    });
  }
  // Registered in May at site A and in June at site B (the recruitment months).
  for (const [name, id] of Object.entries(f.subject)) {
    await t.app.database.db
      .update(subjects)
      .set({ createdAt: new Date(name.startsWith('A') ? '2026-05-10T09:00:00Z' : '2026-06-01T09:00:00Z') })
      .where(and(eq(subjects.studyId, studyId), eq(subjects.id, id)));
  }
  // B3 is archived: out of the population, still counted as registered by the site report.
  await t.app.database.db
    .update(subjects)
    .set({ archivedAt: NOW })
    .where(and(eq(subjects.studyId, studyId), eq(subjects.id, f.subject.B3 ?? '')));
  for (const name of ['A1', 'A2', 'A3', 'B1', 'B2']) {
    const siteId = name.startsWith('A') ? siteA : siteB;
    f.enrollment[name] = await enrol(studyId, f.subject[name] ?? '', siteId, process.id);
  }
  const en = (name: string) => f.enrollment[name] ?? '';
  f.questionnaire.A1 = await fill(
    en('A1'),
    [
      { question: 'q1', possibilities: ['p1'] },
      { question: 'q2', answerStrings: ['10'] },
      { question: 'q3', answerStrings: ['2020-01-01'] },
      { question: 'q4', answerStrings: ['true'] },
      { question: 'q5', answerStrings: ['hi'] },
    ],
    true,
  );
  f.questionnaire.A2 = await fill(
    en('A2'),
    [
      { question: 'q1', possibilities: ['p2'] },
      { question: 'q2', answerStrings: ['20'] },
      { question: 'q3', answerStrings: ['2021-01-01'] },
      { question: 'q4', answerStrings: ['false'] },
    ],
    false,
  );
  f.questionnaire.A3 = await fill(
    en('A3'),
    [
      { question: 'q1', possibilities: ['p1'] },
      { question: 'q2', answerStrings: ['40'] },
      { question: 'q5', answerStrings: ['x'] },
    ],
    true,
  );
  f.questionnaire.B1 = await fill(
    en('B1'),
    [
      { question: 'q1', possibilities: ['p3'] },
      { question: 'q2', answerStrings: ['100'] },
      { question: 'q3', answerStrings: ['2019-05-05'] },
      { question: 'q5', answerStrings: ['y'] },
    ],
    true,
  );
  // Verification of A1's q1 and q2 (primary) and q1 (secondary).
  const db = t.app.database.db;
  await db
    .update(answers)
    .set({ verifiedAt: NOW, verifiedBy: 'x' })
    .where(
      and(
        eq(answers.studyId, studyId),
        eq(answers.questionnaireId, f.questionnaire.A1),
        sql`${answers.questionId} in ('q1', 'q2')`,
      ),
    );
  await db
    .update(answers)
    .set({ secondaryVerifiedAt: NOW, secondaryVerifiedBy: 'x' })
    .where(
      and(
        eq(answers.studyId, studyId),
        eq(answers.questionnaireId, f.questionnaire.A1),
        eq(answers.questionId, 'q1'),
      ),
    );
  // Queries: one open on A3's form, one closed on B1's.
  for (const [name, status] of [
    ['A3', 'OPEN'],
    ['B1', 'CLOSED'],
  ] as const) {
    const token = await tokenOf(en(name), e1);
    await db.insert(queries).values({
      studyId,
      id: newId(NOW),
      siteId: name.startsWith('A') ? siteA : siteB,
      enrollmentId: en(name),
      tokenId: token.id,
      dataEventId: e1,
      questionnaireId: f.questionnaire[name] ?? '',
      formId,
      questionId: 'q1',
      status,
      queryText: 'Check',
      createdAt: NOW,
      updatedAt: NOW,
    });
  }
  // Token states (the schedule is not under test): e1 due this morning, B2's since the 10th.
  const at = (iso: string) => new Date(iso);
  const morning = at('2026-06-15T08:00:00Z');
  await setToken(en('A1'), e1, {
    status: 'COMPLETED',
    activationTime: morning,
    expiryTime: null,
    completedTime: NOW,
  });
  await setToken(en('A2'), e1, {
    status: 'IN_USE',
    activationTime: morning,
    expiryTime: null,
    completedTime: null,
  });
  await setToken(en('A3'), e1, {
    status: 'COMPLETED',
    activationTime: morning,
    expiryTime: null,
    completedTime: NOW,
  });
  await setToken(en('B1'), e1, {
    status: 'COMPLETED',
    activationTime: morning,
    expiryTime: at('2026-06-14T00:00:00Z'),
    completedTime: at('2026-06-15T10:00:00Z'),
  });
  await setToken(en('B2'), e1, {
    status: 'UNUSED',
    activationTime: at('2026-06-10T08:00:00Z'),
    completedTime: null,
  });
  for (const name of ['A1', 'A2', 'A3', 'B1', 'B2']) {
    await setToken(en(name), e2, {
      status: 'NOT_ACTIVE',
      activationTime: at('2026-07-15T08:00:00Z'),
      expiryTime: null,
      missingData: name === 'A1',
    });
  }
  await setToken(en('B1'), e2, {
    status: 'EXPIRED',
    activationTime: at('2026-06-01T08:00:00Z'),
    expiryTime: at('2026-06-05T08:00:00Z'),
  });
  return f;
}

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => NOW });
  sys = await loginAs(t.app);
  f = await buildFixture();
  const admin = await buildUser(t.app);
  await grantAccess(t.app, { studyId: f.studyId, user: admin, role: 'ADMIN' });
  fullUser = await loginAs(t.app, admin.email, admin.password);
  const monitor = await buildUser(t.app);
  await grantAccess(t.app, { studyId: f.studyId, user: monitor, role: 'MONITOR', siteIds: [f.siteA] });
  siteUser = await loginAs(t.app, monitor.email, monitor.password);
});
afterAll(async () => t?.close());

const url = (path: string) => `/api/studies/${f.studyId}${path}`;

describe('POST /api/studies/:studyId/data/population', () => {
  it('counts genders and ages of every site for a full-access user, archived subjects left out', async () => {
    const res = await call(fullUser, 'POST', url('/data/population'), {});
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.referenceDate).toBe('2026-06-15');
    expect(body.hasSites).toBe(true);
    expect(body.hasProcesses).toBe(true);
    // Ages on 2026-06-15: A1 46 (birthday today), A2 35 (tomorrow), A3 25 (1 July 2000), B1 76, B2 6.
    expect(body.statistics).toEqual({
      total: 6,
      male: 2,
      female: 2,
      unknown: 2,
      withAge: 5,
      meanAge: 37.6,
      minimumAge: 6,
      maximumAge: 76,
    });
    const bars = Object.fromEntries(
      body.ageDistribution.map((b: { from: number; count: number }) => [b.from, b.count]),
    );
    expect(bars).toEqual({ 0: 1, 10: 0, 20: 1, 30: 1, 40: 1, 50: 0, 60: 0, 70: 1, 80: 0, 90: 0 });
    expect(body.ageDistribution.at(-1)).toEqual({ from: 90, to: null, count: 0 });
    expect(body.patients.total).toBe(6);
    const a1 = body.patients.items.find((p: { subjectId: string }) => p.subjectId === f.subject.A1);
    expect(a1).toMatchObject({ gender: 'MALE', age: 46, siteName: 'Aarhus' });
  });

  it('shows a site-limited monitor its site only, with gender and age REDACTED in the list', async () => {
    const res = await call(siteUser, 'POST', url('/data/population'), { page: { page: 1, pageSize: 5 } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.statistics).toEqual({
      total: 4,
      male: 1,
      female: 2,
      unknown: 1,
      withAge: 3,
      meanAge: 35.3,
      minimumAge: 25,
      maximumAge: 46,
    });
    expect(body.patients.items).toHaveLength(4);
    for (const p of body.patients.items) {
      expect(p.siteId).toBe(f.siteA);
      expect(p.gender).toBe('REDACTED');
      expect(p.age).toBe('REDACTED');
    }
  });

  it('filters by answer and by independent answer; another site is refused to the monitor', async () => {
    const byAnswer = await call(fullUser, 'POST', url('/data/population'), {
      filter: {
        kind: 'ANSWER',
        siteId: f.siteA,
        dataEventId: f.e1,
        formId: f.formId,
        questionId: 'q1',
        possibilityId: 'p1',
      },
    });
    expect(byAnswer.json().statistics).toMatchObject({ total: 2, male: 1, female: 1, meanAge: 35.5 });
    const independent = await call(fullUser, 'POST', url('/data/population'), {
      filter: { kind: 'INDEPENDENT_ANSWER', formId: f.formId, questionId: 'q1', possibilityId: 'p3' },
    });
    expect(independent.json().statistics).toMatchObject({ total: 1, male: 1, minimumAge: 76 });
    const bySite = await call(fullUser, 'POST', url('/data/population'), {
      filter: { kind: 'SITE', siteId: f.siteB },
    });
    expect(bySite.json().statistics).toMatchObject({ total: 2, male: 1, unknown: 1 });
    const refused = await call(siteUser, 'POST', url('/data/population'), {
      filter: { kind: 'SITE', siteId: f.siteB },
    });
    expect(refused.statusCode).toBe(403);
    const unknownForm = await call(fullUser, 'POST', url('/data/population'), {
      filter: { kind: 'INDEPENDENT_ANSWER', formId: newId(NOW), questionId: 'q1', possibilityId: 'p1' },
    });
    expect(unknownForm.statusCode).toBe(404);
  });
});

describe('GET /api/studies/:studyId/data/:tab/options', () => {
  it('feeds the cascading selects with the caller’s sites, the events, forms, questions and possibilities', async () => {
    const full = (await call(fullUser, 'GET', url('/data/population/options'))).json();
    expect(full.sites.map((s: { name: string }) => s.name)).toEqual(['Aarhus', 'Bergen']);
    expect(full.processes[0].dataEvents.map((e: { id: string }) => e.id)).toEqual([f.e1, f.e2]);
    expect(full.processes[0].dataEvents[0].formIds).toEqual([f.formId]);
    const q1 = full.forms[0].questions[0];
    expect(q1.possibilities.map((p: { id: string }) => p.id)).toEqual(['p1', 'p2', 'p3']);
    expect(full.forms[0].questions[1].possibilities).toEqual([]);
    const limited = (await call(siteUser, 'GET', url('/data/monitor/options'))).json();
    expect(limited.sites.map((s: { id: string }) => s.id)).toEqual([f.siteA]);
    expect(limited.hasSites).toBe(true);
  });
});

describe('POST /api/studies/:studyId/data/answers', () => {
  it('gives each question its distribution and pages the filled forms', async () => {
    const res = await call(fullUser, 'POST', url('/data/answers'), {
      formId: f.formId,
      page: { page: 1, pageSize: 5 },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.forms).toBe(4);
    const byId = Object.fromEntries(body.questions.map((q: { questionId: string }) => [q.questionId, q]));
    expect(byId.q1.distribution.choices.map((c: { count: number }) => c.count)).toEqual([2, 1, 1]);
    expect(byId.q1.answered).toBe(4);
    expect(byId.q2.distribution).toMatchObject({ kind: 'NUMBER', min: 10, median: 30, max: 100 });
    const bins = byId.q2.distribution.bins.map((b: { count: number }) => b.count);
    expect(bins).toEqual([1, 1, 0, 1, 0, 0, 0, 0, 0, 1]);
    expect(byId.q3.distribution).toEqual({
      kind: 'DATE',
      min: '2019-05-05',
      median: '2020-01-01',
      max: '2021-01-01',
    });
    expect(byId.q4.distribution).toEqual({ kind: 'CHECKBOX', checked: 1, unchecked: 1 });
    expect(byId.q5.distribution).toEqual({ kind: 'NONE' });
    expect(byId.q5.answered).toBe(3);
    expect(body.rows.total).toBe(4);
    const a3 = body.rows.items.find(
      (r: { questionnaireId: string }) => r.questionnaireId === f.questionnaire.A3,
    );
    expect(a3.status).toBe('STATUS_QUERY');
    expect(a3.answers.q1).toEqual({ values: ['p1'], marker: null });
    expect(a3.answers.q2).toEqual({ values: ['40'], marker: null });
  });

  it('counts only the monitor’s site, and refuses another', async () => {
    const body = (await call(siteUser, 'POST', url('/data/answers'), { formId: f.formId })).json();
    expect(body.forms).toBe(3);
    expect(body.questions[0].distribution.choices.map((c: { count: number }) => c.count)).toEqual([2, 1, 0]);
    expect(body.questions[1].distribution).toMatchObject({ min: 10, median: 20, max: 40 });
    const refused = await call(siteUser, 'POST', url('/data/answers'), { formId: f.formId, siteId: f.siteB });
    expect(refused.statusCode).toBe(403);
  });
});

describe('POST /api/studies/:studyId/data/status', () => {
  it('gives the site’s subjects × data events with form statuses and totals', async () => {
    const res = await call(siteUser, 'POST', url('/data/status'), { siteId: f.siteA });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.columns.map((c: { dataEventId: string }) => c.dataEventId)).toEqual([f.e1, f.e2]);
    expect(body.columns[0].totals).toEqual({
      STATUS_NOT_STARTED: 0,
      STATUS_INCOMPLETE: 1,
      STATUS_COMPLETED: 1,
      STATUS_MISSING_DATA: 0,
      STATUS_QUERY: 1,
    });
    expect(body.columns[1].totals).toMatchObject({ STATUS_NOT_STARTED: 2, STATUS_MISSING_DATA: 1 });
    expect(body.totals).toEqual({
      STATUS_NOT_STARTED: 2,
      STATUS_INCOMPLETE: 1,
      STATUS_COMPLETED: 1,
      STATUS_MISSING_DATA: 1,
      STATUS_QUERY: 1,
    });
    expect(body.rows.total).toBe(3);
    const statusOf = (name: string, event: string) =>
      body.rows.items
        .find((r: { enrollmentId: string }) => r.enrollmentId === f.enrollment[name])
        .cells.find((c: { dataEventId: string }) => c.dataEventId === event).forms[0].status;
    expect(statusOf('A1', f.e1)).toBe('STATUS_COMPLETED');
    expect(statusOf('A2', f.e1)).toBe('STATUS_INCOMPLETE');
    expect(statusOf('A3', f.e1)).toBe('STATUS_QUERY');
    expect(statusOf('A1', f.e2)).toBe('STATUS_MISSING_DATA');
    expect(statusOf('A2', f.e2)).toBe('STATUS_NOT_STARTED');
  });

  it('requires a site, and one of the caller’s', async () => {
    expect((await call(siteUser, 'POST', url('/data/status'), {})).statusCode).toBe(400);
    expect((await call(siteUser, 'POST', url('/data/status'), { siteId: f.siteB })).statusCode).toBe(403);
  });
});

describe('POST /api/studies/:studyId/data/monitor', () => {
  const A = {
    forms: 3,
    answers: 12,
    verifiedPrimary: 2,
    verifiedSecondary: 1,
    openQueries: 1,
    missingData: 1,
    overdueEvents: 0,
    expiredEvents: 0,
  };
  const B = {
    forms: 1,
    answers: 4,
    verifiedPrimary: 0,
    verifiedSecondary: 0,
    openQueries: 0,
    missingData: 0,
    overdueEvents: 1,
    expiredEvents: 1,
  };

  it('gives verification progress, queries, missing data, overdue and expired events per site and subject', async () => {
    const res = await call(fullUser, 'POST', url('/data/monitor'), {});
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totals).toEqual({
      forms: 4,
      answers: 16,
      verifiedPrimary: 2,
      verifiedSecondary: 1,
      openQueries: 1,
      missingData: 1,
      overdueEvents: 1,
      expiredEvents: 1,
    });
    expect(body.sites).toEqual([
      { siteId: f.siteA, siteName: 'Aarhus', subjects: 4, ...A },
      { siteId: f.siteB, siteName: 'Bergen', subjects: 2, ...B },
    ]);
    expect(body.subjects.total).toBe(6);
    const a3 = body.subjects.items.find((s: { subjectId: string }) => s.subjectId === f.subject.A3);
    expect(a3.links).toEqual([
      {
        kind: 'QUERY',
        enrollmentId: f.enrollment.A3,
        dataEventId: f.e1,
        tokenId: expect.any(String),
        formId: f.formId,
        questionnaireId: f.questionnaire.A3,
      },
    ]);
    const b2 = body.subjects.items.find((s: { subjectId: string }) => s.subjectId === f.subject.B2);
    expect(b2.links.map((l: { kind: string }) => l.kind)).toEqual(['OVERDUE']);
  });

  it('shows the site-limited monitor its site only', async () => {
    const body = (await call(siteUser, 'POST', url('/data/monitor'), {})).json();
    expect(body.totals).toEqual(A);
    expect(body.sites).toEqual([{ siteId: f.siteA, siteName: 'Aarhus', subjects: 4, ...A }]);
    expect(body.subjects.items.every((s: { siteId: string }) => s.siteId === f.siteA)).toBe(true);
  });

  it('filters by pathway and data event, and by independent answer', async () => {
    const e2 = (
      await call(fullUser, 'POST', url('/data/monitor'), {
        filter: { kind: 'PATHWAY_DATA_EVENT', processId: f.processId, dataEventId: f.e2 },
      })
    ).json();
    expect(e2.totals).toEqual({
      forms: 0,
      answers: 0,
      verifiedPrimary: 0,
      verifiedSecondary: 0,
      openQueries: 0,
      missingData: 1,
      overdueEvents: 0,
      expiredEvents: 1,
    });
    expect(e2.subjects.total).toBe(5);
    const red = (
      await call(fullUser, 'POST', url('/data/monitor'), {
        filter: { kind: 'INDEPENDENT_ANSWER', formId: f.formId, questionId: 'q1', possibilityId: 'p1' },
      })
    ).json();
    expect(red.totals).toMatchObject({ forms: 2, answers: 8, verifiedPrimary: 2, openQueries: 1 });
  });
});

describe('answer_tally (migrations 0028, 0041): follows every write to answer, folded before the monitor reads it', () => {
  it('takes away a cleared or deleted answer and a withdrawn verification, and puts them back', async () => {
    const db = t.app.database.db;
    const totals = async () => (await call(fullUser, 'POST', url('/data/monitor'), {})).json().totals;
    const a1 = and(eq(answers.studyId, f.studyId), eq(answers.questionnaireId, f.questionnaire.A1 ?? ''));
    const [q5] = await db
      .select()
      .from(answers)
      .where(and(a1, eq(answers.questionId, 'q5')));
    const [q1] = await db
      .select()
      .from(answers)
      .where(and(a1, eq(answers.questionId, 'q1')));
    if (!q5 || !q1) throw new Error('fixture answers missing');
    await db
      .update(answers)
      .set({ value: { answerStrings: [''] } })
      .where(and(a1, eq(answers.questionId, 'q5')));
    await db
      .update(answers)
      .set({ verifiedAt: null })
      .where(and(a1, eq(answers.questionId, 'q1')));
    expect(await totals()).toMatchObject({ answers: 15, verifiedPrimary: 1, verifiedSecondary: 1 });
    await db.delete(answers).where(and(a1, eq(answers.questionId, 'q1')));
    expect(await totals()).toMatchObject({ answers: 14, verifiedPrimary: 1, verifiedSecondary: 0 });
    await db.insert(answers).values(q1);
    await db
      .update(answers)
      .set({ value: q5.value })
      .where(and(a1, eq(answers.questionId, 'q5')));
    expect(await totals()).toMatchObject({ answers: 16, verifiedPrimary: 2, verifiedSecondary: 1 });
  });
});

describe('GET /api/studies/:studyId/reports/*', () => {
  it('verification: share of answers verified per site and form', async () => {
    const res = await call(fullUser, 'GET', url('/reports/verification'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.rows).toEqual([
      {
        siteId: f.siteA,
        siteName: 'Aarhus',
        formId: f.formId,
        formName: 'Visit',
        forms: 3,
        answers: 12,
        verifiedPrimary: 2,
        verifiedSecondary: 1,
        primaryShare: 0.1667,
        secondaryShare: 0.0833,
      },
      {
        siteId: f.siteB,
        siteName: 'Bergen',
        formId: f.formId,
        formName: 'Visit',
        forms: 1,
        answers: 4,
        verifiedPrimary: 0,
        verifiedSecondary: 0,
        primaryShare: 0,
        secondaryShare: 0,
      },
    ]);
    expect(body.totals).toEqual({
      forms: 4,
      answers: 16,
      verifiedPrimary: 2,
      verifiedSecondary: 1,
      primaryShare: 0.125,
      secondaryShare: 0.0625,
    });
    const limited = (await call(siteUser, 'GET', url('/reports/verification'))).json();
    expect(limited.rows.map((r: { siteId: string }) => r.siteId)).toEqual([f.siteA]);
    expect((await call(siteUser, 'GET', url(`/reports/verification?siteId=${f.siteB}`))).statusCode).toBe(
      403,
    );
  });

  it('site: enrolment against target, recruitment per month, events on time', async () => {
    const body = (await call(fullUser, 'GET', url('/reports/site'))).json();
    expect(body.sites).toEqual([
      {
        siteId: f.siteA,
        siteName: 'Aarhus',
        siteNumber: 1,
        target: 8,
        subjects: 4,
        enrollments: 3,
        targetShare: 0.5,
        eventsDue: 3,
        eventsOnTime: 2,
        eventsLate: 0,
      },
      {
        siteId: f.siteB,
        siteName: 'Bergen',
        siteNumber: 2,
        target: null,
        subjects: 3,
        enrollments: 2,
        targetShare: null,
        eventsDue: 3,
        eventsOnTime: 0,
        eventsLate: 1,
      },
    ]);
    expect(body.recruitment).toEqual([
      { month: '2026-05', siteId: f.siteA, count: 4 },
      { month: '2026-06', siteId: f.siteB, count: 3 },
    ]);
    const limited = (await call(siteUser, 'GET', url('/reports/site'))).json();
    expect(limited.sites.map((s: { siteId: string }) => s.siteId)).toEqual([f.siteA]);
  });

  it('refuses a user without the report permission', async () => {
    const doctor = await buildUser(t.app);
    await grantAccess(t.app, { studyId: f.studyId, user: doctor, role: 'DOCTOR' });
    const who = await loginAs(t.app, doctor.email, doctor.password);
    expect((await call(who, 'GET', url('/reports/site'))).statusCode).toBe(403);
    expect((await call(who, 'POST', url('/data/population'), {})).statusCode).toBe(403);
  });
});

describe('GET /api/studies/:studyId/reports/site: the site form’s enrolment target and the study total', () => {
  const bergen = (enrolmentTarget: number | null) =>
    t.app.inject({
      method: 'PUT',
      url: url(`/sites/${f.siteB}`),
      headers: fullUser.headers,
      payload: { name: 'Bergen', enrolmentTarget },
    });
  const report = async (who: LoggedIn) => {
    const res = await call(who, 'GET', url('/reports/site'));
    expect(res.statusCode).toBe(200);
    return res.json<{
      sites: { siteId: string; target: number | null; subjects: number; targetShare: number | null }[];
      totals: Record<string, number | null>;
    }>();
  };
  const targets = (body: Awaited<ReturnType<typeof report>>) =>
    body.sites.map((s) => [s.siteId, s.target, s.subjects, s.targetShare]);

  it('sums the targets set, measures them against their sites’ subjects, counts every subject shown, and follows a target set and cleared on the site', async () => {
    const before = await report(fullUser);
    expect(targets(before)).toEqual([
      [f.siteA, 8, 4, 0.5],
      [f.siteB, null, 3, null],
    ]);
    expect(before.totals).toEqual({
      target: 8,
      subjects: 7,
      subjectsTowardTarget: 4,
      enrollments: 5,
      targetShare: 0.5,
      sitesWithoutTarget: 1,
      eventsDue: 6,
      eventsOnTime: 2,
      eventsLate: 1,
    });

    const set = await bergen(4);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ id: f.siteB, enrolmentTarget: 4 });
    const after = await report(fullUser);
    expect(targets(after)).toEqual([
      [f.siteA, 8, 4, 0.5],
      [f.siteB, 4, 3, 0.75],
    ]);
    expect(after.totals).toEqual({
      target: 12,
      subjects: 7,
      subjectsTowardTarget: 7,
      enrollments: 5,
      targetShare: 0.5833,
      sitesWithoutTarget: 0,
      eventsDue: 6,
      eventsOnTime: 2,
      eventsLate: 1,
    });

    // The MONITOR limited to Aarhus sees Aarhus's row and a total of Aarhus only.
    const limited = await report(siteUser);
    expect(targets(limited)).toEqual([[f.siteA, 8, 4, 0.5]]);
    expect(limited.totals).toEqual({
      target: 8,
      subjects: 4,
      subjectsTowardTarget: 4,
      enrollments: 3,
      targetShare: 0.5,
      sitesWithoutTarget: 0,
      eventsDue: 3,
      eventsOnTime: 2,
      eventsLate: 0,
    });

    expect((await bergen(null)).json()).toMatchObject({ enrolmentTarget: null });
    expect((await report(fullUser)).totals).toMatchObject({
      target: 8,
      subjectsTowardTarget: 4,
      targetShare: 0.5,
      sitesWithoutTarget: 1,
    });
  });
});

describe('answer_value_tally (migrations 0033, 0040): the answer tab from the tally equals the answers', () => {
  const db = () => t.app.database.db;
  const accessTo = (siteIds: string[] | 'ALL'): AccessUser => ({
    systemPermissions: [],
    studyAccess: [{ studyId: f.studyId, role: 'MONITOR', siteIds }],
  });
  /** The tally once folded, and the same items recomputed from every answer of the study. */
  async function tallyAndRecount() {
    await foldAnswerTallies(db(), f.studyId);
    const rows = async (statement: ReturnType<typeof sql>) =>
      (
        (await db().execute(statement)) as unknown as {
          rows: {
            form_id: string;
            question_id: string;
            site_id: string;
            kind: string;
            value: string;
            n: number;
          }[];
        }
      ).rows;
    const tally = await rows(sql`select form_id, question_id, site_id, kind, value, n from answer_value_tally
      where study_id = ${f.studyId} and n <> 0 order by 1, 2, 3, 4, 5`);
    const recount =
      await rows(sql`select q.form_id, a.question_id, q.site_id, i.kind, i.item as value, count(*)::int as n
      from answer a join questionnaire q on q.study_id = a.study_id and q.id = a.questionnaire_id
        cross join lateral answer_value_items(a.is_unavailable, a.is_skipped, a.value) as i
      where a.study_id = ${f.studyId} group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`);
    return { tally, recount };
  }
  /** Tally and recount agree, and each view (whole study, each site, a few questions) equals the answers'. */
  async function expectExact(label: string) {
    const { tally, recount } = await tallyAndRecount();
    expect(tally, label).toEqual(recount);
    const requests: [string[] | 'ALL', object][] = [
      ['ALL', { formId: f.formId, page: { page: 1, pageSize: 50 } }],
      [[f.siteA], { formId: f.formId }],
      [[f.siteB], { formId: f.formId }],
      ['ALL', { formId: f.formId, siteId: f.siteB, questionIds: ['q2', 'q3', 'q1'] }],
    ];
    for (const [siteIds, request] of requests) {
      const input = { studyId: f.studyId, request: request as AnswerTabRequest, access: accessTo(siteIds) };
      const fromTally = await viewAnswers(t.app.database.db, input);
      const fromAnswers = await viewAnswers(t.app.database.db, { ...input, source: 'answers' });
      expect(fromTally, `${label}: ${JSON.stringify(request)} at ${siteIds}`).toEqual(fromAnswers);
    }
  }
  const answerOf = (name: string, questionId: string) =>
    and(
      eq(answers.studyId, f.studyId),
      eq(answers.questionnaireId, f.questionnaire[name] ?? ''),
      eq(answers.questionId, questionId),
    );

  it('after inserts, updates, deletions, moves and a concurrent burst of submits', async () => {
    await expectExact('fixture');
    // Odd values: a date not of the date form, a possibility id too long to key, a comma decimal,
    // no possibility with the unavailable mark, a skipped mark.
    await db()
      .update(answers)
      .set({ value: { answerStrings: ['15/01/2020'] } })
      .where(answerOf('A2', 'q3'));
    await db()
      .update(answers)
      .set({ value: { possibilities: ['p2', 'x'.repeat(250), 'p2'] } })
      .where(answerOf('A3', 'q1'));
    await db()
      .update(answers)
      .set({ value: { answerStrings: ['12,5'] } })
      .where(answerOf('A2', 'q2'));
    await db()
      .update(answers)
      .set({ value: { possibilities: [] }, isUnavailable: true })
      .where(answerOf('B1', 'q1'));
    await db().update(answers).set({ isSkipped: true }).where(answerOf('A1', 'q5'));
    await expectExact('updated');
    // A second fold with nothing marked changes no figure.
    await foldAnswerTallies(db(), f.studyId);
    await expectExact('folded again');
    // A deleted answer, a filled form moved to the other site, one deleted with its answers after it.
    const [b1q3] = await db().select().from(answers).where(answerOf('B1', 'q3'));
    await db().delete(answers).where(answerOf('B1', 'q3'));
    await expectExact('answer deleted');
    if (b1q3) await db().insert(answers).values(b1q3);
    await db()
      .update(questionnaires)
      .set({ siteId: f.siteB })
      .where(and(eq(questionnaires.studyId, f.studyId), eq(questionnaires.id, f.questionnaire.A3 ?? '')));
    await expectExact('moved to site B');
    await db()
      .update(questionnaires)
      .set({ siteId: f.siteA })
      .where(and(eq(questionnaires.studyId, f.studyId), eq(questionnaires.id, f.questionnaire.A3 ?? '')));
    await db()
      .update(answers)
      .set({ value: { answerStrings: ['2021-01-01'] } })
      .where(answerOf('A2', 'q3'));
    await expectExact('moved back');
    // A burst of submits at the same time (6 new subjects), with staff updates and a compaction among them.
    const names = ['C1', 'C2', 'C3', 'C4', 'C5', 'C6'];
    for (const [i, name] of names.entries()) {
      const siteId = i % 2 === 0 ? f.siteA : f.siteB;
      f.subject[name] = await createSubject(f.studyId, siteId, {
        patientId: `${name}-${f.formId.slice(-4)}`,
      });
      f.enrollment[name] = await enrol(f.studyId, f.subject[name] ?? '', siteId, f.processId);
    }
    await Promise.all([
      ...names.map((name, i) =>
        fill(
          f.enrollment[name] ?? '',
          [
            { question: 'q1', possibilities: [`p${1 + (i % 3)}`] },
            { question: 'q2', answerStrings: [String(5 * i)] },
            { question: 'q3', answerStrings: [`2022-0${1 + i}-01`] },
            { question: 'q4', answerStrings: [i % 2 === 0 ? 'true' : 'false'] },
            { question: 'q5', answerStrings: ['burst'] },
          ],
          i % 3 !== 0,
        ),
      ),
      db()
        .update(answers)
        .set({ value: { answerStrings: ['33'] } })
        .where(answerOf('A1', 'q2')),
      foldAnswerTallies(db(), f.studyId),
      foldAnswerTallies(db(), f.studyId),
    ]);
    await expectExact('after the burst');
    // The filled form deleted first, its answers after: both leave the tally exact.
    await db()
      .delete(questionnaires)
      .where(and(eq(questionnaires.studyId, f.studyId), eq(questionnaires.id, f.questionnaire.B1 ?? '')));
    await expectExact('filled form deleted');
    await db()
      .delete(answers)
      .where(and(eq(answers.studyId, f.studyId), eq(answers.questionnaireId, f.questionnaire.B1 ?? '')));
    await expectExact('its answers deleted');
  });

  it('a write only marks its filled form, once per statement; a fold, even the periodic one over every study, takes the marks', async () => {
    const marks = async () =>
      (
        (await db().execute(
          sql`select questionnaire_id from answer_value_dirty where study_id = ${f.studyId} order by 1`,
        )) as unknown as { rows: { questionnaire_id: string }[] }
      ).rows.map((r) => r.questionnaire_id);
    await foldAnswerTallies(db(), f.studyId);
    expect(await marks()).toEqual([]);
    await db()
      .update(answers)
      .set({ value: { answerStrings: ['41'] } })
      .where(and(eq(answers.studyId, f.studyId), eq(answers.questionnaireId, f.questionnaire.A1 ?? '')));
    expect(await marks()).toEqual([f.questionnaire.A1]);
    expect(await foldAllAnswerTallies(db())).toBeGreaterThanOrEqual(1);
    expect(await marks()).toEqual([]);
    await expectExact('after the periodic fold');
    // answer_tally is folded by the same pass: every filled form's counts equal its answers'.
    const counts = async (statement: ReturnType<typeof sql>) =>
      ((await db().execute(statement)) as unknown as { rows: unknown[] }).rows;
    const recounted = await counts(sql`select * from (select a.questionnaire_id,
          count(*) filter (where h)::int as held, count(*) filter (where h and a.verified_at is not null)::int as v1,
          count(*) filter (where h and a.secondary_verified_at is not null)::int as v2
        from answer a cross join lateral (select answer_holds(a.is_unavailable, a.is_skipped, a.value) as h) as x
        where a.study_id = ${f.studyId} group by 1) as r where held + v1 + v2 > 0 order by 1`);
    expect(recounted.length).toBeGreaterThan(0);
    expect(
      await counts(sql`select questionnaire_id, held, verified as v1, secondary_verified as v2 from answer_tally
        where study_id = ${f.studyId} and held + verified + secondary_verified > 0 order by 1`),
    ).toEqual(recounted);
  });

  it('computes the median of counted values as percentile_cont does', () => {
    expect(medianOfCounts([])).toBeNull();
    expect(medianOfCounts([{ x: 3, n: 1 }])).toBe(3);
    expect(
      medianOfCounts([
        { x: 1, n: 2 },
        { x: 10, n: 2 },
      ]),
    ).toBe(5.5);
    expect(
      medianOfCounts([
        { x: 1, n: 1 },
        { x: 2, n: 5 },
        { x: 10, n: 1 },
      ]),
    ).toBe(2);
    expect(
      medianOfCounts([
        { x: 0.1, n: 1 },
        { x: 0.2, n: 1 },
      ]),
    ).toBe(0.1 + 0.5 * (0.2 - 0.1));
  });
});
