// Throwaway PostgreSQL databases for the write bench: one for the server, one for pgbench, made
// on the server BENCH_DATABASE_URL names (default the local test server) and dropped afterwards.
import pg from 'pg';
import {
  createThrowawayDatabase as createOn,
  type ThrowawayDatabase,
} from '../../packages/e2e/support/postgres';

export const ADMIN_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type { ThrowawayDatabase };

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export function createThrowawayDatabase(prefix: string): Promise<ThrowawayDatabase> {
  return createOn(ADMIN_DATABASE_URL, prefix);
}

/**
 * The server's version and the settings that shape a write benchmark, printed beside the figures.
 * Autovacuum among them: with it off, the dead rows of the app's updates (links, enrolments, the
 * audit sequencer's positions) stay within a window; each window starts after a VACUUM either way.
 */
export async function describeServer(): Promise<string> {
  return admin(async (c) => {
    // current_setting gives each value with its unit (shared_buffers=128MB); pg_settings' setting and
    // unit side by side read as 16384 and 8kB, which were printed as "163848kB".
    const { rows } = await c.query<{ name: string; setting: string }>(
      `select name, current_setting(name) as setting from pg_settings
       where name in ('server_version', 'max_connections', 'shared_buffers', 'synchronous_commit', 'fsync',
         'autovacuum')
       order by name`,
    );
    return rows.map((r) => `${r.name}=${r.setting}`).join(' ');
  });
}

/**
 * Writes every dirty page out now (CHECKPOINT, superuser or pg_checkpoint), before each measured
 * window of the write bench: a checkpoint that the previous run's WAL started would otherwise spread
 * its writes and the full-page images after it over whichever run comes next (one day's runs gave
 * pgbench 2,000-3,200 tps, some meeting a checkpoint the WAL started; 2,566-2,590 with these
 * CHECKPOINTs). Each window then starts from the same state, and the timed checkpoint (every 5
 * minutes) is not due within it. Without the right, the windows run as they come and the bench
 * says so once.
 */
let checkpointRefused = false;
export async function checkpoint(): Promise<void> {
  if (checkpointRefused) return;
  try {
    await admin((c) => c.query('checkpoint'));
  } catch (error) {
    checkpointRefused = true;
    console.log(`no CHECKPOINT before the windows (${(error as Error).message})`);
  }
}

/**
 * VACUUM (ANALYZE) of a database before a window of the write bench, as pgbench vacuums its own
 * tables before each run (its default, without -n), so neither side's window takes on vacuum work
 * that the set-up or the window before it left. The enrolment before a round inserts thousands of
 * links and their audit events, and settle() waits for autovacuum only once it has started. Without
 * this, a round after a 73-s enrolment ran at 99 flows/s where the warm-up just before it ran at
 * 132. With it, a round after a 34-s enrolment ran at 122 against the warm-up's 109 (same machine,
 * same day). A table owned by another role is skipped with a warning, as VACUUM does.
 */
export async function vacuum(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('vacuum (analyze)');
  } finally {
    await client.end();
  }
}

/**
 * Waits until the database is quiet before a window (at most `limitMs`): no autovacuum worker at
 * work on the server; in the app's database, no job of the server's queues waiting or running and no
 * audit event waiting for the sequencer. The enrolments before a window queue jobs and mass inserts
 * start autovacuums: a window that met them gave 91 flows/s where the next round gave 131. Both
 * sides' windows start from the same state.
 */
export async function settle(appDatabaseUrl: string, limitMs = 120_000): Promise<void> {
  const started = performance.now();
  const app = new pg.Client({ connectionString: appDatabaseUrl });
  await app.connect();
  try {
    await admin(async (c) => {
      for (;;) {
        const vacuums = await c.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where backend_type = 'autovacuum worker'
             and state <> 'idle'`,
        );
        // pg-boss's queue (created by the server at start): jobs not yet done; and audit events the
        // sequencer has not chained yet (it runs after commit, outside any window's requests).
        const left = await app.query<{ n: number }>(
          `select (select count(*) from pgboss.job where state in ('created', 'retry', 'active')
                     and start_after <= now())::int
                + (select count(*) from audit_pending)::int as n`,
        );
        const busy = (vacuums.rows[0]?.n ?? 0) + (left.rows[0]?.n ?? 0);
        if (busy === 0) return;
        if (performance.now() - started > limitMs) {
          console.log(
            `  not quiet after ${Math.round(limitMs / 1000)} s (${busy} autovacuums, jobs and unchained audit events); going on`,
          );
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    });
  } finally {
    await app.end();
  }
}
