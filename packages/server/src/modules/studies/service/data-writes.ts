import { type StudyStatus, studyTakesAeWrites } from '@trialbase/domain';
import { eq } from 'drizzle-orm';
import { AppError, notFound } from '../../../platform/errors';
import type { UseCaseContext } from '../../../platform/use-case';
import { studies } from '../tables';

/**
 * Spec 000 §4: study data other than form answers (AEs and custom AE reports, issue 20; medication
 * and drug accounting, issue 21) is written only while the study takes data (test, production, a
 * non-blocking amendment); a locked, completed, anonymized or delete-requested study answers 409
 * STUDY_STATUS_MISMATCH, as the form fill does. The study row is share-locked first, so a lock or
 * completion waits for writes in flight and vice versa. Returns what the caller's date rules need.
 */
export async function assertStudyTakesDataWrites(
  ctx: UseCaseContext,
  studyId: string,
): Promise<{ status: string; timeZone: string }> {
  const [study] = await ctx.tx
    .select({
      status: studies.status,
      amendmentBlocking: studies.amendmentBlocking,
      timeZone: studies.timeZone,
    })
    .from(studies)
    .where(eq(studies.id, studyId))
    .for('share');
  if (!study) throw notFound('The study');
  if (!studyTakesAeWrites(study.status as StudyStatus, study.amendmentBlocking)) {
    throw new AppError('PRECONDITION', 'The study does not allow this in its current status.', {
      id: 'STUDY_STATUS_MISMATCH',
      context: { status: study.status },
    });
  }
  return { status: study.status, timeZone: study.timeZone };
}
