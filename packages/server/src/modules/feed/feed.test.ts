// @module-tag concurrency
/**
 * Issue 26 item 4: the incremental feed over HTTP on the real server and database (PGlite and
 * PostgreSQL): changes in chain order, answer, query and AE changes, paging and resuming from a
 * cursor with no duplicates or gaps while writes commit concurrently, site limits and redaction of
 * identifiable fields and trial groups, API keys (own study only, only with the data feed setting),
 * refused cursors with the spec's error shape, the OpenAPI description, and the example client
 * script (docs/examples/feed-client.mjs) run against the server.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  type CreateAeRequest,
  EXTENDED_VALIDATION_HEADER,
  encodeFeedCursor,
  type FeedChange,
  type FeedPage,
  type StudyRole,
} from '@trialbase/domain';
import { and, eq } from 'drizzle-orm';
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
import { appendAuditEvents } from '../../platform/audit/audit';
import { catchUpAuditChains } from '../../platform/audit/sequencer';
import { auditEvents } from '../../platform/audit/tables';
import { loginThrottle } from '../../platform/auth/tables';
import { newId } from '../../platform/ids';
import { tokens } from '../enrollments/tokens/tables';
import { formTemplates } from '../forms/tables';
import { apiKeys } from '../integrations/tables';
import { WEIGHT_FORM } from '../questionnaires/questionnaires-test-kit';

const run = promisify(execFile);
const CLIENT = path.resolve(__dirname, '../../../../../docs/examples/feed-client.mjs');

let t: TestApp;
let admin: LoggedIn;

beforeAll(async () => {
  t = await createTestApp({ logLevel: process.env.FEED_LOG ?? 'silent' });
  admin = await loginAs(t.app);
}, 120_000);
afterAll(async () => t?.close());

type Who = LoggedIn | { key: string };
const headersOf = (who: Who) => ('key' in who ? { authorization: `Bearer ${who.key}` } : who.headers);

function feed(who: Who, studyId: string, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return t.app.inject({
    method: 'GET',
    url: `/api/studies/${studyId}/feed${qs ? `?${qs}` : ''}`,
    headers: headersOf(who),
  });
}

async function page(who: Who, studyId: string, query: Record<string, string | number> = {}) {
  const res = await feed(who, studyId, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FeedPage>();
}

/** Follows the feed from `cursor` to its end; checks the order within and across pages. */
async function readAll(who: Who, studyId: string, options: { cursor?: string; limit?: number } = {}) {
  let cursor = options.cursor ?? '';
  const changes: FeedChange[] = [];
  for (;;) {
    const p = await page(who, studyId, { cursor, limit: options.limit ?? 1000 });
    changes.push(...p.changes);
    cursor = p.nextCursor;
    if (!p.hasMore) break;
  }
  assertIncreasing(changes);
  return { changes, cursor };
}

function assertIncreasing(changes: FeedChange[]) {
  for (let i = 1; i < changes.length; i++) {
    expect(changes[i]!.position).toBeGreaterThan(changes[i - 1]!.position);
  }
}

const sequenced = () => catchUpAuditChains(t.app.database.db);

async function member(
  studyId: string,
  role: StudyRole,
  siteIds: 'ALL' | string[] = 'ALL',
): Promise<LoggedIn> {
  const user = await buildUser(t.app, { email: `${role.toLowerCase()}-${newId()}@example.org` });
  await grantAccess(t.app, { studyId, user, role, siteIds });
  return loginAs(t.app, user.email, user.password);
}

const day = (delta: number) => new Date(Date.now() + delta * 86_400_000).toISOString().slice(0, 10);

/**
 * A production study with the API and AE modules, two sites, a one-form event, and per site a
 * subject (named, with a trial group) whose form is submitted; a query on site A's form and an AE
 * of site A's subject.
 */
async function setUp() {
  const app = t.app;
  const study = await buildStudy(app, { modules: ['API_KEYS', 'ADVERSE_EVENTS'] });
  const siteA = await buildSite(app, study.id, { name: `Aarhus ${newId().slice(-5)}` });
  const siteB = await buildSite(app, study.id, { name: `Bergen ${newId().slice(-5)}` });
  const now = new Date();
  const formId = newId(now);
  await app.database.db.insert(formTemplates).values({
    studyId: study.id,
    id: formId,
    name: `Weight ${formId.slice(-6)}`,
    type: 'TYPE_FORM',
    document: WEIGHT_FORM(formId) as Record<string, unknown>,
    createdBy: 'factory',
    createdAt: now,
    updatedAt: now,
  });
  const process = await buildProcess(app, {
    studyId: study.id,
    dataEvents: [
      {
        id: `fd${formId.slice(-8)}-e1`,
        type: 'TYPE_USER',
        forms: [formId],
        referenceDate: 'REGISTRATION',
        sendAs: 'NO_SEND_OUT',
      },
    ],
  });
  await setStudySchedule(app, study.id, { status: 'PRODUCTION' });

  /** A subject at the site, enrolled, with its form's base URL (not yet filled). */
  async function enrolled(siteId: string, name: string) {
    const subject = await buildSubject(app, { studyId: study.id, siteId });
    await setSubjectAttributes(app, study.id, subject.id, {
      firstName: name,
      lastName: 'Berg',
      trialGroup: 'ARM-A',
    });
    const res = await app.inject({
      method: 'POST',
      url: `/api/studies/${study.id}/enrollments`,
      headers: admin.headers,
      payload: { subjectId: subject.id, siteId, processId: process.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    const enrollmentId = res.json<{ id: string }[]>()[0]?.id ?? '';
    const [token] = await app.database.db.select().from(tokens).where(eq(tokens.enrollmentId, enrollmentId));
    if (!token) throw new Error('no token');
    const base = `/api/studies/${study.id}/enrollments/${enrollmentId}/tokens/${token.id}/questionnaires`;
    return { subject, enrollmentId, base };
  }
  async function submit(base: string, weight: string) {
    const res = await app.inject({
      method: 'POST',
      url: base,
      headers: admin.headers,
      payload: { formId, answers: [{ question: 'q1', answerStrings: [weight] }], isFinal: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().answerSet.id as string;
  }
  const a = await enrolled(siteA.id, 'Ana');
  const b = await enrolled(siteB.id, 'Bo');
  const questionnaireA = await submit(a.base, '70');
  const questionnaireB = await submit(b.base, '81');
  const raised = await app.inject({
    method: 'POST',
    url: `${a.base}/${questionnaireA}/queries`,
    headers: admin.headers,
    payload: { questionId: 'q1', text: 'Is 70 kg right?' },
  });
  expect(raised.statusCode, raised.body).toBe(201);
  const ae: CreateAeRequest = {
    subjectId: a.subject.id,
    eventDescription: 'Headache after the second dose',
    sae: false,
    sarForm: null,
    seForm: null,
    investigator: null,
    details: {
      startDate: day(-2),
      endDate: null,
      awarenessDate: day(-1),
      ongoing: true,
      severity: 'MILD',
      outcome: 'RECOVERING',
      productAction: 'NONE',
      productRelation: 'POSSIBLE',
      brochureRelation: 'YES',
      seriousType: null,
      comment: null,
    },
  } as CreateAeRequest;
  const reported = await app.inject({
    method: 'POST',
    url: `/api/studies/${study.id}/ae`,
    headers: { ...admin.headers, [EXTENDED_VALIDATION_HEADER]: encodeURIComponent(ADMIN_PASSWORD) },
    payload: ae,
  });
  expect(reported.statusCode, reported.body).toBe(201);
  await sequenced();
  // The reader of each test: a study admin of its own (the feed's rate limit counts per caller).
  const reader = await member(study.id, 'ADMIN');
  return {
    reader,
    study,
    siteA,
    siteB,
    formId,
    a: { ...a, questionnaireId: questionnaireA },
    b: { ...b, questionnaireId: questionnaireB },
    queryId: raised.json().query.id as string,
    aeId: reported.json().id as string,
    enrolled,
    submit,
  };
}

/** The study's API key, renewed by the admin, with the data feed setting as asked. */
async function keyOf(studyId: string, dataFeed: boolean) {
  const renewed = await t.app.inject({
    method: 'POST',
    url: `/api/studies/${studyId}/apiKey/renew`,
    headers: admin.headers,
  });
  expect(renewed.statusCode, renewed.body).toBe(200);
  const saved = await t.app.inject({
    method: 'PUT',
    url: `/api/studies/${studyId}/apiKey/settings`,
    headers: admin.headers,
    payload: { viewIdentifiable: false, dataFeed },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json()).toEqual({ viewIdentifiable: false, dataFeed, dataWrite: false });
  return { key: renewed.json<{ key: string }>().key };
}

describe(`GET /api/studies/:studyId/feed on ${engine}`, () => {
  it('gives answer, query and AE changes in chain order with their context; pages resume from the cursor', async () => {
    const s = await setUp();
    const reader = s.reader;
    const all = await readAll(reader, s.study.id);
    expect(new Set(all.changes.map((c) => c.kind))).toEqual(new Set(['answer', 'query', 'ae']));
    // Only feed actions: the enrolments, the creation of forms and the rest of the trail are not changes.
    expect(all.changes.map((c) => c.action)).toEqual([
      'QUESTIONNAIRE_SUBMITTED',
      'QUESTIONNAIRE_SUBMITTED',
      'QUERY_CREATED',
      'AE_CREATED',
    ]);
    const [answerA, answerB, query, ae] = all.changes;
    expect(answerA).toMatchObject({
      kind: 'answer',
      entityId: s.a.questionnaireId,
      questionnaireId: s.a.questionnaireId,
      formId: s.formId,
      siteId: s.siteA.id,
      subjectId: s.a.subject.id,
      patientId: s.a.subject.patientId,
      enrollmentId: s.a.enrollmentId,
      actor: { type: 'USER' },
      subject: { firstName: 'Ana', lastName: 'Berg', trialGroup: 'ARM-A' },
    });
    expect((answerA!.data!.answers as Record<string, { answerStrings: string[] }>).q1!.answerStrings).toEqual(
      ['70'],
    );
    expect(answerB).toMatchObject({ siteId: s.siteB.id, entityId: s.b.questionnaireId });
    expect(query).toMatchObject({
      kind: 'query',
      entityId: s.queryId,
      questionId: 'q1',
      questionnaireId: s.a.questionnaireId,
      siteId: s.siteA.id,
      subjectId: s.a.subject.id,
      data: { status: 'OPEN', queryText: 'Is 70 kg right?' },
    });
    expect(ae).toMatchObject({ kind: 'ae', entityId: s.aeId, siteId: s.siteA.id, subjectId: s.a.subject.id });

    // One change a page: the same changes, each once, and the cursor of each page resumes after it.
    const paged = await readAll(reader, s.study.id, { limit: 1 });
    expect(paged.changes.map((c) => c.position)).toEqual(all.changes.map((c) => c.position));
    const first = await page(reader, s.study.id, { limit: 2 });
    expect(first.hasMore).toBe(true);
    const rest = await readAll(reader, s.study.id, { cursor: first.nextCursor });
    expect([...first.changes, ...rest.changes].map((c) => c.position)).toEqual(
      all.changes.map((c) => c.position),
    );
    // Read to the end: nothing more, and the page says so.
    const after = await page(reader, s.study.id, { cursor: all.cursor });
    expect(after).toMatchObject({ changes: [], hasMore: false });

    // kinds narrows the feed.
    const onlyQueries = await page(reader, s.study.id, { kinds: 'query' });
    expect(onlyQueries.changes.map((c) => c.entityId)).toEqual([s.queryId]);

    // A page that carried changes is audited with the positions it covered.
    const reads = await t.app.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.studyId, s.study.id), eq(auditEvents.action, 'FEED_READ')));
    expect(reads.length).toBeGreaterThan(0);
    expect(reads[0]?.after).toMatchObject({ changes: expect.any(Number), position: expect.any(Number) });
  });

  it('resumes with exactly the rest, no duplicate and no gap, while writes commit concurrently', async () => {
    const s = await setUp();
    const reader = s.reader;
    const before = await readAll(reader, s.study.id);
    const subjects = await Promise.all(
      Array.from({ length: 6 }, (_, i) => s.enrolled(i % 2 ? s.siteB.id : s.siteA.id, `P${i}`)),
    );
    // Six submits race each other and a reader who follows the feed from the cursor meanwhile.
    let writing = true;
    const writes = Promise.all(subjects.map((subject, i) => s.submit(subject.base, String(60 + i)))).finally(
      () => {
        writing = false;
      },
    );
    const seen: FeedChange[] = [];
    let cursor = before.cursor;
    // Bounded, so a slow engine cannot spin the reader into its rate limit; the writes go on meanwhile.
    for (let reads = 0; writing && reads < 40; reads++) {
      const p = await page(reader, s.study.id, { cursor, limit: 2 });
      seen.push(...p.changes);
      cursor = p.nextCursor;
    }
    const written = await writes;
    await sequenced();
    const tail = await readAll(reader, s.study.id, { cursor, limit: 2 });
    seen.push(...tail.changes);

    assertIncreasing(seen);
    const positions = seen.map((c) => c.position);
    expect(new Set(positions).size).toBe(positions.length);
    // Exactly what a fresh read after the writes gives from the same cursor.
    const fresh = await readAll(reader, s.study.id, { cursor: before.cursor });
    expect(positions).toEqual(fresh.changes.map((c) => c.position));
    expect(seen.map((c) => c.entityId).sort()).toEqual([...written].sort());
    expect(positions.every((p) => p > before.changes.at(-1)!.position)).toBe(true);
  });

  // A held transaction needs a second connection: PostgreSQL only (PGlite has one, a holder blocks all).
  it.skipIf(engine !== 'postgres')(
    'never skips a change whose transaction commits after later ones were read',
    async () => {
      const s = await setUp();
      const reader = s.reader;
      const start = await readAll(reader, s.study.id);
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let appended: () => void = () => {};
      const inserted = new Promise<void>((resolve) => {
        appended = resolve;
      });
      // The late change takes its ticket now, then waits uncommitted while another change commits.
      const late = t.app.database.db.transaction(async (tx) => {
        await appendAuditEvents(tx, { type: 'SYSTEM', id: null }, new Date(), [
          {
            action: 'QUESTIONNAIRE_UPDATED',
            entityType: 'QUESTIONNAIRE',
            entityId: s.b.questionnaireId,
            studyId: s.study.id,
            before: { status: 'STATUS_COMPLETED', version: 1, answers: { q1: null } },
            after: { status: 'STATUS_COMPLETED', version: 2, answers: { q1: null } },
            reason: 'late',
          },
        ]);
        appended();
        await gate;
      });
      await inserted;
      const c = await s.enrolled(s.siteA.id, 'Di');
      const early = await s.submit(c.base, '66');
      await sequenced();
      const first = await readAll(reader, s.study.id, { cursor: start.cursor });
      expect(first.changes.map((x) => x.entityId)).toEqual([early]);
      release();
      await late;
      await sequenced();
      const second = await readAll(reader, s.study.id, { cursor: first.cursor });
      expect(second.changes.map((x) => [x.entityId, x.reason])).toEqual([[s.b.questionnaireId, 'late']]);
      expect(second.changes[0]!.position).toBeGreaterThan(first.changes[0]!.position);
    },
  );

  it('gives a site-limited reader only its sites, redacts identifiable fields and trial groups, refuses a reader without the permission', async () => {
    const s = await setUp();
    const monitorA = await member(s.study.id, 'MONITOR', [s.siteA.id]);
    const mine = await readAll(monitorA, s.study.id);
    expect(mine.changes.map((c) => c.action)).toEqual([
      'QUESTIONNAIRE_SUBMITTED',
      'QUERY_CREATED',
      'AE_CREATED',
    ]);
    expect(mine.changes.every((c) => c.siteId === s.siteA.id)).toBe(true);
    // A monitor reads the audit trail (AUDIT_VIEW), so it sees who by name.
    expect(mine.changes.every((c) => typeof c.actor.name === 'string')).toBe(true);
    expect(mine.changes.some((c) => c.entityId === s.b.questionnaireId)).toBe(false);
    // A monitor sees pseudonymised subjects and no trial group (docs/ROLES.md).
    for (const change of mine.changes) {
      expect(change.subject).toMatchObject({
        firstName: 'REDACTED',
        lastName: 'REDACTED',
        trialGroup: 'REDACTED',
      });
    }
    expect(JSON.stringify(mine.changes)).not.toContain('Ana');
    expect(JSON.stringify(mine.changes)).not.toContain('ARM-A');

    // A study-wide monitor gets both sites.
    const monitor = await member(s.study.id, 'MONITOR');
    const both = await readAll(monitor, s.study.id);
    expect(new Set(both.changes.map((c) => c.siteId))).toEqual(new Set([s.siteA.id, s.siteB.id]));

    // A doctor may not read the feed; asking a kind the reader may not see is refused too.
    const doctor = await member(s.study.id, 'DOCTOR', [s.siteA.id]);
    const refused = await feed(doctor, s.study.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ type: 'RESTRICTION' });
    const other = await buildStudy(t.app, { modules: ['API_KEYS'] });
    expect((await feed(monitorA, other.id)).statusCode).toBe(403);
  });

  it('lets the study’s API key read only with the data feed setting, and never another study’s feed', async () => {
    const s = await setUp();
    const without = await keyOf(s.study.id, false);
    const refused = await feed(without, s.study.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ type: 'RESTRICTION' });

    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/studies/${s.study.id}/apiKey/settings`,
      headers: admin.headers,
      payload: { viewIdentifiable: false, dataFeed: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const access = await t.app.inject({ url: `/api/studies/${s.study.id}/apiKey`, headers: admin.headers });
    expect(access.json()).toMatchObject({ dataFeed: true, viewIdentifiable: false });
    const read = await readAll(without, s.study.id);
    expect(read.changes).toHaveLength(4);
    // Staff names are the audit trail's (AUDIT_VIEW): a key gets who by type and id only.
    expect(read.changes.every((c) => c.actor.name === null && c.actor.id !== null)).toBe(true);
    // Without viewIdentifiable the key gets no names; it holds TRIAL_GROUP_VIEW (API user, spec 001 §3).
    expect(read.changes[0]?.subject).toMatchObject({ firstName: 'REDACTED', trialGroup: 'ARM-A' });
    const [audited] = await t.app.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.studyId, s.study.id), eq(auditEvents.action, 'FEED_READ')));
    expect(audited?.actorType).toBe('API_KEY');

    // A key of another study, even one with the feed setting, is refused here.
    const other = await buildStudy(t.app, { modules: ['API_KEYS'] });
    const otherKey = await keyOf(other.id, true);
    expect((await feed(otherKey, other.id)).statusCode).toBe(200);
    const crossed = await feed(otherKey, s.study.id);
    expect(crossed.statusCode).toBe(403);
    expect(crossed.json()).toMatchObject({ type: 'RESTRICTION' });
    // The feed setting gives no access to the export builder (a key changes nothing).
    const exportTry = await t.app.inject({
      method: 'GET',
      url: `/api/studies/${s.study.id}/exports`,
      headers: headersOf(without),
    });
    expect(exportTry.statusCode).toBe(403);
  });

  it('declares its rate limit per caller: the 600th page in the window passes, the next is 429', async () => {
    const s = await setUp();
    const { key } = await keyOf(s.study.id, true);
    const [row] = await t.app.database.db.select().from(apiKeys).where(eq(apiKeys.studyId, s.study.id));
    // 599 pages already read in this window by this key.
    await t.app.database.db
      .insert(loginThrottle)
      .values({ key: `feed:key:${row!.id}`, failures: 599, windowStart: new Date(), blockedUntil: null });
    expect((await feed({ key }, s.study.id)).statusCode).toBe(200);
    const refused = await feed({ key }, s.study.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      type: 'RATE_LIMITED',
      context: { retryAfter: expect.any(Number) },
    });
    // Another caller of the same study is not limited by it.
    expect((await feed(s.reader, s.study.id)).statusCode).toBe(200);
  });

  it('refuses a bad cursor, one of another study and one ahead of the feed with a 400 in the spec’s error shape', async () => {
    const s = await setUp();
    const reader = s.reader;
    const other = await buildStudy(t.app);
    const cases = [
      'not-a-cursor',
      encodeFeedCursor(other.id, 1),
      encodeFeedCursor(s.study.id, 9_000_000),
      `${encodeFeedCursor(s.study.id, 1)}x`,
    ];
    for (const cursor of cases) {
      const res = await feed(reader, s.study.id, { cursor });
      expect(res.statusCode, cursor).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ type: 'VALIDATION', message: expect.any(String) });
      expect(body.context.issues[0].path).toEqual(['cursor']);
    }
    const kinds = await feed(reader, s.study.id, { kinds: 'answer,subjects' });
    expect(kinds.statusCode).toBe(400);
    expect(kinds.json().context.issues[0].path).toEqual(['kinds']);
    expect((await feed(reader, s.study.id, { limit: 0 })).statusCode).toBe(400);
    expect((await feed(reader, s.study.id, { limit: 1001 })).statusCode).toBe(400);
  });

  it('is described in the OpenAPI document with an example answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const operation = res.json().paths['/api/studies/{studyId}/feed']?.get;
    expect(operation.description).toContain('cursor');
    expect(operation.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['studyId', 'cursor', 'limit', 'kinds']),
    );
    const media = operation.responses['200'].content['application/json'];
    expect(media.schema.properties.changes.items.properties.kind.enum).toEqual(['answer', 'query', 'ae']);
    expect(media.example.changes[0]).toMatchObject({ kind: 'answer', position: expect.any(Number) });
    expect(media.example.nextCursor).toMatch(/^fc1_/);
  });

  it('docs/examples/feed-client.mjs copies the feed to a file and resumes where it stopped', async () => {
    const s = await setUp();
    const { key } = await keyOf(s.study.id, true);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const dir = mkdtempSync(path.join(tmpdir(), 'feed-client-'));
    try {
      const env = {
        ...process.env,
        TRIALBASE_URL: address,
        TRIALBASE_STUDY_ID: s.study.id,
        TRIALBASE_API_KEY: key,
        FEED_OUT: path.join(dir, 'changes.ndjson'),
        FEED_CURSOR_FILE: path.join(dir, 'feed.cursor'),
        FEED_LIMIT: '2',
      };
      const lines = () =>
        readFileSync(env.FEED_OUT, 'utf8')
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as FeedChange);
      const first = await run(process.execPath, [CLIENT], { env });
      expect(first.stdout).toContain('4 changes appended');
      const expected = await readAll(s.reader, s.study.id);
      expect(lines().map((c) => c.position)).toEqual(expected.changes.map((c) => c.position));
      expect(readFileSync(env.FEED_CURSOR_FILE, 'utf8')).toMatch(/^fc1_/);

      // Nothing new: nothing appended.
      const again = await run(process.execPath, [CLIENT], { env });
      expect(again.stdout).toContain('0 changes appended');
      expect(lines()).toHaveLength(4);

      // A new change: the next run appends it alone.
      const c = await s.enrolled(s.siteB.id, 'Cy');
      const questionnaireId = await s.submit(c.base, '90');
      await sequenced();
      const third = await run(process.execPath, [CLIENT], { env });
      expect(third.stdout).toContain('1 changes appended');
      const all = lines();
      expect(all).toHaveLength(5);
      expect(all.at(-1)).toMatchObject({ kind: 'answer', entityId: questionnaireId });
      expect(new Set(all.map((x) => x.position)).size).toBe(5);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
