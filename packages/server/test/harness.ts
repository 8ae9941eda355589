import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSRF_HEADER } from '@trialbase/domain';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildOptions, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/platform/config';

export const ADMIN_EMAIL = 'admin@example.org';
export const ADMIN_PASSWORD = 'Correct-Horse-Battery-9';

export const engine = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

function adminUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

/**
 * A fresh database for one test app, copied from the run's migrated template (test/global-setup.ts):
 * a new PostgreSQL database made with CREATE DATABASE … TEMPLATE, or an in-memory PGlite loaded
 * from the template's data directory snapshot (`buildOptions` carries it to buildApp). A persistent
 * one (a PGlite directory, for restart and migration tests) starts empty on both engines and is
 * migrated by buildApp or the test, as in production.
 */
export type TestDatabase = {
  config: Pick<Config, 'databaseUrl' | 'dataDir'>;
  buildOptions: Pick<BuildOptions, 'pgliteSnapshot'>;
  drop(): Promise<void>;
};

/** The template this run's global setup provided ('' outside it: then each database is migrated on its own). */
function provided(key: 'postgresTemplate' | 'pgliteTemplate'): string {
  if (process.env.TRIALBASE_TEST_NO_TEMPLATE) return ''; // to measure what the template saves
  try {
    return inject(key) ?? '';
  } catch {
    return '';
  }
}

let pgliteSnapshot: Blob | null | undefined;
function loadPgliteSnapshot(): Blob | undefined {
  if (pgliteSnapshot === undefined) {
    const file = provided('pgliteTemplate');
    pgliteSnapshot = file ? new Blob([readFileSync(file)]) : null;
  }
  return pgliteSnapshot ?? undefined;
}

export async function createTestDatabase(options: { persistent?: boolean } = {}): Promise<TestDatabase> {
  if (engine === 'postgres') {
    const name = `tb_test_${randomBytes(6).toString('hex')}`;
    // A persistent database starts empty on both engines (migration and restart tests need that).
    const template = options.persistent ? '' : provided('postgresTemplate');
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    try {
      await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
    } finally {
      await admin.end();
    }
    const url = new URL(adminUrl());
    url.pathname = `/${name}`;
    return {
      config: { databaseUrl: url.toString(), dataDir: 'unused' },
      buildOptions: {},
      drop: async () => {
        const client = new pg.Client({ connectionString: adminUrl() });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  }
  if (!options.persistent)
    return {
      config: { databaseUrl: null, dataDir: 'memory://' },
      buildOptions: { pgliteSnapshot: loadPgliteSnapshot() },
      drop: async () => {},
    };
  const dir = mkdtempSync(path.join(tmpdir(), 'tb-pglite-'));
  return {
    config: { databaseUrl: null, dataDir: dir },
    buildOptions: {},
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

/** Builds the real server on a fresh copy of the migrated template (PGlite or PostgreSQL per TEST_DB). */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp(testConfig({ ...database.config, ...overrides }), {
    ...database.buildOptions,
    ...options,
  });
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
