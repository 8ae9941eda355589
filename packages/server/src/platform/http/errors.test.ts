import { studyStateMachine } from '@trialbase/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, engine, type TestApp } from '../../../test/harness';
import { AppError } from '../errors';
import { newId } from '../ids';
import { runUseCase } from '../use-case';
import { defineRoute, type RouteDefinition, registerRoutes } from './define-route';

// Routes added for the test only, before the app is ready, to exercise the error model end to end.
function testRoutes(t: TestApp) {
  return [
    defineRoute({
      method: 'POST',
      url: '/api/test/transition',
      permission: 'public',
      schema: {},
      handler: async () => studyStateMachine.next('COMPLETED', 'start'),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/test/boom',
      permission: 'public',
      schema: {},
      handler: async () => {
        throw new Error('database password is hunter2');
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/test/items',
      permission: 'public',
      schema: {
        body: z.object({ name: z.string().min(1).max(5), rows: z.array(z.object({ n: z.number().int() })) }),
      },
      handler: async (req) => {
        // A use case that writes, audits and then hits a rule: nothing of it may remain.
        await runUseCase(t.app.database.db, { type: 'SYSTEM', id: null }, async (ctx) => {
          await ctx.tx.execute(
            `insert into app_user (id, email, first_name, last_name, password_hash, password_changed_at, created_at, updated_at)
             values ('${newId()}', 'half@example.org', 'Half', 'Written', 'x', now(), now(), now())` as never,
          );
          await ctx.audit({ action: 'USER_CREATED', entityType: 'USER', entityId: 'half' });
          if (req.body.name === 'bad')
            throw new AppError('VALIDATION', 'Name is taken.', { id: 'DUPLICATE_NAME' });
        });
        return { ok: true };
      },
    }),
  ];
}

describe(`error model (spec 000 §8) on ${engine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    registerRoutes(t.app, testRoutes(t) as RouteDefinition<never>[]);
  });
  afterAll(async () => t?.close());

  it('gives 400 with every field path for a schema violation', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/items',
      payload: { name: 'toolong', rows: [{ n: 1 }, { n: 1.5 }] },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.type).toBe('VALIDATION');
    expect(body.context.issues.map((i: { path: unknown[] }) => i.path)).toEqual(
      expect.arrayContaining([['name'], ['rows', 1, 'n']]),
    );
  });

  it('gives 400 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/items',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ type: 'VALIDATION', message: 'The request body is not valid JSON.' });
  });

  it('gives 500 without a stack trace or the internal message outside development', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ type: 'INTERNAL', message: 'An unexpected error occurred.' });
    expect(res.body).not.toContain('hunter2');
  });

  it('serialises an application error as { type, id, message } and leaves the database unchanged', async () => {
    const countRows = async () => {
      const users = await t.app.database.query<{ n: number }>(`select count(*)::int as n from app_user`);
      const audit = await t.app.database.query<{ n: number }>(`select count(*)::int as n from audit_event`);
      return { users: users.rows[0]?.n, audit: audit.rows[0]?.n };
    };
    const before = await countRows();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/items',
      payload: { name: 'bad', rows: [] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ type: 'VALIDATION', id: 'DUPLICATE_NAME', message: 'Name is taken.' });
    expect(await countRows()).toEqual(before);
    // The same use case with good input commits both the row and its audit event.
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/test/items',
      payload: { name: 'good', rows: [] },
    });
    expect(ok.statusCode).toBe(200);
    expect(await countRows()).toEqual({ users: (before.users ?? 0) + 1, audit: (before.audit ?? 0) + 1 });
  });

  it('turns a refused state transition into its error type and id, not a 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/transition' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      type: 'VALIDATION',
      id: 'STUDY_STATUS_MISMATCH',
      context: { from: 'COMPLETED', action: 'start' },
    });
  });

  it('refuses to register an /api route without a permission', async () => {
    const other = await createTestApp();
    try {
      expect(() =>
        other.app.route({ method: 'GET', url: '/api/test/unguarded', handler: async () => ({}) }),
      ).toThrow(/declares no permission/);
    } finally {
      await other.close();
    }
  });
});
