import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, buildStudy, buildSubject } from '../../../test/factories';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { defineRoute, type RouteDefinition, registerRoutes } from './define-route';

// Issue 17 item 5: subject records (and every other API answer with personal data) had no
// Cache-Control, and the API reference was served to anyone in production.

describe(`Cache-Control of /api answers on ${engine}`, () => {
  let t: TestApp;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await createTestApp();
    registerRoutes(t.app, [
      defineRoute({
        method: 'GET',
        url: '/api/test/cacheable',
        permission: 'public',
        schema: {},
        handler: async (_req, reply) =>
          reply.header('cache-control', 'public, max-age=60').send({ ok: true }),
      }),
    ] as RouteDefinition<never>[]);
    admin = await loginAs(t.app);
  });
  afterAll(async () => t?.close());

  it('sends no-store with session, error and anonymous answers', async () => {
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: admin.headers });
    expect(session.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: `/api/study/${'f'.repeat(24)}` });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: '/api/nowhere' })).headers['cache-control']).toBe(
      'no-store',
    );
  });

  it('sends no-store with a subject record and the subject list', async () => {
    const study = await buildStudy(t.app);
    const site = await buildSite(t.app, study.id);
    const subject = await buildSubject(t.app, { studyId: study.id, siteId: site.id });
    const record = await t.app.inject({
      method: 'GET',
      url: `/api/studies/${study.id}/patient/${subject.id}`,
      headers: admin.headers,
    });
    expect(record.statusCode, record.body).toBe(200);
    expect(record.headers['cache-control']).toBe('no-store');
    const list = await t.app.inject({
      method: 'POST',
      url: `/api/studies/${study.id}/patient/list`,
      headers: admin.headers,
      payload: {},
    });
    expect(list.headers['cache-control']).toBe('no-store');
  });

  it("keeps a route's own Cache-Control", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/cacheable' });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });
});

describe(`the API reference on ${engine}`, () => {
  it('is not served when the configuration turns it off (the production default)', async () => {
    const t = await createTestApp({ apiDocs: false });
    try {
      for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/openapi.json']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
      }
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('is served when it is on (development and test)', async () => {
    const t = await createTestApp({ apiDocs: true });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
