/**
 * The study's query list (spec 001 §2 query list, issue 19): filters createdBy, statuses, subject
 * (max 128), sites, data events, forms and query text; sorted and paged by 5-100; counts per
 * status; a site-limited caller sees only the sites where they hold QUERY_VIEW. The CSV export
 * takes the same filters.
 */
import {
  type AccessUser,
  pickLocalizedText,
  type QueryCounts,
  type QueryExportRequest,
  QueryExportRequestSchema,
  type QueryList,
  type QueryListRequest,
  QueryListRequestSchema,
  type QueryListRow,
  type QueryStatus,
  type QuestionQueryCount,
  sitesWithPermission,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { notFound } from '../../../platform/errors';
import { t } from '../../../platform/i18n/i18n';
import { commentsOf, creatorNameOf } from '../presenters';
import {
  countActiveStudyQueries,
  countListByStatus,
  countQuestionQueries,
  type ListedQuery,
  type ListSort,
  listActiveQueryStatusesOfEnrollments,
  listQueryPageWithNames,
  type QueryListFilter,
  type SiteVisibility,
  studyHasForm,
} from '../repo';

/** Where the caller may see queries: every site, or their sites (000 §6), intersected with a filter. */
export function visibleSites(access: AccessUser, studyId: string, asked?: string[]): SiteVisibility {
  const mine = sitesWithPermission(access, 'QUERY_VIEW', studyId);
  const wanted = asked && asked.length > 0 ? asked : 'ALL';
  if (mine === 'ALL') return wanted;
  if (wanted === 'ALL') return mine;
  return wanted.filter((id) => mine.includes(id));
}

function filterOf(
  studyId: string,
  request: QueryExportRequest & { sites?: string[] },
  access: AccessUser,
): QueryListFilter {
  return {
    studyId,
    sites: visibleSites(access, studyId, request.sites),
    statuses: request.statuses,
    createdBy: request.createdBy,
    dataEvents: request.dataEvents,
    forms: request.forms,
    subject: request.subject?.trim() || undefined,
    queryText: request.queryText?.trim() || undefined,
  };
}

const zeroCounts = (): QueryCounts => ({ OPEN: 0, RESPONDED: 0, CLOSED: 0 });

function presentRows(listed: ListedQuery[]): QueryListRow[] {
  return listed.map(({ row: r, ...names }) => {
    const comments = commentsOf(r);
    const last = comments.length > 1 ? (comments.at(-1) ?? null) : null;
    const primary = names.primaryLanguage ?? 'en';
    const eventName = names.dataEventName
      ? pickLocalizedText(names.dataEventName, { subject: null, primary })?.text
      : undefined;
    return {
      id: r.id,
      status: r.status as QueryStatus,
      queryText: r.queryText,
      siteId: r.siteId,
      siteName: names.siteName ?? '',
      enrollmentId: r.enrollmentId,
      subjectId: names.subjectId ?? r.enrollmentId,
      subjectLabel: names.subjectLabel ?? '',
      tokenId: r.tokenId,
      questionnaireId: r.questionnaireId,
      dataEventId: r.dataEventId,
      dataEventName: eventName ?? r.dataEventId,
      formId: r.formId,
      formName: names.formName ?? '',
      questionId: r.questionId,
      ruleId: r.ruleId,
      createdBy: r.createdBy,
      createdByName: names.creatorName ?? creatorNameOf(r),
      createdTime: r.createdAt.toISOString(),
      updatedTime: r.updatedAt.toISOString(),
      commentCount: comments.length,
      lastComment: last,
    };
  });
}

/** POST /studies/{studyId}/queries/list. */
export async function listStudyQueries(
  db: Executor,
  input: { studyId: string; request: QueryListRequest; access: AccessUser },
): Promise<QueryList> {
  const request = QueryListRequestSchema.parse(input.request);
  const filter = filterOf(input.studyId, request, input.access);
  const empty = { items: [], total: 0, page: request.page, pageSize: request.pageSize, counts: zeroCounts() };
  if (filter.sites !== 'ALL' && filter.sites.length === 0) return empty;
  const sort: ListSort = { sortBy: request.sortBy, sortDirection: request.sortDirection };
  const [countRows, rows] = await Promise.all([
    countListByStatus(db, filter),
    listQueryPageWithNames(db, filter, sort, {
      limit: request.pageSize,
      offset: (request.page - 1) * request.pageSize,
    }),
  ]);
  const counts = zeroCounts();
  for (const c of countRows) if (c.status in counts) counts[c.status as QueryStatus] = c.n;
  const chosen: readonly QueryStatus[] =
    request.statuses && request.statuses.length > 0 ? request.statuses : ['OPEN', 'RESPONDED', 'CLOSED'];
  const total = chosen.reduce((sum, s) => sum + counts[s], 0);
  return {
    items: presentRows(rows),
    total,
    page: request.page,
    pageSize: request.pageSize,
    counts,
  };
}

const CSV_PAGE = 1000;

function csvCell(value: string): string {
  // Formula injection guard (a cell starting with = + - @ is read as text) and RFC 4180 quoting.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** POST /studies/{studyId}/queries/export: every matching row as CSV, header in the caller's language. */
export async function* exportStudyQueries(
  db: Executor,
  input: { studyId: string; request: QueryExportRequest; access: AccessUser; language: string | null },
): AsyncGenerator<string> {
  const request = QueryExportRequestSchema.parse(input.request);
  const filter = filterOf(input.studyId, request, input.access);
  const languages = [input.language ?? 'en', 'en'];
  const header = [
    t(languages, 'queries:CSV.ID'),
    t(languages, 'queries:CSV.STATUS'),
    t(languages, 'queries:CSV.SITE'),
    t(languages, 'queries:CSV.SUBJECT'),
    t(languages, 'queries:CSV.DATA_EVENT'),
    t(languages, 'queries:CSV.FORM'),
    t(languages, 'queries:CSV.QUESTION'),
    t(languages, 'queries:CSV.QUERY_TEXT'),
    t(languages, 'queries:CSV.CREATED_BY'),
    t(languages, 'queries:CSV.CREATED_TIME'),
    t(languages, 'queries:CSV.UPDATED_TIME'),
    t(languages, 'queries:CSV.LAST_COMMENT'),
  ];
  yield `\uFEFF${header.map(csvCell).join(',')}\r\n`;
  if (filter.sites !== 'ALL' && filter.sites.length === 0) return;
  const sort: ListSort = { sortBy: request.sortBy, sortDirection: request.sortDirection };
  const system = t(languages, 'queries:CSV.SYSTEM');
  for (let offset = 0; ; offset += CSV_PAGE) {
    const rows = await listQueryPageWithNames(db, filter, sort, { limit: CSV_PAGE, offset });
    if (rows.length === 0) break;
    const present = presentRows(rows);
    yield present
      .map((r) =>
        [
          r.id,
          t(languages, `queries:STATUS.${r.status}`),
          r.siteName,
          r.subjectLabel,
          r.dataEventName,
          r.formName,
          r.questionId,
          r.queryText,
          r.createdByName ?? system,
          r.createdTime,
          r.updatedTime,
          r.lastComment?.text ?? '',
        ]
          .map(csvCell)
          .join(','),
      )
      .map((line) => `${line}\r\n`)
      .join('');
    if (rows.length < CSV_PAGE) break;
  }
}

/** GET /studies/{studyId}/forms/{formId}/questions/{questionId}/queryCount. */
export async function questionQueryCount(
  db: Executor,
  input: { studyId: string; formId: string; questionId: string; access: AccessUser },
): Promise<QuestionQueryCount> {
  if (!(await studyHasForm(db, input.studyId, input.formId))) throw notFound('The form');
  const sites = visibleSites(input.access, input.studyId);
  const byStatus = zeroCounts();
  if (sites === 'ALL' || sites.length > 0) {
    for (const c of await countQuestionQueries(db, { ...input, sites }))
      if (c.status in byStatus) byStatus[c.status as QueryStatus] = c.n;
  }
  return {
    count: byStatus.OPEN + byStatus.RESPONDED + byStatus.CLOSED,
    active: byStatus.OPEN + byStatus.RESPONDED,
    byStatus,
  };
}

/** The study overview tile (issue 19 item 4): open plus responded queries on the caller's sites; null without query view. */
export async function openQueryCount(
  db: Executor,
  studyId: string,
  access: AccessUser,
): Promise<number | null> {
  const sites = sitesWithPermission(access, 'QUERY_VIEW', studyId);
  if (sites !== 'ALL' && sites.length === 0) return null;
  return countActiveStudyQueries(db, studyId, sites);
}

/**
 * Spec 001 §4 (issue 19, subject's records): per token of the given enrollments, the distinct
 * statuses of its non-closed queries, in one read. The caller checked the enrollments' site.
 */
export async function activeQueryStatusesByToken(
  db: Executor,
  studyId: string,
  enrollmentIds: readonly string[],
): Promise<Map<string, QueryStatus[]>> {
  const out = new Map<string, QueryStatus[]>();
  for (const row of await listActiveQueryStatusesOfEnrollments(db, studyId, enrollmentIds)) {
    const list = out.get(row.tokenId) ?? [];
    list.push(row.status as QueryStatus);
    out.set(row.tokenId, list);
  }
  return out;
}
