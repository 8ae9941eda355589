import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, buildStudy, buildSubject } from '../../../test/factories';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
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
async function studyWithKey(app: FastifyInstance) {
  const study = await buildStudy(app, { modules: ['API_KEYS'] });
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
