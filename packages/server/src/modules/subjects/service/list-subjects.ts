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
import { z } from 'zod';
import type { Executor } from '../../../platform/db/client';
import { validationError } from '../../../platform/errors';
import {
  readSubjectList,
  SEARCHED_FIELDS,
  type SearchedField,
  type SubjectListCursor,
  type SubjectListFilter,
  type SubjectListPage,
  type Visibility,
} from '../list-repo';
import { presentSubjectLight, requiredSubjectFields, subjectPresenter } from '../presenters';
import { listSiteSubjectRows } from '../repo';
import { requireSite, requireStudy } from './guards';

function intersect(a: Visibility, b: Visibility): Visibility {
  if (a === 'ALL') return b;
  if (b === 'ALL') return a;
  return a.filter((id) => b.includes(id));
}

/**
 * Where in the study the caller may see a field: 'ALL', some sites, or none. The one rule of the
 * list: what it shows (presenters.ts, redactSubjectForViewer), what it searches and what it sorts
 * by all follow the field's view permission (spec 000 §6, docs/ROLES.md).
 */
function fieldVisibility(access: AccessUser, studyId: string, field: string): Visibility {
  const permission = subjectFieldViewPermission(field);
  return permission === null ? 'ALL' : sitesWithPermission(access, permission, studyId);
}

/** A cursor names the sort it was made for; another sort or direction makes it meaningless. */
const CursorSchema = z.object({
  sortBy: z.string(),
  sortDirection: z.enum(['asc', 'desc']),
  value: z.string().nullable(),
  patientId: z.string(),
  id: z.string(),
});
type Cursor = z.infer<typeof CursorSchema>;

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

function decodeCursor(text: string, sort: Pick<Cursor, 'sortBy' | 'sortDirection'>): SubjectListCursor {
  let parsed: Cursor | undefined;
  try {
    parsed = CursorSchema.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
  } catch {
    parsed = undefined;
  }
  if (!parsed || parsed.sortBy !== sort.sortBy || parsed.sortDirection !== sort.sortDirection)
    throw validationError([
      { path: ['after'], message: 'Not a cursor of this list and sort; start from the first page.' },
    ]);
  return { value: parsed.value, patientId: parsed.patientId, id: parsed.id };
}

/**
 * Spec 001 §7 POST /studies/{studyId}/patient/list: the subjects of the sites the caller may
 * list, searched (up to 128 characters) over the subject id and the names and email the
 * caller may see, sorted by any column (a field the caller may not see sorts as empty, so
 * the order reveals nothing), paged by 5, 10, 15, 25, 50 or 100, by page number or after a
 * cursor. Redacted like single views. Issue 16 item 4: searched through trigram indexes, the
 * default order read from an index, the total from per-site counts or, for a search, counted
 * up to a cap.
 */
export async function listSubjects(
  db: Executor,
  input: { studyId: string; query: SubjectListQuery; access: AccessUser },
): Promise<SubjectList> {
  // The study is read beside the page, not before it; a missing study (404) still answers first.
  const lookup = requireStudy(db, input.studyId);
  const [study, { query, page }] = await Promise.all([
    lookup,
    readPage(db, input).catch(async (error: unknown) => {
      await lookup;
      throw error;
    }),
  ]);
  const common = { page: query.page, pageSize: query.pageSize };
  if (!page) return { items: [], nextCursor: null, total: 0, totalIsLowerBound: false, ...common };
  const present = subjectPresenter({ access: input.access, required: requiredSubjectFields(study) });
  return {
    items: page.rows.map(({ subject, siteName }) => ({ ...present(subject), siteName })),
    total: page.total,
    totalIsLowerBound: page.isLowerBound,
    ...common,
    nextCursor: page.next
      ? encodeCursor({ sortBy: query.sortBy, sortDirection: query.sortDirection, ...page.next })
      : null,
  };
}

/** The list's query read and its page; no page when the caller may list none of the sites asked for. */
async function readPage(
  db: Executor,
  input: { studyId: string; query: SubjectListQuery; access: AccessUser },
): Promise<{ query: z.output<typeof SubjectListQuerySchema>; page: SubjectListPage | null }> {
  const query = SubjectListQuerySchema.parse(input.query);
  const { access, studyId } = input;
  const after = query.after ? decodeCursor(query.after, query) : undefined;
  const listable = sitesWithPermission(access, 'PATIENT_LIST', studyId);
  const siteIds = intersect(listable, query.siteIds ?? 'ALL');
  if (siteIds !== 'ALL' && siteIds.length === 0) return { query, page: null };
  const sortField = query.sortBy === 'site' ? 'patientId' : query.sortBy;
  const filter: SubjectListFilter = {
    studyId,
    siteIds,
    archived: query.archived,
    search: query.search,
    searchVisibility: Object.fromEntries(
      SEARCHED_FIELDS.map((field) => [field, fieldVisibility(access, studyId, field)]),
    ) as Record<SearchedField, Visibility>,
    sortBy: query.sortBy,
    sortVisibility: fieldVisibility(access, studyId, sortField),
    sortDirection: query.sortDirection,
    page: query.page,
    pageSize: query.pageSize,
    after,
  };
  return { query, page: await readSubjectList(db, filter) };
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
