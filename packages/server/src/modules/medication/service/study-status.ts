import type { Executor } from '../../../platform/db/client';
import type { UseCaseContext } from '../../../platform/use-case';
import { assertStudyTakesDataWrites, findStudy } from '../../studies/api';

/**
 * Spec 000 §4 (issue 21, as issue 20 for AEs): medication records and accounting are study data, so
 * they are written only while the study takes data (test, production, a non-blocking amendment);
 * otherwise 409 STUDY_STATUS_MISMATCH (the studies module's share-locked check). Returns the study's
 * calendar day (its time zone) for the date rules.
 */
export async function assertStudyTakesMedicationWrites(
  ctx: UseCaseContext,
  studyId: string,
): Promise<string> {
  const study = await assertStudyTakesDataWrites(ctx, studyId);
  return dayIn(study.timeZone, ctx.now);
}

/** The study's calendar day (its time zone) for reads: an ongoing schedule runs to today. */
export async function studyToday(db: Executor, studyId: string, now: Date): Promise<string> {
  const study = await findStudy(db, studyId);
  return dayIn(study?.timeZone ?? 'UTC', now);
}

/** The calendar day of `now` in the study's time zone (UTC when the zone is unknown). */
function dayIn(timeZone: string, now: Date): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}
