import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

export type JobHandler = (data: Record<string, unknown>) => Promise<void>;

/** The durable job runner (DESIGN.md background work): pg-boss over the application's own database. */
export type Jobs = {
  /**
   * Queues a job; safe to call before start (the job waits in the database). The queues are sweeps,
   * so a queue holds at most one job waiting to start: a send while one waits adds nothing.
   */
  send(queue: string, data?: Record<string, unknown>): Promise<void>;
  /**
   * Asks for a sweep of the queue soon, after the caller's commit (issue 16 item 3): kicks within
   * KICK_DELAY_MS of each other become one send, and the database keeps one waiting job per queue,
   * so a burst of writes never grows a backlog. The send happens after the call returns, so a kick
   * made after a commit always leads to a sweep that starts after that commit. `delayMs` waits
   * longer (KICK_DELAY_MS by default); kicks during the wait join it.
   */
  kick(queue: string, delayMs?: number): void;
  stop(): Promise<void>;
};

/** How long a kick waits for others to join it (the workers poll once a second anyway). */
export const KICK_DELAY_MS = 50;

/**
 * Starts pg-boss on the same database, PostgreSQL or PGlite. Over PGlite it runs through
 * the `db` option: multi-statement scripts (pg-boss's locked migrations) go through `exec`.
 * Every queue has pg-boss's `short` policy: one job waiting to start per queue (a unique index
 * over created jobs), while one may run; each handler sweeps all pending work, so nothing is lost.
 */
const STOPPED_COUNT = /select count\(\*\) from results\s*$/i;

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
  // Once stopped, nothing of the queue reaches the database (it is closed next): a handler pg-boss
  // gave up waiting for, or its completion, finds no rows instead of a closed pool (an unhandled
  // rejection); its job stays active and is taken again after its expiry, as after a crash.
  let stopped = false;
  const inFlight = new Set<Promise<unknown>>();
  const boss = new PgBoss({
    db: {
      executeSql: async (text: string, values?: unknown[]) => {
        // pg-boss's completion commands (complete, fail, cancel) end in `SELECT COUNT(*) FROM
        // results` and read its one row: after the stop they touched no job (it is taken again).
        if (stopped) return STOPPED_COUNT.test(text) ? { rows: [{ count: '0' }] } : { rows: [] };
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
    await boss.createQueue(queue, { name: queue, policy: 'short' });
    // A queue made before the policy existed keeps its row: give it the policy too.
    await boss.updateQueue(queue, { name: queue, policy: 'short' });
    if (options.workers) {
      await boss.work(queue, { pollingIntervalSeconds: 1, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) {
          const run = handler((job.data ?? {}) as Record<string, unknown>);
          inFlight.add(run);
          try {
            await run;
          } finally {
            inFlight.delete(run);
          }
        }
      });
    }
  }
  if (options.workers) {
    for (const [queue, cron] of Object.entries(options.schedules ?? {})) await boss.schedule(queue, cron);
  }
  const send = async (queue: string, data: Record<string, unknown> = {}) => {
    // null when the queue already holds a waiting job (the short policy's unique index).
    await boss.send(queue, data);
  };
  const waiting = new Map<string, ReturnType<typeof setTimeout>>();
  const flush = (queue: string) => {
    waiting.delete(queue);
    send(queue).catch(options.onError);
  };
  return {
    send,
    kick: (queue, delayMs = KICK_DELAY_MS) => {
      if (stopped || waiting.has(queue)) return;
      waiting.set(
        queue,
        setTimeout(() => flush(queue), delayMs),
      );
    },
    stop: async () => {
      // Kicks still waiting are sent before the queue stops (a restart also sweeps everything).
      const queues = [...waiting.keys()];
      for (const queue of queues) clearTimeout(waiting.get(queue));
      waiting.clear();
      await Promise.all(queues.map((queue) => send(queue).catch(options.onError)));
      await boss.stop({ graceful: true, timeout: 10_000, close: false });
      // A handler still running past the timeout finishes before the database closes.
      await Promise.allSettled([...inFlight]);
      stopped = true;
    },
  };
}
