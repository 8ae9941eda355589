// @module-tag concurrency
import type { DataEventInput } from '@trialbase/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, engine, loginAs, testConfig } from '../../../../test/harness';
import { buildApp } from '../../../app';
import { addSubject, buildScheduledStudy, outboxOf, runDue } from './schedule-test-kit';

// Issue 6 "must show": a rerun, a second server and a crash mid-run never send twice and lose nothing.

const T0 = new Date('2026-10-20T07:00:00Z');
const DUE = new Date('2026-10-21T07:00:00Z');
const dayLater = (prefix: string): DataEventInput[] => [
  {
    id: `${prefix}-a`,
    type: 'TYPE_PATIENT',
    referenceDate: 'REGISTRATION',
    offsetDays: 1,
    sendAs: 'SEND_AS_EMAIL',
    emailText: { en: 'Day 1: {link}' },
  },
];

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function openApp(config: ReturnType<typeof testConfig>, clock: () => Date): Promise<FastifyInstance> {
  const app = await buildApp(config, { clock });
  return app;
}

/** A study with `n` subjects enrolled at T0 whose first link is due a day later. */
async function enrolSubjects(app: FastifyInstance, n: number) {
  const { study, site, process, subject } = await buildScheduledStudy(app, {
    dataEvents: dayLater,
    attributes: { email: 'first@example.org', language: 'en' },
  });
  const admin = await loginAs(app);
  const subjects = [subject];
  for (let i = 1; i < n; i += 1)
    subjects.push(await addSubject(app, study.id, site.id, { email: `s${i}@example.org` }));
  const res = await app.inject({
    method: 'POST',
    url: `/api/studies/${study.id}/enrollments`,
    headers: admin.headers,
    payload: subjects.map((s) => ({ subjectId: s.id, siteId: site.id, processId: process.id })),
  });
  expect(res.statusCode, res.body).toBe(201);
  expect(await outboxOf(app, study.id)).toEqual([]);
  return {
    study,
    recipients: ['first@example.org', ...subjects.slice(1).map((_, i) => `s${i + 1}@example.org`)],
  };
}

function expectOncePerRecipient(outbox: { to: string }[], recipients: string[]) {
  expect(outbox.map((m) => m.to).sort()).toEqual([...recipients].sort());
}

describe(`schedule job on ${engine}: idempotent, concurrent, restartable`, () => {
  it('sends each due link once when run twice, and twice in parallel', async () => {
    const db = await createTestDatabase();
    const config = testConfig(db.config);
    const app = await openApp(config, () => T0);
    cleanups.push(async () => {
      await app.close();
      await db.drop();
    });
    const { study, recipients } = await enrolSubjects(app, 4);

    if (engine === 'postgres') {
      // A second server process on the same database: its own pool, its own transactions.
      const other = await openApp(config, () => T0);
      cleanups.push(() => other.close());
      const [a, b] = await Promise.all([runDue(app, DUE), runDue(other, DUE)]);
      expect(a.activated + b.activated).toBe(4);
      expect(a.messages + b.messages).toBe(4);
    } else {
      // PGlite is one process with one connection: the two runs can only take turns.
      const [a, b] = [await runDue(app, DUE), await runDue(app, DUE)];
      expect([a.messages, b.messages]).toEqual([4, 0]);
    }
    expect((await runDue(app, DUE)).messages).toBe(0);
    expectOncePerRecipient(await outboxOf(app, study.id), recipients);
  });

  it('loses nothing and repeats nothing when a run crashes and a new server takes over', async () => {
    const db = await createTestDatabase({ persistent: true });
    const config = testConfig(db.config);
    const first = await openApp(config, () => T0);
    const { study, recipients } = await enrolSubjects(first, 3);

    // Crash 1: a failure inside the second enrollment's transaction rolls back only that one.
    let calls = 0;
    await expect(
      runDue(first, DUE, {
        beforeCommit: () => {
          calls += 1;
          if (calls === 2) throw new Error('power cut inside the transaction');
        },
      }),
    ).rejects.toThrow('power cut');
    expect(await outboxOf(first, study.id)).toHaveLength(1);

    // Crash 2: the process dies right after a commit; the server is then shut down.
    await expect(
      runDue(first, DUE, {
        afterCommit: () => {
          throw new Error('killed after commit');
        },
      }),
    ).rejects.toThrow('killed');
    expect(await outboxOf(first, study.id)).toHaveLength(2);
    await first.close();

    // A new server on the same database finishes the work, once.
    const second = await openApp(config, () => DUE);
    cleanups.push(async () => {
      await second.close();
      await db.drop();
    });
    const resumed = await runDue(second, DUE);
    expect(resumed).toMatchObject({ activated: 1, messages: 1 });
    expect((await runDue(second, DUE)).messages).toBe(0);
    expectOncePerRecipient(await outboxOf(second, study.id), recipients);
    const ledger = await second.database.query<{ n: number }>(
      `select count(*)::int as n from token_notification where study_id = $1 and kind = 'ACTIVATION'`,
      [study.id],
    );
    expect(ledger.rows[0]?.n).toBe(3);
  });

  it('runs through pg-boss after a restart: due work is picked up by the job, not by the test', async () => {
    const db = await createTestDatabase({ persistent: true });
    const config = testConfig(db.config);
    const first = await openApp(config, () => T0);
    const { study, recipients } = await enrolSubjects(first, 2);
    await first.close();

    const second = await openApp({ ...config, jobs: true }, () => DUE);
    cleanups.push(async () => {
      await second.close();
      await db.drop();
    });
    await second.ready();
    const deadline = Date.now() + 20_000;
    let outbox = await outboxOf(second, study.id);
    while (outbox.length < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      outbox = await outboxOf(second, study.id);
    }
    expectOncePerRecipient(outbox, recipients);
  }, 30_000);
});
