// @module-tag engine
/**
 * Statements that repeat run as named prepared statements on PostgreSQL (pg-prepared.ts): parsed
 * once per connection, the same rows as unnamed; scripts, one-off texts and texts without
 * parameters stay unnamed.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, engine, type TestDatabase } from '../../../test/harness';
import { AutoPreparingClient, statementName } from './pg-prepared';

describe.skipIf(engine !== 'postgres')('named statements on PostgreSQL', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  beforeAll(async () => {
    database = await createTestDatabase({ persistent: true });
    // One connection, so every statement below meets the same connection's statement cache.
    pool = new pg.Pool({
      connectionString: database.config.databaseUrl ?? '',
      max: 1,
      Client: AutoPreparingClient,
    });
  }, 60_000);
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  const prepared = async () =>
    (
      await pool.query<{ name: string; statement: string }>(
        'select name, statement from pg_prepared_statements',
      )
    ).rows;

  it('names a text with parameters from its second run on, with the same results', async () => {
    const text = `select $1::int + 1 as n, 'tb-prepared-test' as tag`;
    const first = await pool.query(text, [1]);
    expect((await prepared()).some((p) => p.statement === text)).toBe(false);
    const second = await pool.query(text, [2]);
    const third = await pool.query({ text, values: [3] });
    expect([first.rows[0].n, second.rows[0].n, third.rows[0].n]).toEqual([2, 3, 4]);
    const named = (await prepared()).filter((p) => p.statement === text);
    expect(named).toHaveLength(1);
    expect(named[0]?.name).toMatch(/^tb_auto_\d+$/);
  });

  it('leaves scripts and texts without parameters unnamed', async () => {
    const script =
      'create temporary table tb_script_probe (n int); insert into tb_script_probe values (1); select count(*)::int as n from tb_script_probe';
    for (let i = 0; i < 3; i++) {
      const results = (await pool.query(script)) as unknown as pg.QueryResult[];
      expect(results.at(-1)?.rows[0].n).toBe(1);
      await pool.query('drop table tb_script_probe');
    }
    expect((await prepared()).some((p) => p.statement.includes('tb_script_probe'))).toBe(false);
  });

  it('keeps a named statement of a failed run usable after the rollback', async () => {
    const text = 'select 10 / $1::int as n';
    await pool.query(text, [5]);
    await pool.query(text, [2]);
    const client = await pool.connect();
    try {
      await client.query('begin');
      await expect(client.query(text, [0])).rejects.toThrow(/division by zero/);
      await client.query('rollback');
      expect((await client.query(text, [10])).rows[0].n).toBe(1);
    } finally {
      client.release();
    }
  });
});

describe('which texts get a name', () => {
  it('never names a text without parameters, a one-off, or a very long text', () => {
    expect(statementName('select 1', false)).toBeUndefined();
    expect(statementName('select 1', false)).toBeUndefined();
    const once = `select $1::text as once_${Date.now()}`;
    expect(statementName(once, true)).toBeUndefined();
    const long = `select $1::text as ${'x'.repeat(20_000)}`;
    expect(statementName(long, true)).toBeUndefined();
    expect(statementName(long, true)).toBeUndefined();
  });

  it('gives one name to one text, for good', () => {
    const text = `select $1::text as stable_${Date.now()}`;
    statementName(text, true);
    const name = statementName(text, true);
    expect(name).toMatch(/^tb_auto_\d+$/);
    expect(statementName(text, true)).toBe(name);
    expect(statementName(`${text} `, true)).toBeUndefined();
  });
});
