import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSRF_HEADER } from '@trialbase/domain';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuildOptions, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/platform/config';

export const ADMIN_EMAIL = 'admin@example.org';
export const ADMIN_PASSWORD = 'Correct-Horse-Battery-9';

export const engine = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

function adminUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

/** A fresh, empty database for one test app: a new PostgreSQL database, or a PGlite directory. */
export type TestDatabase = { config: Pick<Config, 'databaseUrl' | 'dataDir'>; drop(): Promise<void> };

export async function createTestDatabase(options: { persistent?: boolean } = {}): Promise<TestDatabase> {
  if (engine === 'postgres') {
    const name = `tb_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl());
    url.pathname = `/${name}`;
    return {
      config: { databaseUrl: url.toString(), dataDir: 'unused' },
      drop: async () => {
        const client = new pg.Client({ connectionString: adminUrl() });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  }
  if (!options.persistent)
    return { config: { databaseUrl: null, dataDir: 'memory://' }, drop: async () => {} };
  const dir = mkdtempSync(path.join(tmpdir(), 'tb-pglite-'));
  return {
    config: { databaseUrl: null, dataDir: dir },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test' }),
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
    jobs: false,
    webDist: null,
    ...overrides,
  };
}

export type TestApp = { app: FastifyInstance; database: TestDatabase; close(): Promise<void> };

/** Builds the real server on a fresh database (PGlite or PostgreSQL per TEST_DB). */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp(testConfig({ ...database.config, ...overrides }), options);
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

export type LoggedIn = { cookie: string; csrf: string; headers: Record<string, string> };

/** Logs in through the API and returns what a browser would then send. */
export async function loginAs(
  app: FastifyInstance,
  email = ADMIN_EMAIL,
  password = ADMIN_PASSWORD,
): Promise<LoggedIn> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'tb_session');
  if (!cookie) throw new Error('no session cookie');
  const csrf = res.json<{ csrfToken: string }>().csrfToken;
  return {
    cookie: `tb_session=${cookie.value}`,
    csrf,
    headers: { cookie: `tb_session=${cookie.value}`, [CSRF_HEADER]: csrf },
  };
}
