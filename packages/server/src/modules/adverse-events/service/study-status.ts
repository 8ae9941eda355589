import { type StudyStatus, studyTakesAeWrites } from '@trialbase/domain';
import { AppError, notFound } from '../../../platform/errors';
import type { UseCaseContext } from '../../../platform/use-case';
import { lockStudyForAeWrite } from '../repo';

/**
 * Spec 000 §4 (issue 20): every AE and custom AE report write (report, update, sign, amend,
 * verification, report saves and uploads) runs only while the study takes data; a locked, completed,
 * anonymized or delete-requested study answers 409 STUDY_STATUS_MISMATCH, as the form fill does. The
 * study row is share-locked first, so a lock or completion waits for writes in flight and vice versa.
 */
export async function assertStudyTakesAeWrites(ctx: UseCaseContext, studyId: string): Promise<void> {
  const study = await lockStudyForAeWrite(ctx.tx, studyId);
  if (!study) throw notFound('The study');
  if (!studyTakesAeWrites(study.status as StudyStatus, study.amendmentBlocking)) {
    throw new AppError('PRECONDITION', 'The study does not allow this in its current status.', {
      id: 'STUDY_STATUS_MISMATCH',
      context: { status: study.status },
    });
  }
}
