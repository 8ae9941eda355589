import { type StudyStatus, studyEditScope } from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { AppError, notFound } from '../../../platform/errors';
import { findLiveStudy } from '../repo';

/** The live study of a rule call (a system admin passes the guard for any id). */
export async function requireStudy(db: Executor, studyId: string) {
  const study = await findLiveStudy(db, studyId);
  if (!study) throw notFound('The study');
  return study;
}

/** Spec 001 §4: rules are form structure; they change only while the study's structure may change. */
export function assertRulesEditable(study: { status: string }): void {
  if (studyEditScope(study.status as StudyStatus).structure === 'NONE') {
    throw new AppError('VALIDATION', 'Rules cannot be changed in the study’s current status.', {
      id: 'STUDY_STATUS_MISMATCH',
      context: { status: study.status },
    });
  }
}
