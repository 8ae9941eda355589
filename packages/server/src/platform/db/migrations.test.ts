// @module-tag engine
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, engine, type TestDatabase } from '../../../test/harness';
import { verifyAuditChains } from '../audit/audit';
import { GENESIS, hashAuditContent, hashAuditLink } from '../audit/chain';
import { openDatabase, resolveMigrationsDir } from './client';

/**
 * Migrations roll data forward (CONVENTIONS: forward-only). A database migrated up to a given
 * migration gets rows of the shape that code wrote then; the remaining migrations must move them.
 */
type Journal = { entries: { idx: number; tag: string }[] };

/** A copy of the committed migrations that stops before `tag` (the database "as it was" before it). */
function migrationsBefore(tag: string): string {
  const source = resolveMigrationsDir();
  const dir = mkdtempSync(path.join(tmpdir(), 'tb-migrations-'));
  cpSync(source, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as Journal;
  const stop = journal.entries.findIndex((e) => e.tag === tag);
  expect(stop).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, stop) }));
  return dir;
}

async function openWith(database: TestDatabase, migrationsDir: string | null) {
  const before = process.env.TRIALBASE_MIGRATIONS_DIR;
  if (migrationsDir) process.env.TRIALBASE_MIGRATIONS_DIR = migrationsDir;
  else delete process.env.TRIALBASE_MIGRATIONS_DIR;
  try {
    return await openDatabase(database.config);
  } finally {
    if (before === undefined) delete process.env.TRIALBASE_MIGRATIONS_DIR;
    else process.env.TRIALBASE_MIGRATIONS_DIR = before;
  }
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe(`migration 0012_public_submission on ${engine}`, () => {
  it('moves the submit keys kept in questionnaire.details into public_submission (issue 14 item 4)', async () => {
    const database = await createTestDatabase({ persistent: true });
    cleanups.push(() => database.drop());
    const oldDir = migrationsBefore('0012_public_submission');
    cleanups.push(() => rmSync(oldDir, { recursive: true, force: true }));

    const old = await openWith(database, oldDir);
    await old.migrate();
    const result = (id: string) => ({
      questionnaireId: id,
      formId: 'f1',
      formStatus: 'STATUS_COMPLETED',
      isFinal: true,
      status: 'IN_USE',
      isDone: false,
      nextFormId: 'f2',
      currentNumber: 1,
      total: 2,
      firedRules: [],
    });
    const details = {
      imageChartMarkers: [],
      imageChartAnswers: [],
      publicSubmissions: {
        'key-1': { fingerprint: 'fp-1', at: '2026-05-04T08:00:00.000Z', result: result('q1') },
        'key-2': { fingerprint: 'fp-2', at: '2026-05-04T08:05:00.000Z', result: result('q1') },
      },
    };
    await old.query(
      `insert into questionnaire (study_id, id, enrollment_id, site_id, token_id, data_event_id, form_id,
         form_major, form_minor, status, filled_out_by_type, details, created_at, updated_at)
       values ('s1', 'q1', 'e1', 'site1', 't1', 'd1', 'f1', 1, 0, 'STATUS_COMPLETED', 'SUBJECT_TOKEN', $1, now(), now()),
              ('s1', 'q2', 'e1', 'site1', 't1', 'd1', 'f2', 1, 0, 'STATUS_NOT_STARTED', 'USER', '{}', now(), now())`,
      [JSON.stringify(details)],
    );
    await old.close();

    const current = await openWith(database, null);
    cleanups.push(() => current.close());
    await current.migrate();
    const { rows } = await current.query<Record<string, unknown>>(
      `select study_id, token_id, idempotency_key, questionnaire_id, fingerprint, result, created_at
         from public_submission order by idempotency_key`,
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      study_id: 's1',
      token_id: 't1',
      idempotency_key: 'key-1',
      questionnaire_id: 'q1',
      fingerprint: 'fp-1',
      result: result('q1'),
    });
    expect(new Date(String(rows[0]?.created_at)).toISOString()).toBe('2026-05-04T08:00:00.000Z');
    expect(rows[1]).toMatchObject({ idempotency_key: 'key-2', fingerprint: 'fp-2' });
    const sets = await current.query<{ id: string; details: unknown }>(
      'select id, details from questionnaire order by id',
    );
    // The keys left the answer set; its other details stay as they were.
    expect(sets.rows).toEqual([
      { id: 'q1', details: { imageChartMarkers: [], imageChartAnswers: [] } },
      { id: 'q2', details: {} },
    ]);
    // The unique key refuses a second row of the same key of a link.
    await expect(
      current.query(
        `insert into public_submission (study_id, id, token_id, idempotency_key, questionnaire_id, fingerprint, result, created_at)
         values ('s1', 'x', 't1', 'key-1', 'q1', 'fp', '{}', now())`,
      ),
    ).rejects.toThrow();
  });
});

describe(`migration 0046_audit_link on ${engine}`, () => {
  it('moves chained positions into audit_link and queues the events not chained yet (issue 16)', async () => {
    const database = await createTestDatabase({ persistent: true });
    cleanups.push(() => database.drop());
    const oldDir = migrationsBefore('0046_audit_link');
    cleanups.push(() => rmSync(oldDir, { recursive: true, force: true }));

    const old = await openWith(database, oldDir);
    await old.migrate();
    const chain = 'study:s1';
    const occurredAt = '2026-11-01T08:00:00.000Z';
    const event = (id: string, n: number) => ({
      id,
      chain,
      studyId: 's1',
      actorType: 'SYSTEM',
      actorId: null,
      action: 'USER_UPDATED',
      entityType: 'USER',
      entityId: `u${n}`,
      before: null,
      after: { n },
      reason: null,
      occurredAt,
    });
    // Three events as that code wrote them; the sequencer of then chained the first two in place.
    const events = [event('e1', 1), event('e2', 2), event('e3', 3)];
    for (const e of events) {
      await old.query(
        `insert into audit_event (id, chain, study_id, actor_type, actor_id, actor_name, action, entity_type,
           entity_id, before, after, reason, occurred_at, content_hash)
         values ($1, $2, $3, 'SYSTEM', null, 'system', $4, $5, $6, null, $7, null, $8, $9)`,
        [
          e.id,
          chain,
          e.studyId,
          e.action,
          e.entityType,
          e.entityId,
          JSON.stringify(e.after),
          occurredAt,
          hashAuditContent(e),
        ],
      );
    }
    let prevHash = GENESIS;
    const chained: { seq: number; prevHash: string; hash: string }[] = [];
    for (const [i, e] of events.slice(0, 2).entries()) {
      const seq = i + 1;
      const hash = hashAuditLink({ contentHash: hashAuditContent(e), actorName: 'system', seq, prevHash });
      await old.query('update audit_event set seq = $2, prev_hash = $3, hash = $4 where id = $1', [
        e.id,
        seq,
        prevHash,
        hash,
      ]);
      chained.push({ seq, prevHash, hash });
      prevHash = hash;
    }
    await old.query(
      `insert into audit_chain_head (chain, seq, hash, sequenced_at) values ($1, 2, $2, now())`,
      [chain, prevHash],
    );
    await old.close();

    const current = await openWith(database, null);
    cleanups.push(() => current.close());
    await current.migrate();
    const links = await current.query<{
      chain: string;
      seq: string;
      event_id: string;
      prev_hash: string;
      hash: string;
    }>('select chain, seq, event_id, prev_hash, hash from audit_link order by seq');
    expect(links.rows.map((l) => ({ ...l, seq: Number(l.seq) }))).toEqual(
      chained.map((c, i) => ({
        chain,
        seq: c.seq,
        event_id: `e${i + 1}`,
        prev_hash: c.prevHash,
        hash: c.hash,
      })),
    );
    const queued = await current.query<{ event_id: string }>('select event_id from audit_pending');
    expect(queued.rows).toEqual([{ event_id: 'e3' }]);
    const columns = await current.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'audit_event'`,
    );
    expect(columns.rows.map((c) => c.column_name)).not.toEqual(expect.arrayContaining(['seq']));
    // The sequencer chains the queued one after them, and the whole chain verifies.
    const verified = await verifyAuditChains(current.db);
    expect(verified).toMatchObject({ ok: true, pendingEvents: 0, chains: [{ events: 3, head: { seq: 3 } }] });
    await expect(current.query(`update audit_event set reason = 'x' where id = 'e1'`)).rejects.toThrow(
      /append-only/,
    );
  });
});
