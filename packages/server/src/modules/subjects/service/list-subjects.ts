/** The subject list and light list (spec 001 §2 subject list, §7 patient/list and lightList). */
import {
  type AccessUser,
  type SubjectLight,
  type SubjectList,
  type SubjectListQuery,
  SubjectListQuerySchema,
  sitesWithPermission,
  subjectFieldViewPermission,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { presentSubject, presentSubjectLight, requiredSubjectFields } from '../presenters';
import { listSiteSubjectRows, listSubjectPage, type Visibility } from '../repo';
import { requireSite, requireStudy } from './guards';

function intersect(a: Visibility, b: Visibility): Visibility {
  if (a === 'ALL') return b;
  if (b === 'ALL') return a;
  return a.filter((id) => b.includes(id));
}

/** Where in the study the caller may see a field: 'ALL', some sites, or none. */
function fieldVisibility(access: AccessUser, studyId: string, field: string): Visibility {
  const permission = subjectFieldViewPermission(field);
  return permission === null ? 'ALL' : sitesWithPermission(access, permission, studyId);
}

/**
 * Spec 001 §7 POST /studies/{studyId}/patient/list: the subjects of the sites the caller may
 * list, searched (up to 128 characters) over the subject id and the names and email the
 * caller may see, sorted by any column (a field the caller may not see sorts as empty, so
 * the order reveals nothing), paged by 5, 10, 15, 25, 50 or 100. Redacted like single views.
 */
export async function listSubjects(
  db: Executor,
  input: { studyId: string; query: SubjectListQuery; access: AccessUser },
): Promise<SubjectList> {
  const study = await requireStudy(db, input.studyId);
  const query = SubjectListQuerySchema.parse(input.query);
  const { access, studyId } = input;
  const listable = sitesWithPermission(access, 'PATIENT_LIST', studyId);
  const sortField = query.sortBy === 'site' ? 'patientId' : query.sortBy;
  const { rows, total } = await listSubjectPage(db, {
    studyId,
    siteIds: intersect(listable, query.siteIds ?? 'ALL'),
    archived: query.archived,
    search: query.search,
    searchVisibility: {
      firstName: fieldVisibility(access, studyId, 'firstName'),
      lastName: fieldVisibility(access, studyId, 'lastName'),
      initials: fieldVisibility(access, studyId, 'initials'),
      email: fieldVisibility(access, studyId, 'email'),
    },
    sortBy: query.sortBy,
    sortVisibility: fieldVisibility(access, studyId, sortField),
    sortDirection: query.sortDirection,
    page: query.page,
    pageSize: query.pageSize,
  });
  const required = requiredSubjectFields(study);
  return {
    items: rows.map(({ subject, siteName }) => ({
      ...presentSubject(subject, { access, required }),
      siteName,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Spec 001 §7 GET /studies/{studyId}/patient/lightList/{siteId}: id, subject id and merged name. */
export async function listSubjectsLight(
  db: Executor,
  input: { studyId: string; siteId: string; access: AccessUser },
): Promise<SubjectLight[]> {
  await requireStudy(db, input.studyId);
  await requireSite(db, input.studyId, input.siteId);
  const rows = await listSiteSubjectRows(db, input.studyId, input.siteId);
  return rows.map((row) => presentSubjectLight(row, input.access));
}
