import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, type TestApp } from '../../../test/harness';
import { countStatements } from '../../../test/statement-counter';
import { release, reserve, reserveRefusedUntil, type ThrottlePolicy } from './throttle';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const policy: ThrottlePolicy = { maxFailures: 3, windowMinutes: 15, blockMinutes: 15 };
const now = new Date('2026-09-01T08:00:00Z');

describe(`throttle reserve and release on ${engine}`, () => {
  it('refuses a use beyond the limit without blocking: once uses in flight are given back, the key is free again', async () => {
    const db = t.app.database.db;
    const key = 'test:refused-sets-no-block';
    const allowed = [];
    for (let i = 0; i < policy.maxFailures; i++) allowed.push(await reserve(db, key, now, policy));
    expect(allowed.every((r) => r.allowed)).toBe(true);
    // A fourth use while the three are in flight is refused, until the end of the window at most.
    const refused = await reserve(db, key, now, policy);
    expect(refused).toMatchObject({ allowed: false });
    // The three were good requests (a right password, a found link): they give their uses back.
    for (const r of allowed) await release(db, r);
    const later = new Date(now.getTime() + 1000);
    expect(await reserve(db, key, later, policy)).toMatchObject({ allowed: true });
  });

  it('keeps refusing while real failures fill the window, and frees the key when the window ends', async () => {
    const db = t.app.database.db;
    const key = 'test:failures-fill-window';
    for (let i = 0; i < policy.maxFailures; i++)
      expect((await reserve(db, key, now, policy)).allowed).toBe(true);
    const refused = await reserve(db, key, new Date(now.getTime() + 60_000), policy);
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect(refused.blockedUntil.getTime()).toBe(now.getTime() + 15 * 60_000);
    expect((await reserve(db, key, new Date(now.getTime() + 16 * 60_000), policy)).allowed).toBe(true);
  });

  it('trusts a clear reading for a moment, and forgets it as soon as this server counts a use of the key', async () => {
    const db = t.app.database.db;
    const key = 'test:clear-reading';
    const tight: ThrottlePolicy = { maxFailures: 2, windowMinutes: 15, blockMinutes: 15 };
    const counter = countStatements(t.app);
    try {
      expect(await reserveRefusedUntil(db, key, now, tight)).toBeNull();
      expect(counter.take().statements).toHaveLength(1);
      // The next calls of a participant within the moment read nothing.
      expect(await reserveRefusedUntil(db, key, now, tight)).toBeNull();
      expect(counter.take().statements).toHaveLength(0);
      // Two failures fill the window: each reserve forgets the reading, so the check sees them.
      for (let i = 0; i < tight.maxFailures; i++)
        expect((await reserve(db, key, now, tight)).allowed).toBe(true);
      counter.take();
      expect(await reserveRefusedUntil(db, key, now, tight)).toEqual(new Date(now.getTime() + 15 * 60_000));
      expect(counter.take().statements).toHaveLength(1);
      // A key near its limit is not trusted: every check reads it.
      expect(await reserveRefusedUntil(db, key, new Date(now.getTime() + 16 * 60_000), tight)).toBeNull();
      const nearKey = 'test:near-limit';
      await reserve(db, nearKey, now, policy);
      await reserve(db, nearKey, now, policy);
      counter.take();
      expect(await reserveRefusedUntil(db, nearKey, now, policy)).toBeNull();
      expect(await reserveRefusedUntil(db, nearKey, now, policy)).toBeNull();
      expect(counter.take().statements).toHaveLength(2);
    } finally {
      counter.stop();
    }
  });

  it('shares a reading in flight with a check of the same key, unless this server counted a use since', async () => {
    const db = t.app.database.db;
    const key = 'test:reading-in-flight';
    await reserve(db, key, now, policy);
    await reserve(db, key, now, policy);
    const counter = countStatements(t.app);
    try {
      // Near its limit the key is never trusted, so each check reads, but two together read once.
      const [first, second] = await Promise.all([
        reserveRefusedUntil(db, key, now, policy),
        reserveRefusedUntil(db, key, now, policy),
      ]);
      expect([first, second]).toEqual([null, null]);
      expect(counter.take().statements).toHaveLength(1);
      // A check after a reserve of this server does not take a reading that started before it.
      const before = reserveRefusedUntil(db, key, now, policy);
      const counted = reserve(db, key, now, policy);
      const after = reserveRefusedUntil(db, key, now, policy);
      await Promise.all([before, counted, after]);
      expect(counter.take().statements).toHaveLength(3);
      expect(await reserveRefusedUntil(db, key, now, policy)).toEqual(
        new Date(now.getTime() + policy.windowMinutes * 60_000),
      );
    } finally {
      counter.stop();
    }
  });
});
