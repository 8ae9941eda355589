// @module-tag routes
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { allEndpoints, fuzzRoutes } from '../../../test/route-fuzz';
import { buildWorld, type World } from '../../../test/world';

// Issue 17 item 6(b): every route, fuzzed from its zod schemas (test/route-fuzz.ts) by a system
// admin, seeded and bounded: no 5xx, and a refused state-changing request changes no row.
// `npm test` runs a few requests per route; scripts/fuzz.mjs runs many more
// (TRIALBASE_FUZZ_PER_ROUTE, TRIALBASE_FUZZ_SEED) and prints the figures.

const PER_ROUTE = Number(process.env.TRIALBASE_FUZZ_PER_ROUTE ?? 2);
const SEED = Number(process.env.TRIALBASE_FUZZ_SEED ?? 17);
/** The caller's own session ending would only stop the run; logout is swept elsewhere. */
const SKIP = new Set(['POST /api/auth/logout']);

let t: TestApp;
let admin: LoggedIn;
let world: World;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app);
  world = await buildWorld(t.app, admin, { tag: 'fz' });
}, 120_000);
afterAll(async () => t?.close());

describe(`schema-driven fuzzing of every route on ${engine}`, () => {
  it(
    'answers no 5xx and leaves every row as it was after a refused write',
    async () => {
      const ids = Object.values(world).filter((value) => /^[0-9a-f]{24}$/.test(value));
      const started = Date.now();
      const headers = { ...admin.headers };
      const result = await fuzzRoutes(t.app, {
        seed: SEED,
        perRoute: PER_ROUTE,
        headers,
        ids,
        skip: SKIP,
        every50: async () => {
          const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers });
          if (session.statusCode === 401) Object.assign(headers, (await loginAs(t.app)).headers);
        },
      });
      console.log(
        `fuzz (${engine}): seed ${SEED}, ${allEndpoints().length - SKIP.size} routes × ${PER_ROUTE}: ` +
          `${result.sent} requests sent, ${result.serverErrors.length} 5xx, ${result.partialWrites.length} partial writes ` +
          `(${result.checkedWrites} refused writes checked; ${JSON.stringify(result.byStatus)}) in ${Math.round((Date.now() - started) / 1000)} s`,
      );
      expect(result.sent).toBeGreaterThanOrEqual((allEndpoints().length - SKIP.size) * PER_ROUTE);
      expect(result.serverErrors).toEqual([]);
      expect(result.partialWrites).toEqual([]);
    },
    120_000 + PER_ROUTE * 90_000,
  );
});
