// @module-tag engine
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, engine, loginAs, type TestDatabase, testConfig } from '../../test/harness';
import { buildApp } from '../app';

const cli = path.resolve(import.meta.dirname, 'audit-verify.ts');

function runCli(database: TestDatabase) {
  const env = { ...process.env, LOG_LEVEL: 'silent' } as Record<string, string>;
  if (database.config.databaseUrl) env.DATABASE_URL = database.config.databaseUrl;
  else env.TRIALBASE_DATA_DIR = database.config.dataDir;
  return spawnSync(process.execPath, ['--import', 'tsx', cli], { env, encoding: 'utf8' });
}

describe(`npm run audit:verify on ${engine}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ persistent: true });
    const app = await buildApp(testConfig(database.config));
    await loginAs(app);
    await app.close();
    // A persistent database migrated from empty: a PGlite directory is slow to open on a busy machine.
  }, 120_000);
  afterAll(async () => database?.drop());

  it('reports intact chains and exits 0, then detects tampering and exits 1', async () => {
    const ok = runCli(database);
    expect(ok.stdout).toContain('every chain is intact');
    expect(ok.status).toBe(0);

    const app = await buildApp(testConfig(database.config));
    await app.database.exec(`
      alter table audit_event disable trigger user;
      update audit_event set actor_id = 'someone-else'
        where id = (select event_id from audit_link where seq = 1 and chain = 'system');
      alter table audit_event enable trigger user;`);
    await app.close();

    const broken = runCli(database);
    expect(broken.stdout).toContain('TAMPERING DETECTED');
    expect(broken.status).toBe(1);
    expect(broken.stdout).toMatch(
      /system: \d+ events, head \d+ [0-9a-f]{12}, BROKEN at event [0-9a-f]{24}: position 1 was changed/,
    );
  }, 120_000);
});
