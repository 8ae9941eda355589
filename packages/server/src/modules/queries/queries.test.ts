/**
 * Issue 19: queries over HTTP on the real server and database (PGlite and PostgreSQL): raise, list,
 * respond with the password (changing the answer with the response as its reason), close, quick close,
 * reopen, decline; refusals (wrong state, permission, site, password, text length, open-query limit);
 * an audit event per action; the form status query → completed → query; the study's query list with
 * filters, counts and site limits; the CSV export; queryCount; the overview tile; the emails over real
 * SMTP in the recipient's language, and the daily digest for users who chose it; the open query statuses
 * of each token in the subject's records (issue 19 item 2).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type EnrollmentDetail,
  type FormTemplateDocumentInput,
  QUERY_OPEN_LIMIT_PER_QUESTION,
  QUERY_OPEN_LIMIT_REACHED,
  type StudyRole,
} from '@trialbase/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildProcess,
  buildSite,
  buildStudy,
  buildSubject,
  buildUser,
  DEFAULT_PASSWORD,
  grantAccess,
  setStudySchedule,
} from '../../../test/factories';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { readMail } from '../../../test/mail';
import { startSmtp, waitFor } from '../../../test/smtp';
import { auditEvents } from '../../platform/audit/tables';
import { resolveLocalesDir } from '../../platform/i18n/i18n';
import { newId } from '../../platform/ids';
import { tokens } from '../enrollments/tokens/tables';
import { formTemplates } from '../forms/tables';
import { validationRules } from '../rules/tables';
import { users } from '../users/tables';
import { QUERY_DIGEST_QUEUE } from './service/digest';

let t: TestApp;
let admin: LoggedIn;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ jobs: true, smtpUrl: smtp.url, logLevel: process.env.QLOG ?? 'silent' });
  admin = await loginAs(t.app);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const EV = 'extended-validation';

function call(method: 'GET' | 'POST' | 'PUT', url: string, who: LoggedIn, payload?: object, extra = {}) {
  return t.app.inject({
    method,
    url,
    headers: { ...who.headers, ...extra },
    ...(payload ? { payload } : {}),
  });
}

const FORM_DOC = (id: string): FormTemplateDocumentInput => ({
  id,
  title: { en: `Vitals ${id.slice(-6)}` },
  type: 'TYPE_FORM',
  questions: [
    {
      id: 'q1',
      order: 1,
      type: 'NUMBER',
      question: { en: 'Weight' },
      required: true,
      minValue: 0,
      maxValue: 300,
    },
    { id: 'q2', order: 2, type: 'TEXT_FREE', question: { en: 'Note' } },
    {
      id: 'q3',
      order: 3,
      type: 'MULTIPLE_CHOICE',
      question: { en: 'Smoker' },
      possibilities: [
        { id: 'p1', possibility: { en: 'No' } },
        { id: 'p2', possibility: { en: 'Yes' } },
      ],
    },
    {
      id: 'q4',
      order: 4,
      type: 'TEXT_FREE',
      question: { en: 'How much?' },
      showRules: [{ question: 'q3', possibilities: ['p2'] }],
    },
  ],
});

type Member = LoggedIn & { user: Awaited<ReturnType<typeof buildUser>> };

async function member(studyId: string, role: StudyRole, siteIds: 'ALL' | string[] = 'ALL'): Promise<Member> {
  const user = await buildUser(t.app, { email: `${role.toLowerCase()}-${newId()}@example.org` });
  await grantAccess(t.app, { studyId, user, role, siteIds });
  return { ...(await loginAs(t.app, user.email, user.password)), user };
}

/** A production study with two sites, a one-form event, a subject per site with a submitted form. */
async function setUp(options: { queryRule?: boolean } = {}) {
  const app = t.app;
  const study = await buildStudy(app);
  const siteA = await buildSite(app, study.id, { name: `Alpha ${newId().slice(-5)}` });
  const siteB = await buildSite(app, study.id, { name: `Beta ${newId().slice(-5)}` });
  const now = new Date();
  const formId = newId(now);
  await app.database.db.insert(formTemplates).values({
    studyId: study.id,
    id: formId,
    name: `Vitals ${formId.slice(-6)}`,
    type: 'TYPE_FORM',
    document: FORM_DOC(formId) as Record<string, unknown>,
    createdBy: 'factory',
    createdAt: now,
    updatedAt: now,
  });
  const eventId = `qy${formId.slice(-8)}-e1`;
  const process = await buildProcess(app, {
    studyId: study.id,
    dataEvents: [
      {
        id: eventId,
        type: 'TYPE_USER',
        forms: [formId],
        referenceDate: 'REGISTRATION',
        sendAs: 'NO_SEND_OUT',
      },
    ],
  });
  if (options.queryRule) {
    await app.database.db.insert(validationRules).values({
      studyId: study.id,
      id: newId(now),
      formId,
      questionId: 'q1',
      document: {
        leftOperant: { form: formId, question: 'q1' },
        rightOperant: { type: 'CONST_VAL', value: 200 },
        operator: 'lt',
        action: { type: 'QUERY', message: { en: 'Weight must be below {limit}' } },
      },
      createdBy: 'factory',
      createdAt: now,
      updatedAt: now,
    });
  }
  await setStudySchedule(app, study.id, { status: 'PRODUCTION' });
  const monitor = await member(study.id, 'MONITOR');
  const doctorA = await member(study.id, 'DOCTOR', [siteA.id]);
  const doctorB = await member(study.id, 'DOCTOR', [siteB.id]);
  async function filled(siteId: string) {
    const subject = await buildSubject(app, { studyId: study.id, siteId });
    const res = await call('POST', `/api/studies/${study.id}/enrollments`, admin, {
      subjectId: subject.id,
      siteId,
      processId: process.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const enrollmentId = res.json<{ id: string }[]>()[0]?.id ?? '';
    const [token] = await app.database.db.select().from(tokens).where(eq(tokens.enrollmentId, enrollmentId));
    if (!token) throw new Error('no token');
    const base = `/api/studies/${study.id}/enrollments/${enrollmentId}/tokens/${token.id}`;
    const saved = await call('POST', `${base}/questionnaires`, admin, {
      formId,
      answers: [{ question: 'q1', answerStrings: ['70'] }],
      isFinal: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const questionnaireId = saved.json().answerSet.id as string;
    return {
      subject,
      enrollmentId,
      tokenId: token.id,
      questionnaireId,
      queries: `${base}/questionnaires/${questionnaireId}/queries`,
    };
  }
  const a = await filled(siteA.id);
  const b = await filled(siteB.id);
  return { study, siteA, siteB, formId, eventId, processId: process.id, monitor, doctorA, doctorB, a, b };
}
type Setup = Awaited<ReturnType<typeof setUp>>;

async function auditOf(queryId: string) {
  const rows = await t.app.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, 'QUERY'), eq(auditEvents.entityId, queryId)))
    .orderBy(asc(auditEvents.ticket));
  return rows;
}

async function formStatus(s: Setup, who: LoggedIn = admin) {
  const res = await call(
    'GET',
    `/api/studies/${s.study.id}/enrollments/${s.a.enrollmentId}/tokens/${s.a.tokenId}/questionnaires`,
    who,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().forms[0].answerSet.status as string;
}

async function raise(s: Setup, text = 'Weight 70 kg? Please check the source document.', question = 'q1') {
  const res = await call('POST', s.a.queries, s.monitor, { questionId: question, text });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const mailsTo = (email: string) =>
  smtp.received.filter((m) => m.to.includes(email)).map((m) => readMail(m.data));
const catalog = (lng: string) =>
  JSON.parse(readFileSync(path.join(resolveLocalesDir(), lng, 'queries.json'), 'utf8')) as {
    EMAILS: Record<string, Record<string, string>>;
    CSV: Record<string, string>;
  };

describe(`queries on ${engine}`, () => {
  it('runs the loop: raise → respond with an answer change and the password → close → reopen, status query → completed → query, audited', async () => {
    const s = await setUp();
    expect(await formStatus(s)).toBe('STATUS_COMPLETED');

    const created = await raise(s);
    expect(created.action).toBe('CREATE');
    expect(created.query.status).toBe('OPEN');
    expect(created.query.createdBy).toBe(s.monitor.user.id);
    expect(created.query.comments).toHaveLength(1);
    expect(created.query.comments[0]).toMatchObject({
      action: 'CREATE',
      createdBy: s.monitor.user.id,
      createdByName: 'Test User',
    });
    expect(created.formStatus).toBe('STATUS_QUERY');
    expect(await formStatus(s)).toBe('STATUS_QUERY');
    const queryId = created.query.id as string;

    const list = await call('GET', s.a.queries, s.doctorA);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.map((q: { id: string }) => q.id)).toEqual([queryId]);

    // Respond needs the password (spec 001 §6), whatever the study's extended-validation setting.
    const url = `${s.a.queries}/${queryId}`;
    const reply = {
      text: 'Source says 72 kg; corrected.',
      answer: { question: 'q1', answerStrings: ['72'] },
    };
    const noPassword = await call('PUT', `${url}/respond`, s.doctorA, reply);
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().type).toBe('EXTENDED_VALIDATION');
    const wrong = await call('PUT', `${url}/respond`, s.doctorA, reply, { [EV]: 'Not-The-Password-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().type).toBe('EXTENDED_VALIDATION');
    expect(await formStatus(s)).toBe('STATUS_QUERY');

    const responded = await call('PUT', `${url}/respond`, s.doctorA, reply, { [EV]: DEFAULT_PASSWORD });
    expect(responded.statusCode, responded.body).toBe(200);
    const r = responded.json();
    expect(r.action).toBe('RESPOND');
    expect(r.query.status).toBe('RESPONDED');
    expect(r.query.comments.at(-1)).toMatchObject({
      action: 'RESPOND',
      createdBy: s.doctorA.user.id,
      text: reply.text,
      oldValues: ['70'],
      newValues: ['72'],
    });
    expect(r.formStatus).toBe('STATUS_QUERY');
    // The answer changed through the staff update, the response as its reason.
    const fill = await call(
      'GET',
      `/api/studies/${s.study.id}/enrollments/${s.a.enrollmentId}/tokens/${s.a.tokenId}/questionnaires`,
      admin,
    );
    expect(
      fill.json().forms[0].answerSet.answers.find((x: { question: string }) => x.question === 'q1')
        .answerStrings,
    ).toEqual(['72']);
    const updates = await t.app.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entityId, s.a.questionnaireId), eq(auditEvents.action, 'QUESTIONNAIRE_UPDATED')),
      );
    expect(updates.map((u) => u.reason)).toEqual([reply.text]);

    const again = await call(
      'PUT',
      `${url}/respond`,
      s.doctorA,
      { text: 'again' },
      { [EV]: DEFAULT_PASSWORD },
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().type).toBe('QUERY');

    const closed = await call('POST', `${url}/close`, s.monitor, { text: 'Thanks, confirmed.' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().action).toBe('CLOSE');
    expect(closed.json().query.status).toBe('CLOSED');
    expect(closed.json().formStatus).toBe('STATUS_COMPLETED');
    expect(closed.json().questionHidden).toBe(false);
    expect(await formStatus(s)).toBe('STATUS_COMPLETED');
    const closeAgain = await call('POST', `${url}/close`, s.monitor, {});
    expect(closeAgain.statusCode).toBe(409);

    const reopened = await call('POST', `${url}/reopen`, s.monitor, { text: 'The unit is missing.' });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().action).toBe('REOPEN');
    expect(reopened.json().query.status).toBe('OPEN');
    expect(await formStatus(s)).toBe('STATUS_QUERY');
    const reopenOpen = await call('POST', `${url}/reopen`, s.monitor, { text: 'again' });
    expect(reopenOpen.statusCode).toBe(409);

    // Decline: a response sent back returns the query to OPEN; a quick close takes no text.
    const r2 = await call(
      'PUT',
      `${url}/respond`,
      s.doctorA,
      { text: 'Unit is kg.' },
      { [EV]: DEFAULT_PASSWORD },
    );
    expect(r2.statusCode, r2.body).toBe(200);
    expect(r2.json().query.comments.at(-1).oldValues).toBeNull();
    const declined = await call('POST', `${url}/reopen`, s.monitor, { text: 'Please write it in the note.' });
    expect(declined.json().action).toBe('DECLINE');
    expect(declined.json().query.status).toBe('OPEN');
    const quick = await call('POST', `${url}/close`, s.monitor, {});
    expect(quick.statusCode, quick.body).toBe(200);
    expect(quick.json().action).toBe('QUICK_CLOSE');
    expect(await formStatus(s)).toBe('STATUS_COMPLETED');

    const audit = await auditOf(queryId);
    expect(audit.map((e) => e.action)).toEqual([
      'QUERY_CREATED',
      'QUERY_RESPONDED',
      'QUERY_CLOSED',
      'QUERY_REOPENED',
      'QUERY_RESPONDED',
      'QUERY_DECLINED',
      'QUERY_QUICK_CLOSED',
    ]);
    expect(audit[1]?.actorId).toBe(s.doctorA.user.id);
    expect((audit[1]?.after as { signature?: { meaning: string } } | undefined)?.signature?.meaning).toBe(
      'Query response',
    );
    expect((audit[1]?.after as { oldValues: string[] } | undefined)?.oldValues).toEqual(['70']);
  });

  it('refuses what the role, the site, the state or the text do not allow, and changes nothing', async () => {
    const s = await setUp();
    // Role table (000 §6): doctors respond, monitors raise / close / reopen.
    expect((await call('POST', s.a.queries, s.doctorA, { questionId: 'q1', text: 'x' })).statusCode).toBe(
      403,
    );
    const q = await raise(s);
    const url = `${s.a.queries}/${q.query.id}`;
    expect(
      (await call('PUT', `${url}/respond`, s.monitor, { text: 'x' }, { [EV]: DEFAULT_PASSWORD })).statusCode,
    ).toBe(403);
    expect((await call('POST', `${url}/close`, s.doctorA, {})).statusCode).toBe(403);
    expect((await call('POST', `${url}/reopen`, s.doctorA, { text: 'x' })).statusCode).toBe(403);
    // Site-limited users act only on their sites.
    expect((await call('GET', s.a.queries, s.doctorB)).statusCode).toBe(403);
    expect(
      (await call('PUT', `${url}/respond`, s.doctorB, { text: 'x' }, { [EV]: DEFAULT_PASSWORD })).statusCode,
    ).toBe(403);
    // Text: required, max 1000 (001 §8).
    expect((await call('POST', s.a.queries, s.monitor, { questionId: 'q1', text: '   ' })).statusCode).toBe(
      400,
    );
    expect(
      (await call('POST', s.a.queries, s.monitor, { questionId: 'q1', text: 'x'.repeat(1001) })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', s.a.queries, s.monitor, { questionId: 'q1', text: 'x'.repeat(1000) })).statusCode,
    ).toBe(201);
    expect(
      (await call('PUT', `${url}/respond`, s.doctorA, { text: 'y'.repeat(1001) }, { [EV]: DEFAULT_PASSWORD }))
        .statusCode,
    ).toBe(400);
    expect((await call('POST', s.a.queries, s.monitor, { questionId: 'nope', text: 'x' })).statusCode).toBe(
      400,
    );
    // The answer of a response must be the queried question's.
    const other = await call(
      'PUT',
      `${url}/respond`,
      s.doctorA,
      { text: 'x', answer: { question: 'q2', answerStrings: ['y'] } },
      { [EV]: DEFAULT_PASSWORD },
    );
    expect(other.statusCode).toBe(400);
    // Ids of another form or enrollment are not found.
    const foreign = await call('POST', `${s.b.queries}/${q.query.id}/close`, s.monitor, {});
    expect(foreign.statusCode).toBe(404);
    // Open-query limit per question (001 §8): this question now has 2 active queries.
    for (let i = 2; i < QUERY_OPEN_LIMIT_PER_QUESTION; i += 1) await raise(s);
    const over = await call('POST', s.a.queries, s.monitor, { questionId: 'q1', text: 'one too many' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ type: 'QUERY', context: { reason: QUERY_OPEN_LIMIT_REACHED } });
    // Another question is not limited; a closed query frees a place.
    expect((await call('POST', s.a.queries, s.monitor, { questionId: 'q2', text: 'Note?' })).statusCode).toBe(
      201,
    );
    await call('POST', `${url}/close`, s.monitor, {});
    expect(
      (await call('POST', s.a.queries, s.monitor, { questionId: 'q1', text: 'now fits' })).statusCode,
    ).toBe(201);
    const audit = await auditOf(q.query.id);
    expect(audit.map((e) => e.action)).toEqual(['QUERY_CREATED', 'QUERY_QUICK_CLOSED']);
    // 001 §4: closing a query on a hidden question says so (the dialog warns before).
    const hidden = await raise(s, 'How much?', 'q4');
    const closedHidden = await call('POST', `${s.a.queries}/${hidden.query.id}/close`, s.monitor, {});
    expect(closedHidden.json()).toMatchObject({ action: 'QUICK_CLOSE', questionHidden: true });
  });

  it('lists the study queries by site, status, subject and text, with counts, site limits, CSV and counts per question', async () => {
    const s = await setUp();
    const qa = await raise(s, 'Alpha weight?');
    await raise(s, 'Alpha note?', 'q2');
    const qb = await call('POST', s.b.queries, s.monitor, { questionId: 'q1', text: 'Beta weight?' });
    expect(qb.statusCode).toBe(201);
    await call('POST', `${s.a.queries}/${qa.query.id}/close`, s.monitor, {});
    const list = (who: LoggedIn, body: object) =>
      call('POST', `/api/studies/${s.study.id}/queries/list`, who, body);

    const all = await list(s.monitor, {});
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().total).toBe(3);
    expect(all.json().counts).toEqual({ OPEN: 2, RESPONDED: 0, CLOSED: 1 });
    const open = await list(s.monitor, { sites: [s.siteA.id], statuses: ['OPEN'], pageSize: 25 });
    expect(open.json().items.map((r: { queryText: string }) => r.queryText)).toEqual(['Alpha note?']);
    expect(open.json().counts).toEqual({ OPEN: 1, RESPONDED: 0, CLOSED: 1 });
    const row = open.json().items[0];
    expect(row).toMatchObject({
      siteName: s.siteA.name,
      subjectLabel: s.a.subject.patientId,
      formName: expect.stringContaining('Vitals'),
      dataEventId: s.eventId,
      questionId: 'q2',
      enrollmentId: s.a.enrollmentId,
      tokenId: s.a.tokenId,
      createdByName: 'Test User',
    });
    const bySubject = await list(s.monitor, { subject: s.b.subject.patientId });
    expect(bySubject.json().items.map((r: { queryText: string }) => r.queryText)).toEqual(['Beta weight?']);
    const byText = await list(s.monitor, { queryText: 'note' });
    expect(byText.json().total).toBe(1);
    const byCreator = await list(s.monitor, { createdBy: [s.doctorA.user.id] });
    expect(byCreator.json().total).toBe(0);
    const page = await list(s.monitor, { pageSize: 5, page: 2 });
    expect(page.json().items).toEqual([]);
    expect((await list(s.monitor, { pageSize: 7 })).statusCode).toBe(400);
    expect((await list(s.monitor, { subject: 's'.repeat(129) })).statusCode).toBe(400);
    // A site-limited doctor sees only their site, whatever the filter asks.
    const doctorView = await list(s.doctorB, {});
    expect(doctorView.json().items.map((r: { queryText: string }) => r.queryText)).toEqual(['Beta weight?']);
    expect((await list(s.doctorB, { sites: [s.siteA.id] })).json().total).toBe(0);

    const csv = await call('POST', `/api/studies/${s.study.id}/queries/export`, s.monitor, {
      statuses: ['OPEN'],
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]?.split(',')[0]).toBe(catalog('en').CSV.ID);
    expect(lines).toHaveLength(3);
    expect(csv.body).toContain('Beta weight?');
    expect(csv.body).not.toContain('Alpha weight?');

    const count = await call(
      'GET',
      `/api/studies/${s.study.id}/forms/${s.formId}/questions/q1/queryCount`,
      s.monitor,
    );
    expect(count.json()).toEqual({ count: 2, active: 1, byStatus: { OPEN: 1, RESPONDED: 0, CLOSED: 1 } });
    const countB = await call(
      'GET',
      `/api/studies/${s.study.id}/forms/${s.formId}/questions/q1/queryCount`,
      s.doctorB,
    );
    expect(countB.json().count).toBe(1);

    const overview = await call('GET', `/api/study/${s.study.id}/overview`, s.monitor);
    expect(overview.json().counts.openQueries).toBe(2);
  });

  it('a QUERY rule raises a system-generated query that the site answers like any other', async () => {
    const s = await setUp({ queryRule: true });
    const fill = `/api/studies/${s.study.id}/enrollments/${s.a.enrollmentId}/tokens/${s.a.tokenId}/questionnaires/${s.a.questionnaireId}`;
    const version = (
      await call(
        'GET',
        `/api/studies/${s.study.id}/enrollments/${s.a.enrollmentId}/tokens/${s.a.tokenId}/questionnaires`,
        admin,
      )
    ).json().forms[0].answerSet.version;
    const saved = await call('PUT', fill, admin, {
      answers: [{ question: 'q1', answerStrings: ['250'] }],
      comment: 'typo',
      version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().queriesRaised).toBe(1);
    const list = await call('GET', s.a.queries, s.doctorA);
    const [q] = list.json().items;
    expect(q).toMatchObject({
      status: 'OPEN',
      createdBy: null,
      createdByName: null,
      ruleId: expect.any(String),
    });
    expect(q.comments[0]).toMatchObject({ createdBy: null, createdByName: null, action: 'CREATE' });
    expect(await formStatus(s)).toBe('STATUS_QUERY');
    await waitFor(() => mailsTo(s.doctorA.user.email).length > 0);
    const responded = await call(
      'PUT',
      `${s.a.queries}/${q.id}/respond`,
      s.doctorA,
      { text: 'Confirmed 250' },
      { [EV]: DEFAULT_PASSWORD },
    );
    expect(responded.statusCode, responded.body).toBe(200);
    const closed = await call('POST', `${s.a.queries}/${q.id}/close`, s.monitor, { text: 'ok' });
    expect(closed.json().formStatus).toBe('STATUS_COMPLETED');
    const rows = await call('POST', `/api/studies/${s.study.id}/queries/list`, s.monitor, {
      statuses: ['CLOSED'],
    });
    expect(rows.json().items[0]).toMatchObject({ createdBy: null, createdByName: null });
  });

  it('emails the site staff a raised query and the raiser its answer, in their language, over SMTP', async () => {
    const s = await setUp();
    await t.app.database.db.update(users).set({ language: 'de' }).where(eq(users.id, s.doctorA.user.id));
    const q = await raise(s, 'Gewicht prüfen');
    await waitFor(() => mailsTo(s.doctorA.user.email).length > 0);
    const de = catalog('de').EMAILS;
    const mail = mailsTo(s.doctorA.user.email)[0];
    expect(mail?.subject).toBe(
      de.RAISED?.SUBJECT?.replace('{{study}}', s.study.name).replace('{{subject}}', s.a.subject.patientId),
    );
    expect(mail?.text).toContain('Gewicht prüfen');
    expect(mail?.text).toContain(`/study/${s.study.id}/patient/review/${s.a.enrollmentId}/`);
    // Not the other site's doctor, not the raiser.
    expect(mailsTo(s.doctorB.user.email)).toEqual([]);
    expect(mailsTo(s.monitor.user.email)).toEqual([]);

    const res = await call(
      'PUT',
      `${s.a.queries}/${q.query.id}/respond`,
      s.doctorA,
      { text: 'Geprüft' },
      { [EV]: DEFAULT_PASSWORD },
    );
    expect(res.statusCode, res.body).toBe(200);
    await waitFor(() => mailsTo(s.monitor.user.email).length > 0);
    const answered = mailsTo(s.monitor.user.email)[0];
    expect(answered?.subject).toBe(
      catalog('en')
        .EMAILS.ANSWERED?.SUBJECT?.replace('{{study}}', s.study.name)
        .replace('{{subject}}', s.a.subject.patientId),
    );
    expect(answered?.text).toContain('Geprüft');
  });

  it("shows the token's open query statuses in the subject's records (001 §4): empty, OPEN, RESPONDED, empty once closed, OPEN again", async () => {
    const s = await setUp();
    const records = (subjectId: string) => `/api/studies/${s.study.id}/enrollments/subjects/${subjectId}`;
    async function statuses(subjectId: string, tokenId: string, who: LoggedIn = s.doctorA) {
      const res = await call('GET', records(subjectId), who);
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json<EnrollmentDetail[]>();
      expect(list).toHaveLength(1);
      return list[0]?.tokens.find((x) => x.id === tokenId)?.queryStatuses;
    }
    // Not filled yet: the field is there and empty.
    const unfilled = await buildSubject(t.app, { studyId: s.study.id, siteId: s.siteA.id });
    const enrolled = await call('POST', `/api/studies/${s.study.id}/enrollments`, admin, {
      subjectId: unfilled.id,
      siteId: s.siteA.id,
      processId: s.processId,
    });
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    const unfilledEnrollment = enrolled.json<{ id: string }[]>()[0]?.id ?? '';
    const [unfilledToken] = await t.app.database.db
      .select()
      .from(tokens)
      .where(eq(tokens.enrollmentId, unfilledEnrollment));
    expect(await statuses(unfilled.id, unfilledToken?.id ?? '')).toEqual([]);

    const filled = () => statuses(s.a.subject.id, s.a.tokenId);
    expect(await filled()).toEqual([]);
    const url = `${s.a.queries}/${(await raise(s, 'Weight 70 kg?')).query.id as string}`;
    expect(await filled()).toEqual(['OPEN']);
    expect(await statuses(s.a.subject.id, s.a.tokenId, s.monitor)).toEqual(['OPEN']);
    const responded = await call(
      'PUT',
      `${url}/respond`,
      s.doctorA,
      { text: 'Confirmed in the source.' },
      { [EV]: DEFAULT_PASSWORD },
    );
    expect(responded.statusCode, responded.body).toBe(200);
    expect(await filled()).toEqual(['RESPONDED']);
    const closed = await call('POST', `${url}/close`, s.monitor, { text: 'Thanks.' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await filled()).toEqual([]);
    const reopened = await call('POST', `${url}/reopen`, s.monitor, { text: 'One more look, please.' });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(await filled()).toEqual(['OPEN']);
    // Site scope unchanged: a doctor of the other site still cannot read this subject's records.
    expect((await call('GET', records(s.a.subject.id), s.doctorB)).statusCode).toBe(403);
  });

  it('keeps immediate emails from users who chose the daily digest, and sends them the digest', async () => {
    const s = await setUp();
    const set = await call('PUT', `/api/user/${s.doctorA.user.id}/updateOwn`, s.doctorA, {
      firstName: 'Dora',
      lastName: 'Digest',
      language: null,
      phone: null,
      title: null,
      organisation: null,
      queryNotifications: 'DAILY_DIGEST',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().queryNotifications).toBe('DAILY_DIGEST');
    const own = await call('GET', `/api/user/${s.doctorA.user.id}/viewOwn`, s.doctorA);
    expect(own.json().queryNotifications).toBe('DAILY_DIGEST');
    await raise(s, 'Digest me');
    await raise(s, 'Digest me too', 'q2');
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailsTo(s.doctorA.user.email)).toEqual([]);
    await t.app.jobs?.send(QUERY_DIGEST_QUEUE);
    await waitFor(() => mailsTo(s.doctorA.user.email).length > 0);
    const digest = mailsTo(s.doctorA.user.email)[0];
    expect(digest?.subject).toBe(catalog('en').EMAILS.DIGEST?.SUBJECT?.replace('{{study}}', s.study.name));
    expect(digest?.text).toContain('Digest me');
    expect(digest?.text).toContain('Digest me too');
    expect(digest?.text).toContain('Dora');
  });
});
