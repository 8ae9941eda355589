import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProcess, buildSite, buildStudy, buildSubject, setStudySchedule } from '../../../test/factories';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { auditEvents } from '../../platform/audit/tables';
import { loginThrottle } from '../../platform/auth/tables';
import { newId } from '../../platform/ids';
import { tokens } from '../enrollments/tokens/tables';
import { formTemplates } from '../forms/tables';
import { apiKeys } from '../integrations/tables';
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
    expect(burst.find((res) => res.statusCode === 429)?.json()).toMatchObject({ type: 'RATE_LIMITED' });
    const other = await studyWithKey(t.app);
    const free = await t.app.inject({
      method: 'GET',
      url: `/api/v1/studies/${other.study.id}/subjects`,
      headers: bearer(other.key),
    });
    expect(free.statusCode).toBe(200);
  });
});

describe(`enrol and submit with a write key on ${engine}`, { tags: ['json'] }, () => {
  it("enrols through the screens' call and refuses a submit that breaks a BLOCK rule with field paths", async () => {
    const app = t.app;
    const { study, site, key } = await studyWithKey(app);
    const now = new Date();
    const formId = newId(now);
    await app.database.db.insert(formTemplates).values({
      studyId: study.id,
      id: formId,
      name: `Vitals ${formId.slice(-6)}`,
      type: 'TYPE_FORM',
      document: {
        id: formId,
        title: { en: 'Vitals' },
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
        ],
      },
      createdBy: 'factory',
      createdAt: now,
      updatedAt: now,
    });
    const process = await buildProcess(app, {
      studyId: study.id,
      dataEvents: [
        {
          id: `da${formId.slice(-8)}-e1`,
          type: 'TYPE_USER',
          forms: [formId],
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
    await app.inject({
      method: 'PUT',
      url: `/api/studies/${study.id}/apiKey/settings`,
      headers: admin.headers,
      payload: { viewIdentifiable: false, dataWrite: true },
    });
    const subject = await buildSubject(app, { studyId: study.id, siteId: site.id });
    const enrol = await app.inject({
      method: 'POST',
      url: `/api/studies/${study.id}/enrollments`,
      headers: bearer(key),
      payload: { subjectId: subject.id, siteId: site.id, processId: process.id },
    });
    expect(enrol.statusCode, enrol.body).toBe(201);
    const enrollment = enrol.json<{ id: string }[]>()[0];
    const [token] = await app.database.db
      .select()
      .from(tokens)
      .where(eq(tokens.enrollmentId, enrollment?.id ?? ''));
    const url = `/api/studies/${study.id}/enrollments/${enrollment?.id}/tokens/${token?.id}/questionnaires`;
    const submit = (weight: string) =>
      app.inject({
        method: 'POST',
        url,
        headers: bearer(key),
        payload: { formId, answers: [{ question: 'q1', answerStrings: [weight] }], isFinal: true },
      });
    const blocked = await submit('250');
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().id).toBe('VALIDATION_RULE_VIOLATION');
    expect(blocked.json().context.issues.map((i: { path: string[] }) => i.path.join('.'))).toEqual([
      'answers.q1',
    ]);
    const accepted = await submit('150');
    expect(accepted.statusCode, accepted.body).toBe(200);
    const enrolments = await app.inject({
      method: 'GET',
      url: `/api/v1/studies/${study.id}/enrollments`,
      headers: bearer(key),
    });
    expect(enrolments.json().items.map((i: { id: string }) => i.id)).toEqual([enrollment?.id]);
  });
});
