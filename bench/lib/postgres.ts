// Throwaway PostgreSQL databases for the write bench: one for the server, one for pgbench, made
// on the server BENCH_DATABASE_URL names (default the local test server) and dropped afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const ADMIN_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type ThrowawayDatabase = { name: string; url: string; drop(): Promise<void> };

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function createThrowawayDatabase(prefix: string): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await admin((c) => c.query(`create database ${name}`));
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => admin((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

/** The server's version and the settings that shape a write benchmark, printed beside the figures. */
export async function describeServer(): Promise<string> {
  return admin(async (c) => {
    const { rows } = await c.query<{ name: string; setting: string; unit: string | null }>(
      `select name, setting, unit from pg_settings
       where name in ('server_version', 'max_connections', 'shared_buffers', 'synchronous_commit', 'fsync')`,
    );
    return rows.map((r) => `${r.name}=${r.setting}${r.unit ?? ''}`).join(' ');
  });
}
