// @module-tag routes
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildStudy, buildUser, grantAccess } from '../../../test/factories';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { defineRoute, type RouteDefinition, registerRoutes } from './define-route';

// Issue 17 item 4: a NUL character (U+0000) anywhere in a request gave a 500 on 63 routes,
// because PostgreSQL refuses it in text and jsonb. The edge now refuses it with a 400 naming
// the field, record ids must have their exact shape, and a database input error that still
// gets through is a 400, never a 500.

type Issue = { path: (string | number)[]; message: string };
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const HEX_ID = 'ffffffffffffffffffffffff';

let t: TestApp;
let admin: LoggedIn;

beforeAll(async () => {
  t = await createTestApp();
  registerRoutes(t.app, [
    defineRoute({
      method: 'POST',
      url: '/api/test/db-input/:kind',
      permission: 'public',
      schema: { params: z.object({ kind: z.enum(['cast', 'nul', 'overflow', 'date']) }) },
      handler: async (req) => {
        // Input errors the edge cannot see: the database is the last to refuse them.
        const db = t.app.database.db;
        if (req.params.kind === 'cast') await db.execute(sql`select ${'abc'}::int`);
        if (req.params.kind === 'nul') await db.execute(sql`select ${'a\u0000b'}::text`);
        if (req.params.kind === 'overflow') await db.execute(sql`select ${'99999999999'}::int`);
        if (req.params.kind === 'date') await db.execute(sql`select ${'2024-13-45'}::date`);
        return { ok: true };
      },
    }),
  ] as RouteDefinition<never>[]);
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());

function issuesOf(body: string): Issue[] {
  return (JSON.parse(body) as { context?: { issues?: Issue[] } }).context?.issues ?? [];
}

describe(`the input edge on ${engine}`, () => {
  it('refuses a NUL in a path parameter of a public route with 400 and the field path', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/public/study/a%00b/pathway/${HEX_ID}/getInfo`,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ type: 'VALIDATION', context: { reason: 'NUL_CHARACTER' } });
    expect(issuesOf(res.body)).toContainEqual({
      path: ['params', 'studyId'],
      message: 'SERVER_ERRORS.REASON.NUL_CHARACTER',
    });
  });

  it('refuses a NUL in the query and in body text, values and keys alike, and changes nothing', async () => {
    const user = await buildUser(t.app, { firstName: 'Ida', lastName: 'Holm' });
    const session = await loginAs(t.app, user.email, user.password);
    const query = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users?search=a%00b',
      headers: admin.headers,
    });
    expect(query.statusCode, query.body).toBe(400);
    expect(
      issuesOf(query.body).map((issue) => issue.path),
      query.body,
    ).toContainEqual(['querystring', 'search']);

    const body = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${user.id}/updateOwn`,
      headers: session.headers,
      payload: { firstName: 'I\u0000da', lastName: 'Holm', language: 'en' },
    });
    expect(body.statusCode, body.body).toBe(400);
    expect(issuesOf(body.body).map((issue) => issue.path)).toContainEqual(['firstName']);
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/user/${user.id}/viewOwn`,
      headers: session.headers,
    });
    expect(own.json()).toMatchObject({ firstName: 'Ida' });
  });

  it('refuses a NUL in a jsonb key with the path of the key', async () => {
    const user = await buildUser(t.app);
    const study = await buildStudy(t.app);
    await grantAccess(t.app, { studyId: study.id, user, role: 'MONITOR' });
    const session = await loginAs(t.app, user.email, user.password);
    const url = `/api/users/${user.id}/studies/${study.id}/tablesSettings`;
    const res = await t.app.inject({
      method: 'PUT',
      url,
      headers: session.headers,
      payload: { tableSettings: { grid: [{ 'col\u0000': 1 }] } },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(issuesOf(res.body).map((issue) => issue.path)).toContainEqual([
      'tableSettings',
      'grid',
      0,
      'col\u0000',
    ]);
    const read = await t.app.inject({ method: 'GET', url, headers: session.headers });
    expect(read.json()).toMatchObject({ tableSettings: {}, updatedAt: null });
  });

  it('refuses a record id of the wrong shape with 400 before any lookup', async () => {
    for (const url of [
      '/api/study/not-an-id',
      `/api/admin/users/${'F'.repeat(24)}/disable`,
      '/api/user/12/viewOwn',
    ]) {
      const method = url.endsWith('disable') ? 'POST' : 'GET';
      const res = await t.app.inject({ method, url, headers: admin.headers });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ type: 'VALIDATION' });
    }
  });

  it('maps database input errors (22P02, 22021, 22003, 22008) to 400, never 500', async () => {
    for (const kind of ['cast', 'nul', 'overflow', 'date']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/test/db-input/${kind}` });
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ type: 'VALIDATION' });
    }
  });

  it('answers every route with a NUL in any path parameter with 400 (signed in) or 401, never 5xx', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = spec.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    const failures: string[] = [];
    let sent = 0;
    for (const [path, operations] of Object.entries(paths)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
      for (const method of METHODS) {
        if (!operations[method.toLowerCase()]) continue;
        for (const target of names) {
          const url = path.replace(/\{(\w+)\}/g, (_m, name: string) =>
            name === target ? 'a%00b' : name === 'userEmail' ? 'x%40example.org' : HEX_ID,
          );
          for (const headers of [admin.headers, {}]) {
            const res = await t.app.inject({
              method,
              url,
              headers,
              ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
            });
            sent += 1;
            const signedIn = headers === admin.headers;
            const ok = signedIn ? res.statusCode === 400 : res.statusCode === 400 || res.statusCode === 401;
            if (!ok && failures.length < 40)
              failures.push(
                `${method} ${path} {${target}} ${signedIn ? 'admin' : 'anonymous'}: ${res.statusCode} ${res.body.slice(0, 100)}`,
              );
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(200);
    expect(failures).toEqual([]);
  }, 120_000);
});
