import { type BuildCheckReport, runBuildCheck } from '@trialbase/domain';
import type { Executor } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import { loadBuildCheckInput } from './repo';

/**
 * Issue 23 item 3: the build check of a live study's current design (drafts), in one read. Pass the
 * transaction of a lifecycle use case to check what it is about to publish; 404 for no such study.
 */
export async function checkStudyBuild(db: Executor, studyId: string): Promise<BuildCheckReport> {
  const input = await loadBuildCheckInput(db, studyId);
  if (!input) throw notFound('The study');
  return runBuildCheck(input);
}
