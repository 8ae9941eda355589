/**
 * SQL of queries (spec 001 §3 Query, §7 Queries, issue 19). The names around a query (site,
 * subject, form, data event, user) are read by table name in plain SQL: the queries module sits
 * below questionnaires, studies and the others, and imports none of them (check-boundaries).
 */
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { queries } from './tables';

export type QueryRow = typeof queries.$inferSelect;

/** The query a rule already raised on one question of one answer set, whatever its status. */
export async function findRuleQuery(
  db: Executor,
  input: { studyId: string; questionnaireId: string; questionId: string; ruleId: string },
): Promise<QueryRow | null> {
  const [row] = await db
    .select()
    .from(queries)
    .where(
      and(
        eq(queries.studyId, input.studyId),
        eq(queries.questionnaireId, input.questionnaireId),
        eq(queries.questionId, input.questionId),
        eq(queries.ruleId, input.ruleId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertQuery(db: Executor, row: QueryRow): Promise<void> {
  await db.insert(queries).values(row);
}

/** One query of a filled form, locked for the action when asked. */
export async function findFormQuery(
  db: Executor,
  input: { studyId: string; questionnaireId: string; queryId: string },
  options: { lock?: boolean } = {},
): Promise<QueryRow | null> {
  const query = db
    .select()
    .from(queries)
    .where(
      and(
        eq(queries.studyId, input.studyId),
        eq(queries.id, input.queryId),
        eq(queries.questionnaireId, input.questionnaireId),
      ),
    )
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The queries of one filled form, oldest first. */
export async function listFormQueries(db: Executor, studyId: string, questionnaireId: string) {
  return db
    .select()
    .from(queries)
    .where(and(eq(queries.studyId, studyId), eq(queries.questionnaireId, questionnaireId)))
    .orderBy(asc(queries.createdAt), asc(queries.id));
}

/** Non-closed queries on one question of one filled form (the open-query limit, 001 §8). */
export async function countActiveQuestionQueries(
  db: Executor,
  input: { studyId: string; questionnaireId: string; questionId: string },
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(queries)
    .where(
      and(
        eq(queries.studyId, input.studyId),
        eq(queries.questionnaireId, input.questionnaireId),
        eq(queries.questionId, input.questionId),
        ne(queries.status, 'CLOSED'),
      ),
    );
  return row?.n ?? 0;
}

export async function updateQueryRow(
  db: Executor,
  studyId: string,
  id: string,
  values: Partial<Pick<QueryRow, 'status' | 'comments' | 'answerId' | 'updatedAt'>>,
): Promise<void> {
  await db
    .update(queries)
    .set(values)
    .where(and(eq(queries.studyId, studyId), eq(queries.id, id)));
}

/** Sites: 'ALL' or the ids the caller may see. */
export type SiteVisibility = 'ALL' | string[];

/** Queries per status on one question of a form across the study (the caller's sites). */
export async function countQuestionQueries(
  db: Executor,
  input: { studyId: string; formId: string; questionId: string; sites: SiteVisibility },
) {
  return db
    .select({ status: queries.status, n: sql<number>`count(*)::int` })
    .from(queries)
    .where(
      and(
        eq(queries.studyId, input.studyId),
        eq(queries.formId, input.formId),
        eq(queries.questionId, input.questionId),
        input.sites === 'ALL' ? undefined : inArray(queries.siteId, input.sites),
      ),
    )
    .groupBy(queries.status);
}

/** Open plus responded queries of a study on the given sites (the study overview tile). */
export async function countActiveStudyQueries(
  db: Executor,
  studyId: string,
  sites: SiteVisibility,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(queries)
    .where(
      and(
        eq(queries.studyId, studyId),
        inArray(queries.status, ['OPEN', 'RESPONDED']),
        sites === 'ALL' ? undefined : inArray(queries.siteId, sites),
      ),
    );
  return row?.n ?? 0;
}

export type QueryListFilter = {
  studyId: string;
  sites: SiteVisibility;
  statuses?: string[] | undefined;
  createdBy?: string[] | undefined;
  dataEvents?: string[] | undefined;
  forms?: string[] | undefined;
  subject?: string | undefined;
  queryText?: string | undefined;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function listConditions(filter: QueryListFilter, withStatuses: boolean): (SQL | undefined)[] {
  const some = (list: string[] | undefined) => (list && list.length > 0 ? list : undefined);
  const statuses = withStatuses ? some(filter.statuses) : undefined;
  const createdBy = some(filter.createdBy);
  const dataEvents = some(filter.dataEvents);
  const forms = some(filter.forms);
  return [
    eq(queries.studyId, filter.studyId),
    filter.sites === 'ALL' ? undefined : inArray(queries.siteId, filter.sites),
    statuses ? inArray(queries.status, statuses) : undefined,
    createdBy ? inArray(queries.createdBy, createdBy) : undefined,
    dataEvents ? inArray(queries.dataEventId, dataEvents) : undefined,
    forms ? inArray(queries.formId, forms) : undefined,
    filter.queryText
      ? sql`${queries.queryText} ilike ${`%${escapeLike(filter.queryText)}%`} escape '\\'`
      : undefined,
    filter.subject
      ? sql`exists (select 1 from enrollment e join subject s on s.study_id = e.study_id and s.id = e.subject_id
          where e.study_id = ${queries.studyId} and e.id = ${queries.enrollmentId}
          and s.patient_id ilike ${`%${escapeLike(filter.subject)}%`} escape '\\')`
      : undefined,
  ];
}

/** Rows of the query list matching every filter but the statuses, per status. */
export async function countListByStatus(db: Executor, filter: QueryListFilter) {
  return db
    .select({ status: queries.status, n: sql<number>`count(*)::int` })
    .from(queries)
    .where(and(...listConditions(filter, false)))
    .groupBy(queries.status);
}

export type ListSort = {
  sortBy: 'createdTime' | 'updatedTime' | 'status' | 'subject' | 'site';
  sortDirection: 'asc' | 'desc';
};

function orderOf(sort: ListSort): SQL[] {
  const dir = sort.sortDirection === 'asc' ? asc : desc;
  const tail = [dir(queries.createdAt), dir(queries.id)];
  switch (sort.sortBy) {
    case 'createdTime':
      return tail;
    case 'updatedTime':
      return [dir(queries.updatedAt), ...tail];
    case 'status':
      return [dir(queries.status), ...tail];
    case 'site':
      return [
        sort.sortDirection === 'asc'
          ? sql`(select lower(name) from site where site.study_id = ${queries.studyId} and site.id = ${queries.siteId}) asc`
          : sql`(select lower(name) from site where site.study_id = ${queries.studyId} and site.id = ${queries.siteId}) desc`,
        ...tail,
      ];
    case 'subject':
      return [
        sort.sortDirection === 'asc'
          ? sql`(select lower(s.patient_id) from enrollment e join subject s on s.study_id = e.study_id and s.id = e.subject_id where e.study_id = ${queries.studyId} and e.id = ${queries.enrollmentId}) asc`
          : sql`(select lower(s.patient_id) from enrollment e join subject s on s.study_id = e.study_id and s.id = e.subject_id where e.study_id = ${queries.studyId} and e.id = ${queries.enrollmentId}) desc`,
        ...tail,
      ];
  }
}

/** The page's order again over the joined rows (the same keys as orderOf). */
function outerOrder(sort: ListSort): SQL {
  const dir = sort.sortDirection === 'asc' ? sql`asc` : sql`desc`;
  const tail = sql`p.created_at ${dir}, p.id ${dir}`;
  switch (sort.sortBy) {
    case 'createdTime':
      return tail;
    case 'updatedTime':
      return sql`p.updated_at ${dir}, ${tail}`;
    case 'status':
      return sql`p.status ${dir}, ${tail}`;
    case 'site':
      return sql`lower(site.name) ${dir}, ${tail}`;
    case 'subject':
      return sql`lower(s.patient_id) ${dir}, ${tail}`;
  }
}

/** One page of the query list (rows of the query table only; names are read for the page after). */
export async function listQueryPage(
  db: Executor,
  filter: QueryListFilter,
  sort: ListSort,
  page: { limit: number; offset: number },
): Promise<QueryRow[]> {
  return db
    .select()
    .from(queries)
    .where(and(...listConditions(filter, true)))
    .orderBy(...orderOf(sort))
    .limit(page.limit)
    .offset(page.offset);
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The names shown around a page of queries: sites, subjects (by enrollment), forms, data events, users. */
export async function loadListNames(db: Executor, studyId: string, rows: QueryRow[]) {
  const ids = (pick: (r: QueryRow) => string | null) => [
    ...new Set(rows.map(pick).filter((x): x is string => x !== null && x !== '')),
  ];
  const list = (values: string[]) =>
    sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
  const siteIds = ids((r) => r.siteId);
  const enrollmentIds = ids((r) => r.enrollmentId);
  const formIds = ids((r) => r.formId);
  const userIds = ids((r) => r.createdBy);
  const dataEventIds = ids((r) => r.dataEventId);
  const [sites, subjects, forms, users, events] = await Promise.all([
    siteIds.length
      ? db.execute(sql`select id, name from site where study_id = ${studyId} and id in (${list(siteIds)})`)
      : { rows: [] },
    enrollmentIds.length
      ? db.execute(
          sql`select e.id, e.subject_id, s.patient_id from enrollment e join subject s on s.study_id = e.study_id and s.id = e.subject_id
              where e.study_id = ${studyId} and e.id in (${list(enrollmentIds)})`,
        )
      : { rows: [] },
    formIds.length
      ? db.execute(
          sql`select id, name from form_template where study_id = ${studyId} and id in (${list(formIds)})`,
        )
      : { rows: [] },
    userIds.length
      ? db.execute(sql`select id, first_name, last_name from app_user where id in (${list(userIds)})`)
      : { rows: [] },
    dataEventIds.length
      ? db.execute(
          sql`select de->>'id' as id, de->'name' as name from process_data_event pde
              join process p on p.study_id = pde.study_id and p.id = pde.process_id,
              jsonb_array_elements(p.document->'dataEvents') de
              where pde.study_id = ${studyId} and pde.data_event_id in (${list(dataEventIds)})
              and de->>'id' = pde.data_event_id`,
        )
      : { rows: [] },
  ]);
  return {
    sites: new Map(rowsOf<{ id: string; name: string }>(sites).map((r) => [r.id, r.name])),
    subjects: new Map(
      rowsOf<{ id: string; subject_id: string; patient_id: string }>(subjects).map((r) => [
        r.id,
        { subjectId: r.subject_id, label: r.patient_id },
      ]),
    ),
    forms: new Map(rowsOf<{ id: string; name: string }>(forms).map((r) => [r.id, r.name])),
    users: new Map(
      rowsOf<{ id: string; first_name: string; last_name: string }>(users).map((r) => [
        r.id,
        `${r.first_name} ${r.last_name}`.trim(),
      ]),
    ),
    dataEvents: new Map(
      rowsOf<{ id: string; name: unknown }>(events).map((r) => [
        r.id,
        (typeof r.name === 'string' && r.name.startsWith('{') ? JSON.parse(r.name) : r.name) as Record<
          string,
          string
        >,
      ]),
    ),
  };
}

/** The site of a filled form and whether it belongs to the token and enrollment named (route site scope). */
export async function findQuestionnaireSite(db: Executor, studyId: string, questionnaireId: string) {
  const result = await db.execute(
    sql`select site_id from questionnaire where study_id = ${studyId} and id = ${questionnaireId}`,
  );
  return rowsOf<{ site_id: string }>(result)[0]?.site_id ?? null;
}

/** The study's primary language and whether it asks for extended validation beyond the respond call. */
export async function findStudyFacts(db: Executor, studyId: string) {
  const result = await db.execute(
    sql`select primary_language, name from study where id = ${studyId} and deleted_at is null`,
  );
  const row = rowsOf<{ primary_language: string | null; name: string }>(result)[0];
  return row ? { primaryLanguage: row.primary_language ?? 'en', name: row.name } : null;
}

export type StaffRecipient = {
  userId: string;
  email: string;
  firstName: string;
  language: string | null;
  queryNotifications: string;
  role: string;
  siteIds: 'ALL' | string[];
  extraPermissions: string[];
};

/** The study's staff with active access and an account (the notification candidates). */
export async function listStudyStaff(db: Executor, studyId: string): Promise<StaffRecipient[]> {
  const result = await db.execute(
    sql`select u.id, u.email, u.first_name, u.language, u.query_notifications, a.role, a.site_ids, a.extra_permissions
        from study_access a join app_user u on u.id = a.user_id
        where a.study_id = ${studyId} and a.status = 'ACTIVE' and u.is_disabled = false`,
  );
  // jsonb comes back parsed by the drivers, a JSON string ("ALL") as that string.
  const parse = <T>(v: unknown): T => {
    if (typeof v !== 'string' || !/^[[{"]/.test(v)) return v as T;
    try {
      return JSON.parse(v) as T;
    } catch {
      return v as T;
    }
  };
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    userId: r.id as string,
    email: r.email as string,
    firstName: r.first_name as string,
    language: (r.language as string | null) ?? null,
    queryNotifications: r.query_notifications as string,
    role: r.role as string,
    siteIds: parse<'ALL' | string[]>(r.site_ids),
    extraPermissions: parse<string[]>(r.extra_permissions),
  }));
}

/** A user's account facts for notifications. */
export async function findUserContact(db: Executor, userId: string) {
  const result = await db.execute(
    sql`select id, email, first_name, language, query_notifications, is_disabled from app_user where id = ${userId}`,
  );
  const r = rowsOf<Record<string, unknown>>(result)[0];
  if (!r || r.is_disabled) return null;
  return {
    userId: r.id as string,
    email: r.email as string,
    firstName: r.first_name as string,
    language: (r.language as string | null) ?? null,
    queryNotifications: r.query_notifications as string,
  };
}

/** Queries created or answered in a window, for the daily digest. */
export async function listQueriesChangedBetween(db: Executor, from: Date, to: Date) {
  return db
    .select()
    .from(queries)
    .where(and(sql`${queries.updatedAt} >= ${from}`, sql`${queries.updatedAt} < ${to}`))
    .orderBy(asc(queries.studyId), asc(queries.createdAt));
}

/** Whether the filled form belongs to the token and the token to the enrollment (the URL's ids agree). */
export async function questionnaireOfToken(
  db: Executor,
  input: { studyId: string; enrollmentId: string; tokenId: string; questionnaireId: string },
): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 from questionnaire q join token t on t.study_id = q.study_id and t.id = q.token_id
        where q.study_id = ${input.studyId} and q.id = ${input.questionnaireId}
        and q.token_id = ${input.tokenId} and t.enrollment_id = ${input.enrollmentId}`,
  );
  return rowsOf(result).length > 0;
}

/** Whether the study has the form (a form of another study is not found). */
export async function studyHasForm(db: Executor, studyId: string, formId: string): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 from form_template where study_id = ${studyId} and id = ${formId}`,
  );
  return rowsOf(result).length > 0;
}

export type ListedQuery = {
  row: QueryRow;
  siteName: string | null;
  subjectId: string | null;
  subjectLabel: string | null;
  formName: string | null;
  creatorName: string | null;
  dataEventName: Record<string, string> | null;
  primaryLanguage: string | null;
};

function parseJson<T>(v: unknown): T {
  if (typeof v !== 'string') return v as T;
  try {
    return JSON.parse(v) as T;
  } catch {
    return v as T;
  }
}

/**
 * One page of the query list with the names around each row in one statement: the page is cut from
 * the query table first (its indexes), then joined to site, enrollment, subject, form, user and the
 * data event's name in the process document, for those rows only.
 */
export async function listQueryPageWithNames(
  db: Executor,
  filter: QueryListFilter,
  sort: ListSort,
  page: { limit: number; offset: number },
): Promise<ListedQuery[]> {
  const inner = db
    .select()
    .from(queries)
    .where(and(...listConditions(filter, true)))
    .orderBy(...orderOf(sort))
    .limit(page.limit)
    .offset(page.offset);
  const result = await db.execute(sql`
    select p.*, site.name as site_name, e.subject_id as subject_id, s.patient_id as subject_label,
           f.name as form_name, trim(u.first_name || ' ' || u.last_name) as creator_name,
           st.primary_language as primary_language,
           (select de->'name' from process_data_event pde
              join process pr on pr.study_id = pde.study_id and pr.id = pde.process_id,
              jsonb_array_elements(pr.document->'dataEvents') de
             where pde.study_id = p.study_id and pde.data_event_id = p.data_event_id and de->>'id' = p.data_event_id
             limit 1) as data_event_name
      from (${inner}) p
      left join site on site.study_id = p.study_id and site.id = p.site_id
      left join enrollment e on e.study_id = p.study_id and e.id = p.enrollment_id
      left join subject s on s.study_id = e.study_id and s.id = e.subject_id
      left join form_template f on f.study_id = p.study_id and f.id = p.form_id
      left join app_user u on u.id = p.created_by
      left join study st on st.id = p.study_id
      order by ${outerOrder(sort)}`);
  const date = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
  const listed = rowsOf<Record<string, unknown>>(result).map((r) => ({
    row: {
      studyId: r.study_id as string,
      id: r.id as string,
      siteId: r.site_id as string,
      enrollmentId: r.enrollment_id as string,
      tokenId: r.token_id as string,
      dataEventId: r.data_event_id as string,
      questionnaireId: r.questionnaire_id as string,
      formId: r.form_id as string,
      questionId: r.question_id as string,
      answerId: (r.answer_id as string | null) ?? null,
      status: r.status as string,
      queryText: r.query_text as string,
      ruleId: (r.rule_id as string | null) ?? null,
      comments: parseJson<Record<string, unknown>[]>(r.comments) ?? [],
      createdBy: (r.created_by as string | null) ?? null,
      createdAt: date(r.created_at),
      updatedAt: date(r.updated_at),
    },
    siteName: (r.site_name as string | null) ?? null,
    subjectId: (r.subject_id as string | null) ?? null,
    subjectLabel: (r.subject_label as string | null) ?? null,
    formName: (r.form_name as string | null) ?? null,
    creatorName: (r.creator_name as string | null) || null,
    dataEventName: r.data_event_name ? parseJson<Record<string, string>>(r.data_event_name) : null,
    primaryLanguage: (r.primary_language as string | null) ?? null,
  }));
  return listed;
}

/**
 * The distinct statuses of the non-closed queries (OPEN, RESPONDED) of the given enrollments' tokens
 * (issue 19, subject's records): one read for all of them.
 */
export async function listActiveQueryStatusesOfEnrollments(
  db: Executor,
  studyId: string,
  enrollmentIds: readonly string[],
): Promise<{ tokenId: string; status: string }[]> {
  if (enrollmentIds.length === 0) return [];
  return db
    .selectDistinct({ tokenId: queries.tokenId, status: queries.status })
    .from(queries)
    .where(
      and(
        eq(queries.studyId, studyId),
        inArray(queries.enrollmentId, [...enrollmentIds]),
        inArray(queries.status, ['OPEN', 'RESPONDED']),
      ),
    )
    .orderBy(asc(queries.tokenId), asc(queries.status));
}
