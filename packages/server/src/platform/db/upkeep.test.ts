// @module-tag engine
/**
 * PGlite's stand-in for autovacuum, and the analysis after bulk writes on both engines (upkeep.ts):
 * tables past the thresholds are analysed (and on PGlite vacuumed when they hold dead rows), so the
 * planner sees their real size; quiet tables are left alone; PostgreSQL's vacuuming stays with
 * autovacuum. The test tables have autovacuum off, so that it cannot get there first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, engine, type TestDatabase } from '../../../test/harness';
import { type Database, openDatabase } from './client';
import { runDatabaseUpkeep } from './upkeep';

describe(`database upkeep (${engine})`, () => {
  let testDatabase: TestDatabase;
  let database: Database;
  beforeAll(async () => {
    testDatabase = await createTestDatabase({ persistent: true });
    database = await openDatabase({ ...testDatabase.config });
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await testDatabase?.drop();
  });

  const stats = async (table: string) =>
    (
      await database.query<{ analyzed: boolean; vacuumed: boolean; reltuples: number }>(
        `select s.last_analyze is not null as analyzed, s.last_vacuum is not null as vacuumed, c.reltuples::int as reltuples
           from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = $1`,
        [table],
      )
    ).rows[0];

  it('analyses a busy table, and only that one; vacuums it on PGlite only', async () => {
    await database.exec(`
      create table upkeep_busy (id int primary key, v text) with (autovacuum_enabled = false);
      create table upkeep_quiet (id int primary key, v text) with (autovacuum_enabled = false);
      insert into upkeep_busy select g, 'a' from generate_series(1, 2000) g;
      update upkeep_busy set v = 'b' where id <= 800;
      insert into upkeep_quiet values (1, 'a');`);
    // The activity counters reach the statistics a moment after the transaction.
    await database.query('select pg_stat_force_next_flush()');
    await database.query('select 1');
    const done = await runDatabaseUpkeep(database);
    const vacuums = engine === 'pglite';
    expect(vacuums ? done.vacuumed : done.analyzed).toContain('public.upkeep_busy');
    if (!vacuums) expect(done.vacuumed).toEqual([]);
    expect([...done.analyzed, ...done.vacuumed]).not.toContain('public.upkeep_quiet');
    expect(await stats('upkeep_busy')).toEqual({ analyzed: true, vacuumed: vacuums, reltuples: 2000 });
    expect((await stats('upkeep_quiet'))?.analyzed).toBe(false);
    // Done once: the next run finds the table within the thresholds.
    await database.query('select pg_stat_force_next_flush()');
    const again = await runDatabaseUpkeep(database);
    expect([...again.analyzed, ...again.vacuumed]).not.toContain('public.upkeep_busy');
  });
});
