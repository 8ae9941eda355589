// Throwaway PostgreSQL databases, made on the server an admin URL names and dropped afterwards:
// the end-to-end tests that run the server on PostgreSQL, the write benches (bench/lib/postgres.ts) and the subject list bench.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type ThrowawayDatabase = { name: string; url: string; drop(): Promise<void> };

async function run(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function createThrowawayDatabase(adminUrl: string, prefix: string): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await run(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => run(adminUrl, `drop database if exists ${name} with (force)`),
  };
}
