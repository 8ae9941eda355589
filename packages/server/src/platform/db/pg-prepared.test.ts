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

/** The app's pool client on one connection, so every statement meets the same connection's statement cache. */
function onePool(database: TestDatabase): pg.Pool {
  return new pg.Pool({
    connectionString: database.config.databaseUrl ?? '',
    max: 1,
    Client: AutoPreparingClient,
  });
}

describe.skipIf(engine !== 'postgres')('named statements on PostgreSQL', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  beforeAll(async () => {
    database = await createTestDatabase({ persistent: true });
    pool = onePool(database);
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

  it('gives rows as arrays (Drizzle’s way) exactly as pg does, with the types’ parsers applied', async () => {
    const text = `select $1::int as n, 'a' as id, null::text as id, '{"k":[1,2]}'::jsonb as doc, true as ok,
      '2026-05-04T08:00:00Z'::timestamptz as at, x.v as v from (values (1), (2)) as x(v)`;
    const types = {
      getTypeParser: (oid: number, format?: string) =>
        oid === 1184 ? (value: string) => `ts:${value}` : pg.types.getTypeParser(oid, format as 'text'),
    } as pg.CustomTypesConfig;
    const plain = new pg.Client({ connectionString: database.config.databaseUrl ?? '' });
    await plain.connect();
    try {
      const expected = await plain.query({ text, values: [7], rowMode: 'array', types });
      for (let run = 0; run < 3; run++) {
        const client = await pool.connect();
        try {
          const got = await client.query({ text, values: [7], rowMode: 'array', types });
          expect(got.rows).toEqual(expected.rows);
          expect(got.fields.map((f) => f.name)).toEqual(expected.fields.map((f) => f.name));
        } finally {
          client.release();
        }
        // pool.query takes the callback path of the client.
        const viaPool = await pool.query({ text, values: [7], rowMode: 'array', types });
        expect(viaPool.rows).toEqual(expected.rows);
      }
      expect(expected.rows[0]).toEqual([7, 'a', null, { k: [1, 2] }, true, 'ts:2026-05-04 08:00:00+00', 1]);
    } finally {
      await plain.end();
    }
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

describe.skipIf(engine !== 'postgres')('a transaction’s BEGIN with its first statement', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  /** How many times the client wrote to PostgreSQL's socket: one per round trip. */
  let writes = 0;
  beforeAll(async () => {
    database = await createTestDatabase({ persistent: true });
    pool = onePool(database);
    pool.on('acquire', (client) => (client as unknown as AutoPreparingClient).resetHeldBegin());
    pool.on('connect', (client) => {
      const stream = (client as unknown as { connection: { stream: NodeJS.WritableStream } }).connection
        .stream;
      const write = stream.write.bind(stream);
      const writev = (stream as unknown as { _writev?: (...a: unknown[]) => void })._writev;
      stream.write = ((...args: Parameters<typeof write>) => {
        if (!(stream as unknown as { writableCorked: number }).writableCorked) writes++;
        return write(...args);
      }) as typeof write;
      if (writev) {
        (stream as unknown as { _writev: (...a: unknown[]) => void })._writev = function (...a: unknown[]) {
          writes++;
          return writev.apply(this, a);
        };
      }
    });
    await pool.query('create table tb_begin_probe (n int primary key)');
  }, 60_000);
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  const inTransaction = async (run: (client: pg.PoolClient) => Promise<void>, end = 'commit') => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await run(client);
      await client.query(end);
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  };
  const count = async () => (await pool.query('select count(*)::int as n from tb_begin_probe')).rows[0].n;

  it('commits what the transaction wrote, in one round trip fewer', async () => {
    await pool.query('delete from tb_begin_probe');
    writes = 0;
    await inTransaction(async (client) => {
      await client.query('insert into tb_begin_probe values ($1)', [1]);
      // Inside a transaction block: the first statement ran after BEGIN, so this is the same transaction.
      const { rows } = await client.query<{ n: string }>(
        "select count(*)::int as n, current_setting('transaction_isolation') as level, now() = statement_timestamp() as first from tb_begin_probe",
      );
      expect(rows[0]).toMatchObject({ n: 1, first: false });
      await client.query('insert into tb_begin_probe values ($1)', [2]);
    });
    // The two inserts, the read and COMMIT: BEGIN went out with the first insert.
    expect(writes).toBe(4);
    expect(await count()).toBe(2);
  });

  it('rolls back a transaction whose statements all ran, and one whose first statement failed', async () => {
    await pool.query('delete from tb_begin_probe');
    await inTransaction(async (client) => {
      await client.query('insert into tb_begin_probe values ($1)', [1]);
    }, 'rollback');
    expect(await count()).toBe(0);
    await pool.query('insert into tb_begin_probe values ($1)', [5]);
    await expect(
      inTransaction(async (client) => {
        await client.query('insert into tb_begin_probe values ($1)', [5]);
      }),
    ).rejects.toThrow(/duplicate key/);
    // The failed statement left its transaction open and aborted until the rollback, as without the pipelining.
    const client = await pool.connect();
    try {
      expect((await client.query('select 1 as one')).rows[0].one).toBe(1);
    } finally {
      client.release();
    }
    expect(await count()).toBe(1);
  });

  it('answers an empty transaction without sending anything, and a script after BEGIN still runs in it', async () => {
    writes = 0;
    await inTransaction(async () => {});
    expect(writes).toBe(0);
    await pool.query('delete from tb_begin_probe');
    await inTransaction(async (client) => {
      await client.query('insert into tb_begin_probe values (7); insert into tb_begin_probe values (8)');
      await client.query('select 1 / 0');
    }).catch(() => {});
    expect(await count()).toBe(0);
  });

  it('commits with the statement marked last: one write for a transaction of one statement', async () => {
    await pool.query('delete from tb_begin_probe');
    writes = 0;
    await inTransaction(async (client) => {
      (client as unknown as AutoPreparingClient).commitWithNextStatement();
      const { rows } = await client.query<{ n: number }>(
        'insert into tb_begin_probe values ($1) returning n',
        [3],
      );
      expect(rows).toEqual([{ n: 3 }]);
    });
    expect(writes).toBe(1);
    writes = 0;
    await inTransaction(async (client) => {
      await client.query('insert into tb_begin_probe values ($1)', [4]);
      (client as unknown as AutoPreparingClient).commitWithNextStatement();
      await client.query('insert into tb_begin_probe values ($1)', [5]);
    });
    expect(writes).toBe(2);
    expect(await count()).toBe(3);
  });

  it('keeps nothing when the statement marked last fails, and refuses a statement after the commit', async () => {
    await pool.query('delete from tb_begin_probe');
    await expect(
      inTransaction(async (client) => {
        await client.query('insert into tb_begin_probe values ($1)', [1]);
        (client as unknown as AutoPreparingClient).commitWithNextStatement();
        await client.query('insert into tb_begin_probe values ($1)', [1]);
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await count()).toBe(0);
    await expect(
      inTransaction(async (client) => {
        (client as unknown as AutoPreparingClient).commitWithNextStatement();
        await client.query('insert into tb_begin_probe values ($1)', [2]);
        await client.query('insert into tb_begin_probe values ($1)', [3]);
      }),
    ).rejects.toThrow(/after its transaction had committed/);
    // What ran before the commit is kept: the mark is for a statement nothing follows.
    expect((await pool.query('select n from tb_begin_probe order by n')).rows).toEqual([{ n: 2 }]);
  });

  it('commits as usual when no statement follows the mark', async () => {
    await pool.query('delete from tb_begin_probe');
    await inTransaction(async (client) => {
      await client.query('insert into tb_begin_probe values ($1)', [6]);
      (client as unknown as AutoPreparingClient).commitWithNextStatement();
    });
    await inTransaction(async (client) => {
      (client as unknown as AutoPreparingClient).commitWithNextStatement();
    });
    expect(await count()).toBe(1);
  });

  it('keeps every statement’s rows, named or not, parsed before or not, after a BEGIN', async () => {
    const text = `select $1::int * 2 as n, 'tb-begin-named' as tag`;
    for (let i = 1; i <= 6; i++) {
      await inTransaction(async (client) => {
        if (i % 2 === 0) (client as unknown as AutoPreparingClient).commitWithNextStatement();
        const { rows } = await client.query(text, [i]);
        expect(rows).toEqual([{ n: i * 2, tag: 'tb-begin-named' }]);
      });
    }
    const { rows } = await pool.query<{ name: string }>(
      'select name from pg_prepared_statements where statement = $1',
      [text],
    );
    expect(rows).toHaveLength(1);
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
