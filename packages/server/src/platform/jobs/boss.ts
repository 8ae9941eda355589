import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

export type JobHandler = (data: Record<string, unknown>) => Promise<void>;

/** The durable job runner (DESIGN.md background work): pg-boss over the application's own database. */
export type Jobs = {
  /** Queues a job; safe to call before start (the job waits in the database). */
  send(queue: string, data?: Record<string, unknown>): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Starts pg-boss on the same database, PostgreSQL or PGlite. Over PGlite it runs through
 * the `db` option: multi-statement scripts (pg-boss's locked migrations) go through `exec`.
 */
export async function startJobs(
  database: Database,
  handlers: Record<string, JobHandler>,
  options: {
    workers: boolean;
    onError: (err: unknown) => void;
    /** Recurring jobs: queue name → cron expression (pg-boss `schedule`, run by one server at a time). */
    schedules?: Record<string, string>;
  },
): Promise<Jobs> {
  const boss = new PgBoss({
    db: {
      executeSql: async (text: string, values?: unknown[]) => {
        if (database.engine === 'pglite' && (!values || values.length === 0)) {
          return database.exec(text);
        }
        return database.query(text, values);
      },
    },
    schema: 'pgboss',
    supervise: options.workers,
    schedule: options.workers,
    migrate: true,
  });
  boss.on('error', options.onError);
  await boss.start();
  for (const [queue, handler] of Object.entries(handlers)) {
    await boss.createQueue(queue);
    if (options.workers) {
      await boss.work(queue, { pollingIntervalSeconds: 1, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) await handler((job.data ?? {}) as Record<string, unknown>);
      });
    }
  }
  if (options.workers) {
    for (const [queue, cron] of Object.entries(options.schedules ?? {})) await boss.schedule(queue, cron);
  }
  return {
    send: async (queue, data = {}) => {
      await boss.send(queue, data);
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000, close: false }),
  };
}
