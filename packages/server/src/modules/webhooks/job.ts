import type { Db } from '../../platform/db/client';
import { nextDueAtAcrossStudies } from './repo';
import { runWebhookSweep, type WebhookSweepOptions } from './service/deliver';

/** Retries due within this time are swept by a timer of this process; later ones by the minute cron. */
const TIMER_HORIZON_MS = 60_000;

/**
 * The delivery job's handler (issue 28 item 1): sweeps what is due, then plans a sweep for the next
 * retry falling due within a minute (the 5-second retry). Messages live in the database: after a
 * restart the queue is sent at start and the cron sweeps every minute, so nothing is lost.
 */
export function webhookDeliveryJob(
  db: Db,
  options: WebhookSweepOptions & { kickSelf: () => void; kickOutbox: () => void },
): { handler: () => Promise<void>; stop: () => void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const plan = async () => {
    const next = await nextDueAtAcrossStudies(db);
    if (!next || stopped) return;
    const wait = next.getTime() - options.now().getTime();
    if (wait > TIMER_HORIZON_MS) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      if (!stopped) options.kickSelf();
    }, Math.max(wait, 0) + 50);
    timer.unref();
  };
  return {
    handler: async () => {
      const result = await runWebhookSweep(db, options);
      if (result.emails > 0) options.kickOutbox();
      await plan();
    },
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
