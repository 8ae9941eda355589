// @module-tag engine
/**
 * Chain-head publication (issue 17 item 5): the daily job appends the head of every audit chain to
 * the audit log file and mails them (real SMTP); `audit:verify --heads` / `--head` then finds the
 * newest events cut from a chain by a database owner (triggers disabled, recorded head moved back
 * with them), which the recorded head alone cannot show.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestDatabase,
  engine,
  loginAs,
  type TestDatabase,
  testConfig,
} from '../../../test/harness';
import { startSmtp, waitFor } from '../../../test/smtp';
import { buildApp } from '../../app';
import { SYSTEM_CHAIN } from './chain';
import { AUDIT_HEAD_QUEUE, formatHead, publishAuditHeads, readPublishedHeads } from './heads';
import { readAuditChainHeads } from './sequencer';

const cli = path.resolve(import.meta.dirname, '../../cli/audit-verify.ts');
let dir = '';

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'tb-audit-heads-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe(`daily audit chain heads on ${engine}`, () => {
  it('the scheduled job appends every chain head to the audit log file and mails them', async () => {
    const smtp = await startSmtp();
    const logFile = path.join(dir, 'job', 'audit.log');
    const t = await createTestApp({
      jobs: true,
      smtpUrl: smtp.url,
      auditLogFile: logFile,
      auditHeadEmail: 'audit-heads@example.org',
    });
    try {
      await t.app.ready();
      await loginAs(t.app);
      // pg-boss runs the queue every day from its schedule; the test sends the job the cron would.
      const schedule = await t.app.database.query<{ cron: string }>(
        'select cron from pgboss.schedule where name = $1',
        [AUDIT_HEAD_QUEUE],
      );
      expect(schedule.rows).toEqual([{ cron: '5 0 * * *' }]);
      await t.app.jobs?.send(AUDIT_HEAD_QUEUE);
      await waitFor(() => smtp.received.some((m) => m.to.includes('audit-heads@example.org')), 30_000);

      const lines = readFileSync(logFile, 'utf8').trim().split('\n');
      const published = readPublishedHeads(readFileSync(logFile, 'utf8'));
      expect(published.length).toBeGreaterThan(0);
      expect(lines.map((l) => JSON.parse(l).event)).toEqual(lines.map(() => 'AUDIT_CHAIN_HEAD'));
      // Each published head is a real position of its chain, with its hash.
      for (const head of published) {
        const row = await t.app.database.query<{ hash: string }>(
          'select hash from audit_link where chain = $1 and seq = $2',
          [head.chain, head.seq],
        );
        expect(row.rows[0]?.hash).toBe(head.hash);
      }
      const mail = smtp.received.find((m) => m.to.includes('audit-heads@example.org'))?.data ?? '';
      const unfolded = mail.replace(/=\r?\n/g, '');
      expect(unfolded).toContain('audit chain heads');
      for (const head of published) expect(unfolded).toContain(formatHead(head));
    } finally {
      await t.close();
      await smtp.close();
    }
  }, 90_000);
});

function runCli(database: TestDatabase, args: string[]) {
  const env = { ...process.env, LOG_LEVEL: 'silent' } as Record<string, string>;
  if (database.config.databaseUrl) env.DATABASE_URL = database.config.databaseUrl;
  else env.TRIALBASE_DATA_DIR = database.config.dataDir;
  return spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], { env, encoding: 'utf8' });
}

describe(`npm run audit:verify against published heads on ${engine}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ persistent: true });
  }, 120_000);
  afterAll(async () => database?.drop());

  it('finds the newest events deleted by a database owner who moved the recorded head back', async () => {
    const logFile = path.join(dir, 'cut', 'audit.log');
    const app = await buildApp(testConfig(database.config));
    for (let i = 0; i < 3; i++) await loginAs(app);
    const [published] = (await publishAuditHeads(app.database.db, { now: new Date(), logFile, email: null }))
      .filter((h) => h.chain === SYSTEM_CHAIN)
      .map((h) => h);
    expect(published?.seq).toBeGreaterThan(3);
    if (!published) return;
    // As the database owner: delete the two newest events and move the recorded head back to match.
    await app.database.exec(`
      alter table audit_event disable trigger user;
      alter table audit_link disable trigger user;
      alter table audit_chain_head disable trigger user;
      with cut as (delete from audit_link where chain = 'system' and seq > ${published.seq - 2} returning event_id)
        delete from audit_event where id in (select event_id from cut);
      update audit_chain_head set seq = l.seq, hash = l.hash
        from audit_link l where l.chain = 'system' and l.seq = ${published.seq - 2} and audit_chain_head.chain = 'system';
      alter table audit_chain_head enable trigger user;
      alter table audit_link enable trigger user;
      alter table audit_event enable trigger user;`);
    const moved = (await readAuditChainHeads(app.database.db)).find((h) => h.chain === SYSTEM_CHAIN);
    expect(moved?.seq).toBe(published.seq - 2);
    await app.close();

    // The recorded head alone sees an intact chain: that is the gap the published heads close.
    const alone = runCli(database, []);
    expect(alone.stdout).toContain('every chain is intact');
    expect(alone.status).toBe(0);

    const fromFile = runCli(database, ['--heads', logFile]);
    expect(fromFile.status, fromFile.stderr).toBe(1);
    expect(fromFile.stdout).toContain('TAMPERING DETECTED');
    expect(fromFile.stdout).toContain(`system: ${published.seq - 2} events, head ${published.seq - 2}`);
    expect(fromFile.stdout).toContain(`below its published head at ${published.seq}: events were removed`);

    const given = runCli(database, ['--head', formatHead(published)]);
    expect(given.status).toBe(1);
    expect(given.stdout).toContain('TAMPERING DETECTED');
    // A head published before the cut (a lower position still there) verifies.
    const earlier = runCli(database, ['--head', `system:${published.seq - 2}:${moved?.hash ?? ''}`]);
    expect(earlier.stdout).toContain('every chain is intact');
    expect(earlier.status).toBe(0);
  }, 180_000);
});
