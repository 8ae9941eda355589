import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { loginThrottle } from './tables';

export type ThrottlePolicy = { maxFailures: number; windowMinutes: number; blockMinutes: number };

/** When the client key is blocked from further attempts, the time it is blocked until. */
export async function blockedUntil(db: Executor, key: string, now: Date): Promise<Date | null> {
  const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, key)).limit(1);
  return row?.blockedUntil && row.blockedUntil > now ? row.blockedUntil : null;
}

/** Counts one failure for a client key in a sliding window; blocks the key when the window fills up. */
export async function recordFailure(
  db: Executor,
  key: string,
  now: Date,
  policy: ThrottlePolicy,
): Promise<void> {
  const windowStartLimit = new Date(now.getTime() - policy.windowMinutes * 60_000);
  const blockUntil = new Date(now.getTime() + policy.blockMinutes * 60_000);
  await db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStart: now, blockedUntil: policy.maxFailures <= 1 ? blockUntil : null })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${loginThrottle.windowStart} < ${windowStartLimit} then 1 else ${loginThrottle.failures} + 1 end`,
        windowStart: sql`case when ${loginThrottle.windowStart} < ${windowStartLimit} then ${now} else ${loginThrottle.windowStart} end`,
        blockedUntil: sql`case when (case when ${loginThrottle.windowStart} < ${windowStartLimit} then 1 else ${loginThrottle.failures} + 1 end) >= ${policy.maxFailures} then ${blockUntil} else ${loginThrottle.blockedUntil} end`,
      },
    });
}

export async function clearFailures(db: Executor, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}
