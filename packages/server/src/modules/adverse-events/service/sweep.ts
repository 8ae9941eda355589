import type { Db } from '../../../platform/db/client';
import { runUseCase, SYSTEM_ACTOR } from '../../../platform/use-case';
import { findDueClocks } from '../repo';
import { sweepAeClocks } from './clock';

/** Every minute (pg-boss schedule), and after each AE change. */
export const AE_CLOCK_CRON = '* * * * *';

/** The clock's sweep at `now`: reminders and overdue notices; returns the messages queued. */
export async function runAeClockSweep(db: Db, now: Date, baseUrl: string): Promise<number> {
  return sweepAeClocks(
    (fn) => runUseCase(db, SYSTEM_ACTOR, fn, now),
    (limit) => findDueClocks(db, now, limit),
    now,
    baseUrl,
  );
}
