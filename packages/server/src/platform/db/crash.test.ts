// @module-tag engine
/**
 * Issue 17 suite 6(d) in npm test, at a reduced seeded size: concurrent participant submits and
 * staff updates against the server running as its own process, SIGKILL in the middle, a restart on
 * the same database (PostgreSQL, or the PGlite data directory), then every acknowledged write
 * present with all its answers and audit events, none partial, the audit chains intact
 * (test/crash.ts). The larger run: `npx tsx test/load/crash-load.ts` (prints the figures).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCrashFigures, runCrash } from '../../../test/crash';
import { createTestDatabase, engine, type TestDatabase } from '../../../test/harness';

describe(`kill -9 under concurrent writes, restart on the same database (${engine})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ persistent: true });
  }, 120_000);
  afterAll(async () => database?.drop());

  it('keeps every acknowledged write whole, writes nothing partial and keeps the audit chains intact', async () => {
    const figures = await runCrash({
      database: database.config,
      participants: 24,
      staffForms: 6,
      clients: 8,
      killAfterAcks: 20,
    });
    console.log(formatCrashFigures(engine, figures));
    expect(figures.problems).toEqual([]);
    expect(figures.acknowledged).toBeGreaterThanOrEqual(20);
    expect(figures.acknowledgedMissing).toBe(0);
    expect(figures.partial).toBe(0);
    expect(figures.auditIntact).toBe(true);
  }, 400_000);
});
