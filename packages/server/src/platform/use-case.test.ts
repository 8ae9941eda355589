// @module-tag transactions
/**
 * Issue 16 item 2: a use case's deferred writes (UseCaseContext.deferWrite) go with its audit events,
 * in their insert, or in one statement of their own without events; their checks roll back like a throw.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, type TestApp } from '../../test/harness';
import { loginThrottle } from './auth/tables';
import { runUseCase, SYSTEM_ACTOR } from './use-case';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const now = new Date('2026-05-04T08:00:00Z');

function insertKey(key: string) {
  return t.app.database.db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStart: now, blockedUntil: null })
    .returning({ one: sql`1` })
    .getSQL();
}

async function keys(prefix: string): Promise<string[]> {
  const { rows } = await t.app.database.query<{ key: string }>(
    `select key from login_throttle where key like '${prefix}%' order by key`,
  );
  return rows.map((r) => r.key);
}

async function auditCount(entityId: string): Promise<number> {
  const { rows } = await t.app.database.query<{ n: number }>(
    `select count(*)::int as n from audit_event where entity_id = '${entityId}'`,
  );
  return Number(rows[0]?.n ?? 0);
}

describe(`deferred writes of a use case on ${engine}`, () => {
  it('runs them with the audit events, after the use case statements, and gives each check its row count', async () => {
    const counts: number[] = [];
    await runUseCase(
      t.app.database.db,
      SYSTEM_ACTOR,
      async (ctx) => {
        ctx.deferWrite(insertKey('dw1:a'), (n) => counts.push(n));
        await ctx.tx.insert(loginThrottle).values({ key: 'dw1:b', failures: 1, windowStart: now });
        await ctx.audit({ action: 'USER_LOGIN_SUCCEEDED', entityType: 'USER', entityId: 'dw1' });
        // Conflicts with the row written above: it sees what the use case wrote, so it writes nothing.
        ctx.deferWrite(
          t.app.database.db
            .insert(loginThrottle)
            .values({ key: 'dw1:b', failures: 1, windowStart: now })
            .onConflictDoNothing()
            .returning({ one: sql`1` })
            .getSQL(),
          (n) => counts.push(n),
        );
      },
      now,
    );
    expect(counts).toEqual([1, 0]);
    expect(await keys('dw1:')).toEqual(['dw1:a', 'dw1:b']);
    expect(await auditCount('dw1')).toBe(1);
  });

  it('runs them on their own when the use case records no audit event', async () => {
    let written = -1;
    await runUseCase(t.app.database.db, SYSTEM_ACTOR, async (ctx) => {
      ctx.deferWrite(insertKey('dw2:a'), (n) => {
        written = n;
      });
    });
    expect(written).toBe(1);
    expect(await keys('dw2:')).toEqual(['dw2:a']);
  });

  it('rolls the whole use case back when a check throws', async () => {
    await expect(
      runUseCase(
        t.app.database.db,
        SYSTEM_ACTOR,
        async (ctx) => {
          await ctx.tx.insert(loginThrottle).values({ key: 'dw3:a', failures: 1, windowStart: now });
          await ctx.audit({ action: 'USER_LOGIN_SUCCEEDED', entityType: 'USER', entityId: 'dw3' });
          ctx.deferWrite(insertKey('dw3:b'), () => {
            throw new Error('refused');
          });
        },
        now,
      ),
    ).rejects.toThrow('refused');
    expect(await keys('dw3:')).toEqual([]);
    expect(await auditCount('dw3')).toBe(0);
  });
});

describe(`audit events of a use case on ${engine}`, () => {
  it('keep what they held when recorded, whatever the use case changes afterwards', async () => {
    const after = { status: 'OPEN', count: 1 };
    await runUseCase(
      t.app.database.db,
      SYSTEM_ACTOR,
      async (ctx) => {
        await ctx.audit({ action: 'USER_LOGIN_SUCCEEDED', entityType: 'USER', entityId: 'ae1', after });
        after.status = 'CHANGED';
        after.count = 2;
      },
      now,
    );
    const { rows } = await t.app.database.query<{ after: unknown }>(
      `select after from audit_event where entity_id = 'ae1'`,
    );
    expect(rows.map((r) => r.after)).toEqual([{ status: 'OPEN', count: 1 }]);
  });

  it('roll the use case back when an event cannot be recorded', async () => {
    await expect(
      runUseCase(
        t.app.database.db,
        SYSTEM_ACTOR,
        async (ctx) => {
          await ctx.tx.insert(loginThrottle).values({ key: 'ae2:a', failures: 1, windowStart: now });
          await ctx.audit({
            action: 'USER_LOGIN_SUCCEEDED',
            entityType: 'USER',
            entityId: 'ae2',
            after: { n: 1n } as unknown as Record<string, unknown>,
          });
        },
        now,
      ),
    ).rejects.toThrow();
    expect(await keys('ae2:')).toEqual([]);
    expect(await auditCount('ae2')).toBe(0);
  });
});
