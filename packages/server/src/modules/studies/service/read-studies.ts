import {
  type AccessUser,
  hasPermission,
  type StudyListQuery,
  type StudyOverview,
  type StudyStatus,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { notFound } from '../../../platform/errors';
import { openQueryCount } from '../../queries/api';
import {
  countEnrolledSubjects,
  countFinishedAmendments,
  countForms,
  countProcesses,
  countSites,
  countSubjects,
  findStudy,
  listStudiesAcrossStudies,
  type StudyRow,
} from '../repo';

/** A live study or 404 (spec 000 §8: navigating into a nonexistent study goes to 404). */
export async function getStudyOr404(db: Executor, studyId: string): Promise<StudyRow> {
  const row = await findStudy(db, studyId);
  if (!row) throw notFound('The study');
  return row;
}

/**
 * Spec 001 §2 /study: holders of the system study list (system admins, admin-lite) see
 * every live study; everyone else the studies they have active access to.
 */
export async function listStudiesFor(
  db: Executor,
  user: AccessUser,
  query: StudyListQuery,
): Promise<StudyRow[]> {
  const seesAll = hasPermission(user, 'SYSTEM_STUDY_LIST');
  const onlyIds = seesAll ? undefined : [...new Set(user.studyAccess.map((access) => access.studyId))];
  return listStudiesAcrossStudies(db, { q: query.q, status: query.status, onlyIds });
}

/**
 * Spec 001 §2 /study/{studyId}/overview tiles from real counts: live forms and processes,
 * sites, subjects and started studies (subjects with an enrollment), the amendments finished so far.
 */
export async function getStudyOverview(
  db: Executor,
  row: StudyRow,
  access: AccessUser,
): Promise<StudyOverview> {
  const [forms, processes, sites, subjects, startedStudies, openQueries, amendments] = await Promise.all([
    countForms(db, row.id),
    countProcesses(db, row.id),
    countSites(db, row.id),
    countSubjects(db, row.id),
    countEnrolledSubjects(db, row.id),
    // Issue 19 item 4: open and responded queries on the caller's sites (null without query view).
    openQueryCount(db, row.id, access),
    countFinishedAmendments(db, row.id),
  ]);
  return {
    studyId: row.id,
    status: row.status as StudyStatus,
    counts: { forms, processes, sites, startedStudies, subjects, openQueries },
    amendments: { total: amendments.total, latest: amendments.latest?.toISOString() ?? null },
  };
}
