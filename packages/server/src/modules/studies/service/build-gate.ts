import type { BuildCheckRefusalContext } from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { AppError } from '../../../platform/errors';
import { checkStudyBuild } from '../../build-check/api';

/**
 * Issue 23 item 3: going to production or test, and finishing or scheduling an amendment, run the
 * study-build check on what is about to go live (in the step's transaction). ERROR diagnostics refuse
 * the step (409 STUDY_BUILD_CHECK_FAILED with them in the body); warnings never do.
 */
export async function assertStudyBuildPasses(db: Executor, studyId: string): Promise<void> {
  const report = await checkStudyBuild(db, studyId);
  if (!report.isBlocking) return;
  const context: BuildCheckRefusalContext = {
    errorCount: report.errorCount,
    warningCount: report.warningCount,
    diagnostics: report.diagnostics.filter((d) => d.severity === 'ERROR'),
  };
  throw new AppError('VALIDATION_BUILD_MODE', 'The study-build check found errors.', {
    id: 'STUDY_BUILD_CHECK_FAILED',
    context,
  });
}

/** Whether an error is the build check's refusal (the scheduled finish cancels its schedule on it). */
export function isBuildCheckRefusal(error: unknown): boolean {
  return error instanceof AppError && error.id === 'STUDY_BUILD_CHECK_FAILED';
}
