import type { UseCaseContext } from '../../../platform/use-case';
import { assertStudyTakesDataWrites } from '../../studies/api';

/**
 * Spec 000 §4 (issue 20): every AE and custom AE report write (report, update, sign, amend,
 * verification, report saves and uploads) runs only while the study takes data (409
 * STUDY_STATUS_MISMATCH otherwise; the studies module's share-locked check).
 */
export async function assertStudyTakesAeWrites(ctx: UseCaseContext, studyId: string): Promise<void> {
  await assertStudyTakesDataWrites(ctx, studyId);
}
