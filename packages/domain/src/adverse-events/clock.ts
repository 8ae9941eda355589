import { z } from 'zod';
import { TimestampSchema } from '../common/timestamps';
import type { AeOutcome, AeSeriousType, SaeCriterion } from './model';

/**
 * The serious-event clock (issue 20 item 5, beyond the spec; ICH E2A expedited reporting):
 * marking an AE serious starts it. A serious adverse event (SAE, SAR, or not yet typed) must
 * reach the sponsor within 24 hours; a SUSAR must be reported within 7 days when it is fatal
 * or life-threatening and 15 days otherwise. The sponsor's signature (initial or final
 * evaluation, whichever comes first) stops it. A reminder goes out before the deadline.
 */
export const AE_CLOCK_KINDS = ['SAE_24H', 'SUSAR_7D', 'SUSAR_15D'] as const;
export const AeClockKindSchema = z.enum(AE_CLOCK_KINDS);
export type AeClockKind = z.infer<typeof AeClockKindSchema>;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** How long each clock runs. */
export const AE_CLOCK_DURATION_MS: Record<AeClockKind, number> = {
  SAE_24H: 24 * HOUR,
  SUSAR_7D: 7 * DAY,
  SUSAR_15D: 15 * DAY,
};

/** How long before the deadline the reminder goes out. */
export const AE_CLOCK_REMINDER_BEFORE_MS: Record<AeClockKind, number> = {
  SAE_24H: 6 * HOUR,
  SUSAR_7D: 2 * DAY,
  SUSAR_15D: 3 * DAY,
};

/**
 * RUNNING: not stopped, before the deadline (DUE_SOON once the reminder time has passed);
 * OVERDUE: not stopped, past the deadline; MET: stopped on or before it; MISSED: stopped after it.
 */
export const AE_CLOCK_STATUSES = ['RUNNING', 'DUE_SOON', 'OVERDUE', 'MET', 'MISSED'] as const;
export const AeClockStatusSchema = z.enum(AE_CLOCK_STATUSES);
export type AeClockStatus = z.infer<typeof AeClockStatusSchema>;

/** The clock as the AE answers and the list show it. */
export const AeClockSchema = z.object({
  kind: AeClockKindSchema,
  startedAt: TimestampSchema,
  deadline: TimestampSchema,
  reminderAt: TimestampSchema,
  stoppedAt: TimestampSchema.nullable(),
  status: AeClockStatusSchema,
  /** Milliseconds left before the deadline at the time of the answer (negative when overdue; null once stopped). */
  remainingMs: z.number().int().nullable(),
});
export type AeClock = z.infer<typeof AeClockSchema>;

/** Fatal or life-threatening: the outcome is FATAL, or the serious-event form names death or a threat to life. */
export function isFatalOrLifeThreatening(input: {
  outcome: AeOutcome | null;
  criteria: readonly SaeCriterion[] | null | undefined;
}): boolean {
  if (input.outcome === 'FATAL') return true;
  return (input.criteria ?? []).some((c) => c === 'DEATH' || c === 'LIFE_THREATENING');
}

/** Which clock a serious AE runs: SUSARs 7 or 15 days, every other serious event 24 hours. */
export function aeClockKind(input: {
  seriousType: AeSeriousType | null;
  outcome: AeOutcome | null;
  criteria: readonly SaeCriterion[] | null | undefined;
}): AeClockKind {
  if (input.seriousType !== 'SUSAR') return 'SAE_24H';
  return isFatalOrLifeThreatening(input) ? 'SUSAR_7D' : 'SUSAR_15D';
}

/** The deadline and reminder time of a clock started at `startedAt`. */
export function aeClockTimes(kind: AeClockKind, startedAt: Date): { deadline: Date; reminderAt: Date } {
  const deadline = new Date(startedAt.getTime() + AE_CLOCK_DURATION_MS[kind]);
  return { deadline, reminderAt: new Date(deadline.getTime() - AE_CLOCK_REMINDER_BEFORE_MS[kind]) };
}

/** The clock's status at `now`. */
export function aeClockStatus(
  clock: { deadline: Date; reminderAt: Date; stoppedAt: Date | null },
  now: Date,
): AeClockStatus {
  if (clock.stoppedAt !== null)
    return clock.stoppedAt.getTime() <= clock.deadline.getTime() ? 'MET' : 'MISSED';
  if (now.getTime() > clock.deadline.getTime()) return 'OVERDUE';
  if (now.getTime() >= clock.reminderAt.getTime()) return 'DUE_SOON';
  return 'RUNNING';
}

/** The clock as shown, from its stored start, kind and stop. */
export function presentAeClock(
  input: { kind: AeClockKind; startedAt: Date; stoppedAt: Date | null },
  now: Date,
): AeClock {
  const { deadline, reminderAt } = aeClockTimes(input.kind, input.startedAt);
  const status = aeClockStatus({ deadline, reminderAt, stoppedAt: input.stoppedAt }, now);
  return {
    kind: input.kind,
    startedAt: input.startedAt.toISOString(),
    deadline: deadline.toISOString(),
    reminderAt: reminderAt.toISOString(),
    stoppedAt: input.stoppedAt?.toISOString() ?? null,
    status,
    remainingMs: input.stoppedAt === null ? deadline.getTime() - now.getTime() : null,
  };
}
