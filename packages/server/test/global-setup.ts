import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, PGLITE_EXTENSIONS, resolveMigrationsDir } from '../src/platform/db/client';

// Once per test run and engine (issue 15 item 1): migrate one template, and every test app
// starts from a copy of it (test/harness.ts) instead of an empty database it must migrate.
// PostgreSQL: a template database cloned with CREATE DATABASE … TEMPLATE. PGlite: a tarball of
// a migrated data directory (dumpDataDir), loaded into each in-memory database (loadDataDir).
// Built per run, so a new migration is always in it; buildApp still runs the migrator (a no-op
// on the copy) and creates the first admin, so each app keeps what it needs.

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PostgreSQL template database's name ('' when the run has none). */
    postgresTemplate: string;
    /** The file holding the migrated PGlite data directory tarball ('' when the run has none). */
    pgliteTemplate: string;
  }
}

function adminUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function postgresTemplate(): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `tb_tpl_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  // CREATE DATABASE … TEMPLATE refuses while any session is connected to the template: nothing
  // may connect to it from now on (the copies are made from sessions on the admin database).
  await adminQuery(`alter database ${name} with is_template true allow_connections false`);
  return {
    name,
    drop: async () => {
      await adminQuery(`alter database ${name} with is_template false`);
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

async function pgliteTemplate(): Promise<{ file: string; drop(): Promise<void> }> {
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  await client.waitReady;
  try {
    await migrate(drizzle(client), { migrationsFolder: resolveMigrationsDir() });
    const tarball = await client.dumpDataDir('none');
    const file = path.join(tmpdir(), `tb-pglite-template-${randomBytes(6).toString('hex')}.tar`);
    writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
    return { file, drop: async () => rmSync(file, { force: true }) };
  } finally {
    await client.close();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const engine = project.config.env?.TEST_DB ?? project.name;
  const started = Date.now();
  const template = engine === 'postgres' ? await postgresTemplate() : await pgliteTemplate();
  project.provide('postgresTemplate', 'name' in template ? template.name : '');
  project.provide('pgliteTemplate', 'file' in template ? template.file : '');
  console.log(`[${engine}] migrated test template ready in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  return () => template.drop();
}
