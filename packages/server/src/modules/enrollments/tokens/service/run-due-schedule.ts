/**
 * The schedule job (issue 6 item 5; DESIGN.md background work): finds enrollments with work due
 * and advances each in its own transaction. Safe to run twice or on several servers at once:
 * each transaction takes the enrollment's row lock with SKIP LOCKED and re-reads the state
 * under it, and every message is claimed in the send-once ledger before it is queued.
 */
import type { Db } from '../../../../platform/db/client';
import { runUseCase, SYSTEM_ACTOR } from '../../../../platform/use-case';
import { lockEnrollment } from '../../repo';
import { findDueEnrollmentsAcrossStudies } from '../repo';
import { type AdvanceResult, advanceEnrollment } from './advance-enrollment';
import type { ScheduleEnv } from './send-link';

export const SCHEDULE_QUEUE = 'token-schedule';
/** pg-boss cron: every minute. */
export const SCHEDULE_CRON = '* * * * *';
const BATCH = 100;

export type RunDueOptions = ScheduleEnv & {
  /**
   * Test hooks to simulate a crash: `beforeCommit` runs inside each enrollment's transaction
   * (throwing rolls that enrollment back), `afterCommit` after it (throwing stops the run).
   */
  beforeCommit?: (enrollmentId: string) => Promise<void> | void;
  afterCommit?: (enrollmentId: string) => Promise<void> | void;
};

export type RunDueResult = AdvanceResult & { enrollments: number; skipped: number };

/** Issue 6 item 5: activates, reminds and expires everything due at `now`. */
export async function runDueSchedule(db: Db, now: Date, options: RunDueOptions): Promise<RunDueResult> {
  const total: RunDueResult = {
    activated: 0,
    reminded: 0,
    expired: 0,
    messages: 0,
    enrollments: 0,
    skipped: 0,
  };
  const seen = new Set<string>();
  for (;;) {
    const due = (await findDueEnrollmentsAcrossStudies(db, now, BATCH + seen.size)).filter(
      (d) => !seen.has(`${d.studyId}/${d.enrollmentId}`),
    );
    if (due.length === 0) return total;
    for (const { studyId, enrollmentId } of due) {
      seen.add(`${studyId}/${enrollmentId}`);
      const result = await runUseCase(
        db,
        SYSTEM_ACTOR,
        async (ctx) => {
          const enrollment = await lockEnrollment(ctx.tx, studyId, enrollmentId, { skipLocked: true });
          // Another server holds it: that transaction is doing this work right now.
          if (!enrollment) return null;
          const advanced = await advanceEnrollment(ctx, enrollment, options);
          await options.beforeCommit?.(enrollmentId);
          return advanced;
        },
        now,
      );
      if (!result) {
        total.skipped += 1;
        continue;
      }
      total.enrollments += 1;
      total.activated += result.activated;
      total.reminded += result.reminded;
      total.expired += result.expired;
      total.messages += result.messages;
      await options.afterCommit?.(enrollmentId);
    }
  }
}
