// @module-tag engine
/**
 * Issue 16 item 3: jobs that collapse. Every write kicks the outbox and schedule sweeps; a burst of
 * kicks must leave at most one waiting job per queue (in process: one send per burst; in the
 * database: pg-boss's `short` policy), and every message queued during the burst is still sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, engine, type TestDatabase, testConfig } from '../../../test/harness';
import { startSmtp, waitFor } from '../../../test/smtp';
import { buildApp } from '../../app';
import { kickJobs } from '../../modules/enrollments/tokens/route-helpers';
import { SCHEDULE_QUEUE } from '../../modules/enrollments/tokens/service/run-due-schedule';
import { OUTBOX_QUEUE, queueMessage } from '../outbox/outbox';
import { runUseCase, SYSTEM_ACTOR } from '../use-case';
import { KICK_DELAY_MS } from './boss';

type App = Awaited<ReturnType<typeof buildApp>>;

/** Jobs of the kick queues waiting to start (pg-boss state `created`), per queue. */
async function waitingJobs(app: App): Promise<Record<string, number>> {
  const { rows } = await app.database.query<{ name: string; n: number }>(
    `select name, count(*)::int as n from pgboss.job where state = 'created' and name = any($1) group by name`,
    [[OUTBOX_QUEUE, SCHEDULE_QUEUE]],
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.n]));
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A server on a fresh copy of the migrated template, with or without job workers. */
async function startApp(options: {
  jobs: boolean;
  smtpUrl: string | null;
}): Promise<App & { drop(): Promise<void> }> {
  const database: TestDatabase = await createTestDatabase();
  const app = await buildApp(testConfig({ ...database.config, ...options }), database.buildOptions);
  await app.ready();
  return Object.assign(app, {
    drop: async () => {
      await app.close();
      await database.drop();
    },
  });
}

describe(`coalescing job kicks on ${engine}`, () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('a burst of kicks and sends leaves at most one waiting job per queue', async () => {
    // No workers: whatever is queued stays visible.
    const app = await startApp({ jobs: false, smtpUrl: null });
    try {
      const deps = { jobs: () => app.jobs };
      for (let i = 0; i < 200; i += 1) await kickJobs(deps);
      await pause(KICK_DELAY_MS * 4);
      expect(await waitingJobs(app)).toEqual({ [OUTBOX_QUEUE]: 1, [SCHEDULE_QUEUE]: 1 });
      // Sends straight to the queue (no in-process coalescing) are refused by the database.
      await Promise.all(Array.from({ length: 50 }, () => app.jobs?.send(OUTBOX_QUEUE)));
      for (let i = 0; i < 50; i += 1) await app.jobs?.send(SCHEDULE_QUEUE);
      expect(await waitingJobs(app)).toEqual({ [OUTBOX_QUEUE]: 1, [SCHEDULE_QUEUE]: 1 });
    } finally {
      await app.drop();
    }
  }, 120_000);

  it('every message queued during a burst of writes is sent, and the queue never grows', async () => {
    const app = await startApp({ jobs: true, smtpUrl: smtp.url });
    try {
      const deps = { jobs: () => app.jobs };
      const recipients: string[] = [];
      let mostWaiting = 0;
      // Forty writes in bursts of eight, each kicking after its commit as the routes do.
      for (let burst = 0; burst < 5; burst += 1) {
        await Promise.all(
          Array.from({ length: 8 }, async (_, i) => {
            const to = `kick-${engine}-${burst}-${i}@example.org`;
            recipients.push(to);
            await runUseCase(app.database.db, SYSTEM_ACTOR, (ctx) =>
              queueMessage(ctx, { channel: 'EMAIL', to, subject: 'Kick', body: 'Sent once.' }),
            );
            await kickJobs(deps);
          }),
        );
        const waiting = await waitingJobs(app);
        mostWaiting = Math.max(mostWaiting, ...Object.values(waiting));
      }
      const delivered = () => smtp.received.flatMap((m) => m.to);
      await waitFor(() => recipients.every((r) => delivered().includes(r)), 30_000, 100);
      expect(mostWaiting).toBeLessThanOrEqual(1);
      for (const r of recipients) expect(delivered().filter((x) => x === r)).toHaveLength(1);
      // The worker marks a message sent once the SMTP server has accepted it, so the last rows may
      // still be flipping when the last mail arrives: wait for that, then nothing may stay pending.
      const pending = async () =>
        (
          await app.database.query<{ n: number }>(
            `select count(*)::int as n from outbox_message where status = 'PENDING'`,
          )
        ).rows[0]?.n;
      await waitFor(async () => (await pending()) === 0, 30_000, 100);
      expect(await pending()).toBe(0);
    } finally {
      await app.drop();
    }
  }, 120_000);
});
