import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { AutoPreparingClient } from './pg-prepared';
import { PreparedStatements } from './pglite-prepared';

/**
 * Drizzle without the relational query API (`db.query.<table>`), which nothing uses: given the
 * schema, Drizzle builds a query builder for every table with each transaction (issue 16: 2 % of
 * the server's CPU opening a participant link).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle; repo functions accept either this or the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

/** The open database: Drizzle on top, a raw query function for pg-boss and reports. */
export type Database = {
  engine: 'pglite' | 'postgres';
  db: Db;
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: Row[] }>;
  /** Runs a script of several statements without parameters; gives the last statement's rows. */
  exec(text: string): Promise<{ rows: Record<string, unknown>[] }>;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

/** Extensions the migrations create (subject search, 0014): PGlite loads their code with the database. */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

/** Finds the committed SQL migrations, beside the source in development and beside the bundle in production. */
export function resolveMigrationsDir(): string {
  if (process.env.TRIALBASE_MIGRATIONS_DIR) return process.env.TRIALBASE_MIGRATIONS_DIR;
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, 'drizzle'), path.resolve(here, '../../../drizzle')];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`SQL migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite database in `dataDir` (DESIGN.md database). */
export async function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string;
  /** An in-memory PGlite starts from this data directory snapshot (`dumpDataDir`): tests copy a migrated template. */
  loadDataDir?: Blob;
}): Promise<Database> {
  const migrationsFolder = resolveMigrationsDir();
  if (options.databaseUrl) {
    // Statements that repeat run named, parsed and planned once per connection, and a transaction's
    // BEGIN goes out with its first statement (pg-prepared.ts).
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, Client: AutoPreparingClient });
    // A client comes back with nothing held for its last transaction (a transaction ends with
    // commit or rollback, which clears it); should a flag remain, nothing was sent for it.
    pool.on('acquire', (client) => (client as unknown as AutoPreparingClient).resetHeldBegin());
    pool.on('error', () => {
      // Idle client errors (server restart) surface on the next query; keep the process alive.
    });
    const db = drizzleNodePg(pool) as unknown as Db;
    return {
      engine: 'postgres',
      db,
      query: async (text, params) => {
        const result = await pool.query(text, params as unknown[]);
        return { rows: result.rows };
      },
      exec: async (text) => {
        const result = (await pool.query(text)) as pg.QueryResult | pg.QueryResult[];
        const last = Array.isArray(result) ? result.at(-1) : result;
        return { rows: last?.rows ?? [] };
      },
      migrate: () => migrateNodePg(db as never, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  const client =
    options.dataDir === 'memory://'
      ? new PGlite({ loadDataDir: options.loadDataDir, extensions: PGLITE_EXTENSIONS })
      : new PGlite(path.resolve(options.dataDir), { extensions: PGLITE_EXTENSIONS });
  await client.waitReady;
  // Statements run as named prepared statements, parsed once (platform/db/pglite-prepared.ts);
  // migrations (run once) go straight to PGlite.
  const prepared = new PreparedStatements(client);
  const db = drizzlePglite(prepared as unknown as PGlite) as unknown as Db;
  return {
    engine: 'pglite',
    db,
    query: async (text, params) => {
      const result = await prepared.query(text, params as unknown[]);
      return { rows: result.rows as never[] };
    },
    exec: async (text) => {
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    migrate: () => migratePglite(drizzlePglite(client) as never, { migrationsFolder }),
    close: () => client.close(),
  };
}

/** True when every committed migration has been applied (used by `/api/ready`). */
export async function migrationsApplied(database: Database): Promise<boolean> {
  const dir = resolveMigrationsDir();
  const journal = JSON.parse(readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  try {
    const result = await database.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    const rows = (result as unknown as { rows: { n: number }[] }).rows;
    return (rows[0]?.n ?? 0) >= journal.entries.length;
  } catch {
    return false;
  }
}

/** Runs `fn` in one transaction: every use case is one transaction with its audit event (DESIGN.md). */
export function withTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(fn);
}

/**
 * Tells the transaction that its next statement is its last: on PostgreSQL, COMMIT goes out with it
 * in the same round trip (pg-prepared.ts), and the `commit` that follows costs none. Call it only
 * where nothing after that statement can fail the transaction; on PGlite, and in a transaction
 * nested in another, it does nothing.
 */
export function commitWithNextStatement(tx: Tx): void {
  // A transaction nested in another (a savepoint) never commits: its end is not the outer one's.
  const nested = (tx as unknown as { nestedIndex?: number }).nestedIndex;
  if (nested !== 0) return;
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  if (client instanceof AutoPreparingClient) client.commitWithNextStatement();
}
