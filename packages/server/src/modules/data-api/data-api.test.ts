import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
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
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { auditEvents } from '../../platform/audit/tables';
import { loginThrottle } from '../../platform/auth/tables';
import { newId } from '../../platform/ids';
import { tokens } from '../enrollments/tokens/tables';
import { formTemplates } from '../forms/tables';
import { apiKeys } from '../integrations/tables';
import { answers, questionnaires } from '../questionnaires/tables';
import { validationRules } from '../rules/tables';
import { subjects } from '../subjects/tables';

let t: TestApp;
let admin: LoggedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** A study with the API module, a site, and a fresh (read-only) key renewed by the system admin. */
async function studyWithKey(app: FastifyInstance, status?: string) {
  const study = await buildStudy(app, { modules: ['API_KEYS'], ...(status ? { status } : {}) });
  const site = await buildSite(app, study.id, { siteNumber: 3, name: 'Odense' });
  const res = await app.inject({
    method: 'POST',
    url: `/api/studies/${study.id}/apiKey/renew`,
    headers: admin.headers,
  });
  expect(res.statusCode).toBe(200);
  return { study, site, key: res.json<{ key: string }>().key };
}

type SubjectPage = {
  items: { id: string; patientId: string; attributes: Record<string, unknown> }[];
  nextCursor: string | null;
};

describe(`GET /api/v1/studies/:studyId/subjects on ${engine}`, { tags: ['json'] }, () => {
  it('pages in (updatedAt, id) order with a cursor, filters by updatedSince and redacts restricted fields', async () => {
    const { study, site, key } = await studyWithKey(t.app);
    const made = [];
    for (let i = 0; i < 5; i++) {
      const subject = await buildSubject(t.app, { studyId: study.id, siteId: site.id, patientId: `P-${i}` });
      const updatedAt = new Date(Date.UTC(2026, 0, 1 + i));
      await t.app.database.db
        .update(subjects)
        .set({ updatedAt, attributes: { firstName: `Name${i}` } })
        .where(and(eq(subjects.studyId, study.id), eq(subjects.id, subject.id)));
      made.push(subject.patientId);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : '?limit=2';
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/studies/${study.id}/subjects${query}`,
        headers: bearer(key),
      });
      expect(res.statusCode).toBe(200);
      const page = res.json<SubjectPage>();
      expect(page.items.length).toBeLessThanOrEqual(2);
      for (const item of page.items) {
        seen.push(item.patientId);
        expect(item.attributes.firstName).toBe('REDACTED');
      }
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(made);

    const since = await t.app.inject({
      method: 'GET',
      url: `/api/v1/studies/${study.id}/subjects?updatedSince=${encodeURIComponent('2026-01-04T00:00:00Z')}`,
      headers: bearer(key),
    });
    expect(since.statusCode).toBe(200);
    expect(since.json<SubjectPage>().items.map((i) => i.patientId)).toEqual(['P-3', 'P-4']);

    const enrolments = await t.app.inject({
      method: 'GET',
      url: `/api/v1/studies/${study.id}/enrollments`,
      headers: bearer(key),
    });
    expect(enrolments.statusCode).toBe(200);
    expect(enrolments.json()).toEqual({ items: [], nextCursor: null });
    for (const list of ['queries', 'adverseEvents']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/studies/${study.id}/${list}?updatedSince=2026-01-01T00:00:00Z`,
        headers: bearer(key),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ items: [], nextCursor: null });
    }
  });

  it('refuses a bad cursor (400 with the field path) and a key of another study (403)', async () => {
    const { study } = await studyWithKey(t.app);
    const other = await studyWithKey(t.app);
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/v1/studies/${study.id}/subjects?cursor=zzz`,
      headers: bearer(other.key),
    });
    expect(bad.statusCode).toBe(403);
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/v1/studies/${other.study.id}/subjects?cursor=zzz`,
      headers: bearer(other.key),
    });
    expect(own.statusCode).toBe(400);
    expect(JSON.stringify(own.json())).toContain('cursor');
  });

  it('refuses a call without a key (401)', async () => {
    const { study } = await studyWithKey(t.app);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/studies/${study.id}/subjects` });
    expect(res.statusCode).toBe(401);
  });
});

describe(`writes with an API key granted write on ${engine}`, { tags: ['json'] }, () => {
  it("a write key creates a subject through the screens' call, audited as the API key; a read-only key is refused", async () => {
    const { study, site, key } = await studyWithKey(t.app, 'PRODUCTION');
    const url = `/api/studies/${study.id}/sites/${site.id}/patients`;
    const refused = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(key),
      payload: { patientId: 'W-001' },
    });
    expect(refused.statusCode).toBe(403);
    expect(
      await t.app.database.db.select().from(subjects).where(eq(subjects.studyId, study.id)),
    ).toHaveLength(0);

    const grant = await t.app.inject({
      method: 'PUT',
      url: `/api/studies/${study.id}/apiKey/settings`,
      headers: admin.headers,
      payload: { viewIdentifiable: false, dataWrite: true },
    });
    expect(grant.statusCode).toBe(200);
    expect(grant.json()).toMatchObject({ dataWrite: true, dataFeed: false });

    const created = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(key),
      payload: { patientId: 'W-001' },
    });
    expect(created.statusCode).toBe(201);
    const [subject] = created.json<{ id: string }[]>();
    const events = await t.app.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'SUBJECT'), eq(auditEvents.entityId, subject?.id ?? '')));
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      expect(event.actorType).toBe('API_KEY');
      expect(event.actorName).toMatch(/^API key /);
    }

    // The write grant gives no more than writing: a key still cannot manage the study.
    const renew = await t.app.inject({
      method: 'POST',
      url: `/api/studies/${study.id}/apiKey/renew`,
      headers: bearer(key),
    });
    expect(renew.statusCode).toBe(403);
  });

  it('a write key of another study is refused and changes nothing', async () => {
    const target = await studyWithKey(t.app, 'PRODUCTION');
    const other = await studyWithKey(t.app, 'PRODUCTION');
    await t.app.inject({
      method: 'PUT',
      url: `/api/studies/${other.study.id}/apiKey/settings`,
      headers: admin.headers,
      payload: { viewIdentifiable: false, dataWrite: true },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/studies/${target.study.id}/sites/${target.site.id}/patients`,
      headers: bearer(other.key),
      payload: { patientId: 'X-001' },
    });
    expect(res.statusCode).toBe(403);
    expect(
      await t.app.database.db.select().from(subjects).where(eq(subjects.studyId, target.study.id)),
    ).toHaveLength(0);
  });
});

describe(`the per-key rate limit on ${engine}`, { tags: ['json'] }, () => {
  it('answers exactly the limit of a concurrent burst and 429 to the rest; another key is not limited by it', async () => {
    const { study, site, key } = await studyWithKey(t.app);
    await buildSubject(t.app, { studyId: study.id, siteId: site.id });
    const [row] = await t.app.database.db.select().from(apiKeys).where(eq(apiKeys.studyId, study.id));
    // 590 of the 600 calls of the window already made by this key: 10 remain.
    await t.app.database.db
      .insert(loginThrottle)
      .values({ key: `data-api:key:${row?.id}`, failures: 590, windowStart: new Date(), blockedUntil: null });
    const burst = await Promise.all(
      Array.from({ length: 25 }, () =>
        t.app.inject({
          method: 'GET',
          url: `/api/v1/studies/${study.id}/subjects?limit=1`,
          headers: bearer(key),
        }),
      ),
    );
    const codes = burst.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(10);
    expect(codes.filter((code) => code === 429)).toHaveLength(15);
    const limited = burst.find((res) => res.statusCode === 429);
    expect(limited?.json()).toMatchObject({ type: 'RATE_LIMITED' });
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    const other = await studyWithKey(t.app);
    const free = await t.app.inject({
      method: 'GET',
      url: `/api/v1/studies/${other.study.id}/subjects`,
      headers: bearer(other.key),
    });
    expect(free.statusCode).toBe(200);
  });
});

/**
 * A production study with a key, two sites, a Vitals form (weight 0–300, a BLOCK rule: below 200)
 * and a second form, in one process whose event holds both; `write` grants the key write.
 */
async function studyWithForms(app: FastifyInstance, options: { write: boolean }) {
  const { study, site, key } = await studyWithKey(app);
  const other = await buildSite(app, study.id, { siteNumber: 4, name: 'Aarhus' });
  const now = new Date();
  const formId = newId(now);
  const notesId = newId(now);
  const form = (id: string, name: string, questions: Record<string, unknown>[]) => ({
    studyId: study.id,
    id,
    name: `${name} ${id.slice(-6)}`,
    type: 'TYPE_FORM',
    document: { id, title: { en: name }, type: 'TYPE_FORM', questions },
    createdBy: 'factory',
    createdAt: now,
    updatedAt: now,
  });
  await app.database.db.insert(formTemplates).values([
    form(formId, 'Vitals', [
      {
        id: 'q1',
        order: 1,
        type: 'NUMBER',
        question: { en: 'Weight' },
        required: true,
        minValue: 0,
        maxValue: 300,
      },
    ]),
    form(notesId, 'Notes', [{ id: 'n1', order: 1, type: 'TEXT_SENTENCE', question: { en: 'Note' } }]),
  ]);
  const dataEventId = `da${formId.slice(-8)}-e1`;
  const process = await buildProcess(app, {
    studyId: study.id,
    dataEvents: [
      {
        id: dataEventId,
        type: 'TYPE_USER',
        forms: [formId, notesId],
        forceFormOrder: false,
        referenceDate: 'REGISTRATION',
        sendAs: 'NO_SEND_OUT',
      },
    ],
  });
  await app.database.db.insert(validationRules).values({
    studyId: study.id,
    id: newId(now),
    formId,
    questionId: 'q1',
    document: {
      leftOperant: { form: formId, question: 'q1' },
      rightOperant: { type: 'CONST_VAL', value: 200 },
      operator: 'lt',
      action: { type: 'BLOCK', message: { en: 'Weight must be below {limit}' } },
    },
    createdBy: 'factory',
    createdAt: now,
    updatedAt: now,
  });
  await setStudySchedule(app, study.id, { status: 'PRODUCTION' });
  if (options.write) {
    const grant = await app.inject({
      method: 'PUT',
      url: `/api/studies/${study.id}/apiKey/settings`,
      headers: admin.headers,
      payload: { viewIdentifiable: false, dataWrite: true },
    });
    expect(grant.statusCode).toBe(200);
  }
  const [keyRow] = await app.database.db.select().from(apiKeys).where(eq(apiKeys.studyId, study.id));
  return { study, site, other, key, keyId: keyRow?.id ?? '', formId, notesId, dataEventId, process };
}

type World = Awaited<ReturnType<typeof studyWithForms>>;

/** The three writes of the API, as a client with `key` makes them. */
function writes(app: FastifyInstance, w: World, key: string) {
  return {
    createSubject: (patientId: string, siteId = w.site.id) =>
      app.inject({
        method: 'POST',
        url: `/api/studies/${w.study.id}/sites/${siteId}/patients`,
        headers: bearer(key),
        payload: { patientId },
      }),
    enrol: (subjectId: string, siteId = w.site.id) =>
      app.inject({
        method: 'POST',
        url: `/api/studies/${w.study.id}/enrollments`,
        headers: bearer(key),
        payload: { subjectId, siteId, processId: w.process.id },
      }),
    submit: (enrollmentId: string, tokenId: string, formId: string, answers: unknown[]) =>
      app.inject({
        method: 'POST',
        url: `/api/studies/${w.study.id}/enrollments/${enrollmentId}/tokens/${tokenId}/questionnaires`,
        headers: bearer(key),
        payload: { formId, answers, isFinal: true },
      }),
  };
}

async function tokenOf(app: FastifyInstance, enrollmentId: string): Promise<string> {
  const [token] = await app.database.db.select().from(tokens).where(eq(tokens.enrollmentId, enrollmentId));
  return token?.id ?? '';
}

/** A subject enrolled (by the admin's session) with its token, for calls that need one. */
async function enrolledByAdmin(app: FastifyInstance, w: World, siteId = w.site.id) {
  const subject = await buildSubject(app, { studyId: w.study.id, siteId });
  const res = await app.inject({
    method: 'POST',
    url: `/api/studies/${w.study.id}/enrollments`,
    headers: admin.headers,
    payload: { subjectId: subject.id, siteId, processId: w.process.id },
  });
  expect(res.statusCode, res.body).toBe(201);
  const enrollmentId = res.json<{ id: string }[]>()[0]?.id ?? '';
  return { subject, enrollmentId, tokenId: await tokenOf(app, enrollmentId) };
}

async function auditOf(app: FastifyInstance, studyId: string, entityId: string) {
  return app.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.studyId, studyId), eq(auditEvents.entityId, entityId)));
}

const V1_LISTS = ['subjects', 'enrollments', 'answers', 'queries', 'adverseEvents'] as const;

describe(`the API for data with a read-only and a write key on ${engine}`, { tags: ['json'] }, () => {
  it('a read-only key reads every list but is refused every write (403 RESTRICTION), changing nothing', async () => {
    const w = await studyWithForms(t.app, { write: false });
    const { subject, enrollmentId, tokenId } = await enrolledByAdmin(t.app, w);
    for (const list of V1_LISTS) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/studies/${w.study.id}/${list}`,
        headers: bearer(w.key),
      });
      expect(res.statusCode, `${list}: ${res.body}`).toBe(200);
    }
    const call = writes(t.app, w, w.key);
    const refused = [
      await call.createSubject('RO-001'),
      await call.enrol(subject.id),
      await call.submit(enrollmentId, tokenId, w.formId, [{ question: 'q1', answerStrings: ['70'] }]),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ type: 'RESTRICTION', message: 'API keys cannot do this.' });
    }
    expect(
      await t.app.database.db.select().from(subjects).where(eq(subjects.studyId, w.study.id)),
    ).toHaveLength(1);
    const sets = await t.app.inject({
      method: 'GET',
      url: `/api/v1/studies/${w.study.id}/answers`,
      headers: bearer(w.key),
    });
    expect(sets.json().items).toEqual([]);
  });

  it('a write key creates a subject, enrols it and submits a form, each audited as the key by name', async () => {
    const w = await studyWithForms(t.app, { write: true });
    const call = writes(t.app, w, w.key);
    const created = await call.createSubject('W-100');
    expect(created.statusCode, created.body).toBe(201);
    const subjectId = created.json<{ id: string }[]>()[0]?.id ?? '';
    const enrolled = await call.enrol(subjectId);
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    const enrollmentId = enrolled.json<{ id: string }[]>()[0]?.id ?? '';
    const submitted = await call.submit(enrollmentId, await tokenOf(t.app, enrollmentId), w.formId, [
      { question: 'q1', answerStrings: ['72'] },
    ]);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const questionnaireId = submitted.json<{ answerSet: { id: string } }>().answerSet.id;

    const expectedActor = { actorType: 'API_KEY', actorId: w.keyId, actorName: `API key ${w.keyId}` };
    for (const [entityId, action] of [
      [subjectId, 'SUBJECT_CREATED'],
      [enrollmentId, 'ENROLLMENT_CREATED'],
      [questionnaireId, 'QUESTIONNAIRE_SUBMITTED'],
    ] as const) {
      const events = await auditOf(t.app, w.study.id, entityId);
      expect(events.map((e) => e.action)).toContain(action);
      for (const event of events) expect(event).toMatchObject(expectedActor);
    }

    // What was written reads back through the answers list.
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/v1/studies/${w.study.id}/answers?subjectId=${subjectId}`,
      headers: bearer(w.key),
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().items).toMatchObject([
      {
        id: questionnaireId,
        subjectId,
        patientId: 'W-100',
        enrollmentId,
        dataEventId: w.dataEventId,
        formId: w.formId,
        formVersion: { major: expect.any(Number), minor: expect.any(Number) },
        status: 'STATUS_COMPLETED',
        answers: [
          {
            question: 'q1',
            answerStrings: ['72'],
            unavailable: false,
            skipped: false,
            // Stored without its empty fields (withoutAnswerDefaults), shown with them.
            value: expect.objectContaining({ possibilities: [], aeRefs: [], tableCells: [], tableRow: [] }),
          },
        ],
      },
    ]);
    const [stored] = await t.app.database.db
      .select({ value: answers.value })
      .from(answers)
      .where(and(eq(answers.studyId, w.study.id), eq(answers.questionnaireId, questionnaireId)));
    expect(stored?.value).toMatchObject({ question: 'q1', answerStrings: ['72'] });
    expect(Object.keys(stored?.value ?? {})).not.toContain('possibilities');
  });

  it('refuses a submit that breaks a BLOCK rule with the field path answers/q1, and keeps nothing of it', async () => {
    const w = await studyWithForms(t.app, { write: true });
    const { enrollmentId, tokenId } = await enrolledByAdmin(t.app, w);
    const call = writes(t.app, w, w.key);
    const blocked = await call.submit(enrollmentId, tokenId, w.formId, [
      { question: 'q1', answerStrings: ['250'] },
    ]);
    expect(blocked.statusCode, blocked.body).toBe(400);
    expect(blocked.json()).toMatchObject({ type: 'VALIDATION', id: 'VALIDATION_RULE_VIOLATION' });
    expect(blocked.json().context.issues.map((i: { path: string[] }) => i.path.join('/'))).toEqual([
      'answers/q1',
    ]);
    const none = await t.app.inject({
      method: 'GET',
      url: `/api/v1/studies/${w.study.id}/answers`,
      headers: bearer(w.key),
    });
    expect(none.json().items).toEqual([]);
    const accepted = await call.submit(enrollmentId, tokenId, w.formId, [
      { question: 'q1', answerStrings: ['150'] },
    ]);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('a write key of another study is refused on every read and write (403), changing nothing', async () => {
    const w = await studyWithForms(t.app, { write: true });
    const foreign = await studyWithForms(t.app, { write: true });
    const { subject, enrollmentId, tokenId } = await enrolledByAdmin(t.app, w);
    for (const list of V1_LISTS) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/studies/${w.study.id}/${list}`,
        headers: bearer(foreign.key),
      });
      expect(res.statusCode, list).toBe(403);
      expect(res.json()).toMatchObject({
        type: 'RESTRICTION',
        message: 'This API key belongs to another study.',
      });
    }
    const call = writes(t.app, w, foreign.key);
    for (const res of [
      await call.createSubject('X-001'),
      await call.enrol(subject.id),
      await call.submit(enrollmentId, tokenId, w.formId, [{ question: 'q1', answerStrings: ['70'] }]),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({
        type: 'RESTRICTION',
        message: 'This API key belongs to another study.',
      });
    }
    expect(
      await t.app.database.db.select().from(subjects).where(eq(subjects.studyId, w.study.id)),
    ).toHaveLength(1);
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/v1/studies/${w.study.id}/answers`,
      headers: bearer(w.key),
    });
    expect(own.json()).toEqual({ items: [], nextCursor: null });
  });
});

describe(`GET /api/v1/studies/:studyId/answers on ${engine}`, { tags: ['json'] }, () => {
  it('pages answer sets by cursor, filters by updatedSince, form and subject, scopes sites and redacts identifiable fields', async () => {
    const w = await studyWithForms(t.app, { write: true });
    const call = writes(t.app, w, w.key);
    const a = await enrolledByAdmin(t.app, w);
    const b = await enrolledByAdmin(t.app, w, w.other.id);
    await setSubjectAttributes(t.app, w.study.id, a.subject.id, { initials: 'JD', email: 'jd@example.org' });
    for (const [who, formId, answers] of [
      [a, w.formId, [{ question: 'q1', answerStrings: ['70'] }]],
      [a, w.notesId, [{ question: 'n1', answerStrings: ['fine'] }]],
      [b, w.formId, [{ question: 'q1', answerStrings: ['80'] }]],
    ] as const) {
      const res = await call.submit(who.enrollmentId, who.tokenId, formId, [...answers]);
      expect(res.statusCode, res.body).toBe(200);
    }
    // Fixed, distinct update times: the order and the updatedSince filter do not hang on the clock.
    const sets = await t.app.database.db
      .select()
      .from(questionnaires)
      .where(eq(questionnaires.studyId, w.study.id));
    expect(sets).toHaveLength(3);
    const order = [
      sets.find((s) => s.enrollmentId === b.enrollmentId),
      sets.find((s) => s.formId === w.notesId),
      sets.find((s) => s.enrollmentId === a.enrollmentId && s.formId === w.formId),
    ];
    for (const [i, set] of order.entries()) {
      await t.app.database.db
        .update(questionnaires)
        .set({ updatedAt: new Date(Date.UTC(2026, 1, 1 + i)) })
        .where(and(eq(questionnaires.studyId, w.study.id), eq(questionnaires.id, set?.id ?? '')));
    }
    const ids = order.map((set) => set?.id);

    const read = async (query: string, key = w.key) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/studies/${w.study.id}/answers${query}`,
        headers: bearer(key),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: { id: string; [k: string]: unknown }[]; nextCursor: string | null }>();
    };

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await read(cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : '?limit=2');
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 5);
    expect(pages).toBe(2);
    expect(seen).toEqual(ids);

    expect(
      (await read(`?updatedSince=${encodeURIComponent('2026-02-02T00:00:00Z')}`)).items.map((i) => i.id),
    ).toEqual(ids.slice(1));
    expect((await read(`?formId=${w.formId}`)).items.map((i) => i.id)).toEqual([ids[0], ids[2]]);
    expect((await read(`?subjectId=${a.subject.id}`)).items.map((i) => i.id)).toEqual(ids.slice(1));
    expect((await read(`?subjectId=${a.subject.id}&formId=${w.notesId}`)).items.map((i) => i.id)).toEqual([
      ids[1],
    ]);

    // The key may not view identifiable data: the subject's initials and email are REDACTED.
    const ofA = (await read(`?formId=${w.notesId}`)).items[0];
    expect(ofA).toMatchObject({
      patientId: a.subject.patientId,
      subject: { initials: 'REDACTED', email: 'REDACTED' },
      answers: [{ question: 'n1', answerStrings: ['fine'] }],
    });
    const granted = await t.app.inject({
      method: 'PUT',
      url: `/api/studies/${w.study.id}/apiKey/settings`,
      headers: admin.headers,
      payload: { viewIdentifiable: true, dataWrite: true },
    });
    expect(granted.statusCode).toBe(200);
    expect((await read(`?formId=${w.notesId}`)).items[0]).toMatchObject({
      subject: { initials: 'JD', email: 'jd@example.org' },
    });

    // A monitor of the other site sees that site's set only, through the same call.
    const monitor = await buildUser(t.app);
    await grantAccess(t.app, { studyId: w.study.id, user: monitor, role: 'MONITOR', siteIds: [w.other.id] });
    const session = await loginAs(t.app, monitor.email, monitor.password);
    const scoped = await t.app.inject({
      method: 'GET',
      url: `/api/v1/studies/${w.study.id}/answers`,
      headers: session.headers,
    });
    expect(scoped.statusCode, scoped.body).toBe(200);
    expect(scoped.json().items.map((i: { id: string }) => i.id)).toEqual([ids[0]]);

    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/v1/studies/${w.study.id}/answers?cursor=nope`,
      headers: bearer(w.key),
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe(`the per-key rate limit on writes on ${engine}`, { tags: ['json'] }, () => {
  it('a burst of writes gets exactly what is left of the key budget; the rest 429 RATE_LIMITED with Retry-After', async () => {
    const w = await studyWithForms(t.app, { write: true });
    // 592 of the key's 600 calls already made (reads and writes share the budget): 8 remain.
    await t.app.database.db
      .insert(loginThrottle)
      .values({ key: `data-api:key:${w.keyId}`, failures: 592, windowStart: new Date(), blockedUntil: null });
    const call = writes(t.app, w, w.key);
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => call.createSubject(`RL-${i}`)));
    const codes = burst.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(8);
    expect(codes.filter((code) => code === 429)).toHaveLength(12);
    for (const res of burst.filter((r) => r.statusCode === 429)) {
      expect(res.json()).toMatchObject({ type: 'RATE_LIMITED', context: { retryAfter: expect.any(Number) } });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBe(res.json().context.retryAfter);
    }
    expect(
      await t.app.database.db.select().from(subjects).where(eq(subjects.studyId, w.study.id)),
    ).toHaveLength(8);
    // The budget is spent for reads too; a staff session is not limited by the key's budget.
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/studies/${w.study.id}/subjects`,
      headers: bearer(w.key),
    });
    expect(read.statusCode).toBe(429);
    expect(read.headers['retry-after']).toBeDefined();
    const staff = await t.app.inject({
      method: 'POST',
      url: `/api/studies/${w.study.id}/sites/${w.site.id}/patients`,
      headers: admin.headers,
      payload: { patientId: 'STAFF-1' },
    });
    expect(staff.statusCode, staff.body).toBe(201);
  });
});
