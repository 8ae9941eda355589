/**
 * SQL of the subject list (spec 001 §7 patient/list; issue 16 item 4): a search through the
 * trigram indexes of migration 0014, keyset or index-ordered pages, and totals read from the
 * per-site counts or counted up to a cap, so no call counts or sorts a whole study by default.
 */
import { and, eq, inArray, isNotNull, isNull, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from '../../platform/db/client';
import { sites } from '../sites/tables';
import type { SubjectRow } from './repo';
import { subjectCounts, subjects } from './tables';

/** Sites a field is visible at: every site, none, or some. */
export type Visibility = 'ALL' | string[];

/** The fields a search looks in besides the subject id, each shown to whom may see it (spec 000 §6). */
export const SEARCHED_FIELDS = ['firstName', 'lastName', 'initials', 'email'] as const;
export type SearchedField = (typeof SEARCHED_FIELDS)[number];

/**
 * A search counts its matches up to this many rows past the page's start; beyond that the total is
 * a lower bound ("1,000+"), which the list says.
 */
export const SEARCH_COUNT_WINDOW = 1000;

function visibleAt(visibility: Visibility, condition: SQL): SQL | undefined {
  if (visibility === 'ALL') return condition;
  if (visibility.length === 0) return undefined;
  return and(condition, inArray(subjects.siteId, visibility));
}

/** A sort expression that is NULL where the viewer may not see the field (nothing leaks by order). */
function sortableAt(visibility: Visibility, expression: SQL): SQL {
  if (visibility === 'ALL') return expression;
  // A bare NULL is refused in ORDER BY ("non-integer constant"); a typed one sorts every row alike.
  if (visibility.length === 0) return sql`cast(null as text)`;
  return sql`case when ${inArray(subjects.siteId, visibility)} then ${expression} end`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const dialect = new PgDialect();

/**
 * A fragment without values, rendered to its text once. Drizzle renders every chunk of a statement
 * (each column, each nested fragment) on every call: the list's statement, with its page written
 * twice, took ~0.8 ms of Node per call to render.
 */
function fixed(fragment: SQL): SQL {
  const query = dialect.sqlToQuery(fragment);
  if (query.params.length > 0) throw new Error(`A fixed fragment holds values: ${query.sql}`);
  return sql.raw(query.sql);
}

const column = {
  id: fixed(sql`${subjects.id}`),
  siteId: fixed(sql`${subjects.siteId}`),
  patientId: fixed(sql`${subjects.patientId}`),
  searchText: fixed(sql`${subjects.searchText}`),
};
const siteOfSubject = and(eq(sites.studyId, subjects.studyId), eq(sites.id, subjects.siteId));
/** An attribute's text; the names are the code's own, written into the statement as literals. */
const attribute = (name: string) => {
  if (!/^[A-Za-z]+$/.test(name)) throw new Error(`Not an attribute name: ${name}`);
  return fixed(sql`${subjects.attributes}->>${sql.raw(`'${name}'`)}`);
};
const patientIdKey = fixed(sql`lower(${subjects.patientId})`);

/**
 * The SQL behind each sortable column of the list (spec 001 §2 "sortable columns") and the SQL type
 * its value is read back as when a cursor continues after it.
 */
export const SORT_EXPRESSIONS: Record<string, { sql: SQL; type: string }> = {
  patientId: { sql: patientIdKey, type: 'text' },
  site: {
    sql: fixed(sql`(select ${sites.siteNumber} from ${sites} where ${siteOfSubject})`),
    type: 'integer',
  },
  firstName: { sql: fixed(sql`lower(${attribute('firstName')})`), type: 'text' },
  lastName: { sql: fixed(sql`lower(${attribute('lastName')})`), type: 'text' },
  initials: { sql: fixed(sql`lower(${attribute('initials')})`), type: 'text' },
  email: { sql: fixed(sql`lower(${attribute('email')})`), type: 'text' },
  mobileNumber: { sql: fixed(sql`${subjects.attributes}->'mobileNumber'->0->>'number'`), type: 'text' },
  dateOfBirth: { sql: attribute('dateOfBirth'), type: 'text' },
  birthYear: { sql: fixed(sql`(${attribute('birthYear')})::int`), type: 'integer' },
  gender: { sql: fixed(sql`(${attribute('gender')})::int`), type: 'integer' },
  nationality: { sql: attribute('nationality'), type: 'text' },
  language: { sql: attribute('language'), type: 'text' },
  trialGroup: { sql: fixed(sql`lower(${attribute('trialGroup')})`), type: 'text' },
  archived: { sql: fixed(sql`(${subjects.archivedAt} is not null)`), type: 'boolean' },
  createdTime: { sql: fixed(sql`${subjects.createdAt}`), type: 'timestamptz' },
  updatedTime: { sql: fixed(sql`${subjects.updatedAt}`), type: 'timestamptz' },
};

/** Where the previous page ended: its last row's sort value (as text), lower-cased subject id and id. */
export type SubjectListCursor = { value: string | null; patientId: string; id: string };

export type SubjectListFilter = {
  studyId: string;
  /** Sites the caller may list, intersected with the sites asked for. */
  siteIds: Visibility;
  archived: 'ACTIVE' | 'ARCHIVED' | 'ALL';
  search?: string;
  /** For each searched restricted field, where the caller may see it. */
  searchVisibility: Record<SearchedField, Visibility>;
  sortBy: string;
  sortVisibility: Visibility;
  sortDirection: 'asc' | 'desc';
  page: number;
  pageSize: number;
  /** Continue after this row instead of skipping `page - 1` pages. */
  after?: SubjectListCursor;
};

/**
 * Spec 000 §6: a search matches the subject id, and a name, the initials or the email only where
 * the caller may see that field (the full name where both names are visible). A caller who sees
 * every one of them everywhere searches `search_text` alone (it matches exactly when a field
 * does). Any other caller takes the candidates from `search_text` (through its trigram index; the
 * subject id is its first field) and the fields they may see decide, the subject id alone for a
 * caller who sees none.
 */
function searchCondition(filter: SubjectListFilter): SQL | undefined {
  const q = filter.search?.trim();
  if (!q) return undefined;
  const pattern = `%${escapeLike(q)}%`;
  const v = filter.searchVisibility;
  const byId = sql`${column.patientId} ilike ${pattern}`;
  const inSearchText = sql`${column.searchText} ilike ${pattern}`;
  if (SEARCHED_FIELDS.every((field) => v[field] === 'ALL')) return inSearchText;
  const fields = SEARCHED_FIELDS.flatMap((field) => {
    const condition = visibleAt(v[field], sql`${attribute(field)} ilike ${pattern}`);
    return condition ? [condition] : [];
  });
  if (fields.length === 0) return and(inSearchText, byId);
  const both: Visibility =
    v.firstName === 'ALL'
      ? v.lastName
      : v.lastName === 'ALL'
        ? v.firstName
        : v.firstName.filter((s) => v.lastName.includes(s));
  const fullName = visibleAt(
    both,
    sql`concat_ws(' ', ${attribute('firstName')}, ${attribute('lastName')}) ilike ${pattern}`,
  );
  return and(inSearchText, or(byId, ...fields, fullName));
}

function baseCondition(filter: SubjectListFilter): SQL | undefined {
  return and(
    eq(subjects.studyId, filter.studyId),
    filter.siteIds === 'ALL' ? undefined : inArray(subjects.siteId, filter.siteIds),
    filter.archived === 'ACTIVE'
      ? isNull(subjects.archivedAt)
      : filter.archived === 'ARCHIVED'
        ? isNotNull(subjects.archivedAt)
        : undefined,
  );
}

/** The rows after a cursor in the list's order: sort value, then subject id and id (nulls last). */
function afterCondition(
  sort: { expression: SQL; type: string; byPatientId: boolean },
  direction: 'asc' | 'desc',
  cursor: SubjectListCursor,
): SQL {
  const cmp = sql.raw(direction === 'asc' ? '>' : '<');
  const tie = sql`(${patientIdKey}, ${column.id}) ${cmp} (${cursor.patientId}::text, ${cursor.id}::text)`;
  if (sort.byPatientId) return tie;
  if (cursor.value === null) return sql`(${sort.expression} is null and ${tie})`;
  const value = sql`cast(${cursor.value} as ${sql.raw(sort.type)})`;
  return sql`(${sort.expression} ${cmp} ${value} or ${sort.expression} is null or (${sort.expression} = ${value} and ${tie}))`;
}

function sortOf(filter: SubjectListFilter) {
  const column = SORT_EXPRESSIONS[filter.sortBy] ?? SORT_EXPRESSIONS.patientId!;
  return {
    expression: sortableAt(filter.sortVisibility, column.sql),
    type: column.type,
    // The default order walks the (study, lower(subject id), id) index.
    byPatientId: column === SORT_EXPRESSIONS.patientId,
  };
}

/** One page of the list: its rows, where the next page starts, and the list's total. */
export type SubjectListPage = {
  rows: { subject: SubjectRow; siteName: string }[];
  next: SubjectListCursor | null;
  total: number;
  /** The total stopped at the search's count window: there are more matches. */
  isLowerBound: boolean;
};

/**
 * A row of the list's statements: a subject of the page with its site's name and cursor values, and
 * the total where the statement counts (one row of nulls but the total when the page is empty).
 */
type ListStatementRow = {
  total?: number | string;
  study_id: string | null;
  id: string | null;
  site_id: string;
  patient_id: string;
  attributes: Record<string, unknown> | string;
  archived_at: string | Date | null;
  created_at: string | Date;
  updated_at: string | Date;
  site_name: string;
  sort_value: string | null;
  patient_id_key: string;
};

const SUBJECT_COLUMNS = fixed(
  sql`${subjects.studyId}, ${subjects.id}, ${subjects.siteId}, ${subjects.patientId}, ${subjects.attributes}, ${subjects.archivedAt}, ${subjects.createdAt}, ${subjects.updatedAt}`,
);
const SUBJECT_TABLE = fixed(sql`${subjects}`);
const SITE_NAME = fixed(sql`(select ${sites.name} from ${sites} where ${siteOfSubject})`);

// Timestamps come as text from both drivers (Drizzle's parsers), as Drizzle's timestamp column reads them.
const dateOf = (value: string | Date) => (typeof value === 'string' ? new Date(value) : value);

function subjectOf(row: ListStatementRow): SubjectRow {
  return {
    studyId: row.study_id as string,
    id: row.id as string,
    siteId: row.site_id,
    patientId: row.patient_id,
    attributes: typeof row.attributes === 'string' ? JSON.parse(row.attributes) : row.attributes,
    archivedAt: row.archived_at === null ? null : dateOf(row.archived_at),
    createdAt: dateOf(row.created_at),
    updatedAt: dateOf(row.updated_at),
  };
}

/**
 * A page of subjects read from `from` (the table, or the matches under its name), with the site's
 * name, the sort value and the subject id key for a cursor, one row past the page.
 */
function pageOf(from: SQLWrapper, condition: SQL | undefined, filter: SubjectListFilter): SQL {
  const sort = sortOf(filter);
  const dir = sql.raw(filter.sortDirection);
  const order = sort.byPatientId
    ? sql`${patientIdKey} ${dir}, ${column.id} ${dir}`
    : sql`${sort.expression} ${dir} nulls last, ${patientIdKey} ${dir}, ${column.id} ${dir}`;
  const after = filter.after ? afterCondition(sort, filter.sortDirection, filter.after) : undefined;
  // The site's name is read for the page's rows only (a join would let the planner read every site's subjects first).
  return sql`select ${SUBJECT_COLUMNS}, ${SITE_NAME} as site_name,
      (${sort.expression})::text as sort_value, ${patientIdKey} as patient_id_key
    from ${from}
    where ${and(condition, after) ?? sql`true`}
    order by ${order}
    limit ${filter.pageSize + 1} offset ${filter.after ? 0 : (filter.page - 1) * filter.pageSize}`;
}

/** Without a search: the sum of the per-site counts (no subject row is read) and the page. */
function browseStatement(filter: SubjectListFilter): SQL {
  const counted = and(
    eq(subjectCounts.studyId, filter.studyId),
    filter.siteIds === 'ALL' ? undefined : inArray(subjectCounts.siteId, filter.siteIds),
    filter.archived === 'ALL' ? undefined : eq(subjectCounts.archived, filter.archived === 'ARCHIVED'),
  );
  return sql`with "total" as (
      select coalesce(sum(${subjectCounts.n}), 0)::bigint as n from ${subjectCounts} where ${counted}
    )
    select "total".n as total, "page".* from "total"
    left join lateral (${pageOf(SUBJECT_TABLE, baseCondition(filter), filter)}) as "page" on true`;
}

/**
 * A search's matches, taken from the trigram index once up to `cap` + 1 (`matches`, which keeps the
 * subject's columns so that the page's expressions read them under the table's name), counted, and
 * the page sorted from them when they are every match (a one-time filter skips it otherwise).
 */
function searchStatement(filter: SubjectListFilter, search: SQL, cap: number): SQL {
  return sql`with "matches" as materialized (
      select ${SUBJECT_COLUMNS} from ${SUBJECT_TABLE}
      where ${and(baseCondition(filter), search)} limit ${sql.raw(String(cap + 1))}
    ), "total" as (select count(*)::int as n from "matches")
    select "total".n as total, "page".* from "total" left join lateral (
      ${pageOf(sql`"matches" as ${SUBJECT_TABLE}`, sql`"total".n <= ${sql.raw(String(cap))}`, filter)}
    ) as "page" on true`;
}

async function rowsOf(db: Executor, statement: SQL): Promise<ListStatementRow[]> {
  const result = await db.execute(statement);
  return (result as unknown as { rows: ListStatementRow[] }).rows;
}

/** The page's subjects (rows of nulls left out) and, when one more row came, where the next page starts. */
function pageFrom(rows: ListStatementRow[], pageSize: number): Pick<SubjectListPage, 'rows' | 'next'> {
  const found = rows.filter((row) => row.id !== null);
  const page = found.slice(0, pageSize);
  const last = page.at(-1);
  return {
    rows: page.map((row) => ({ subject: subjectOf(row), siteName: row.site_name })),
    next:
      found.length > pageSize && last
        ? { value: last.sort_value, patientId: last.patient_id_key, id: last.id as string }
        : null,
  };
}

/**
 * Spec 001 §7 patient/list (issue 16 item 4): one page of the subject list, filtered, searched and
 * sorted, with a cursor to the next page, and the list's total, in one statement. Without a search
 * the total is the sum of the per-site counts and the rows of the default order come from the
 * (study, lower(subject id), id) index, a page costing its own rows. A search reads the trigram
 * index once and counts its matches up to a window past the page; when they are more, the total is
 * a lower bound ("1,000+") and a second statement walks the list's order for the page, which then
 * meets matches soon (the matches read would be an arbitrary part of them).
 *
 * The window is written into the statement, not sent as a parameter. PGlite runs statements as
 * named prepared statements (platform/db/pglite-prepared.ts), and after five runs PostgreSQL's plan
 * cache compares a generic plan with the custom ones. With `limit $n` the generic plan assumes the
 * limit is a tenth of the matches, so a sequential scan that stops early looks cheaper than the
 * trigram index: that plan read all 100,000 subjects of the bench's study for every search (95-105
 * ms; 4 ms with the index). With a known limit the sequential scan costs the whole table, so the
 * plan cache keeps the trigram index. One statement per page number searched.
 */
export async function readSubjectList(db: Executor, filter: SubjectListFilter): Promise<SubjectListPage> {
  const search = searchCondition(filter);
  if (!search) {
    const rows = await rowsOf(db, browseStatement(filter));
    return { ...pageFrom(rows, filter.pageSize), total: Number(rows[0]?.total ?? 0), isLowerBound: false };
  }
  const cap = (filter.page - 1) * filter.pageSize + SEARCH_COUNT_WINDOW;
  if (!Number.isSafeInteger(cap) || cap < 0) throw new Error(`Not a count cap: ${cap}`);
  const rows = await rowsOf(db, searchStatement(filter, search, cap));
  const total = Number(rows[0]?.total ?? 0);
  if (total <= cap) return { ...pageFrom(rows, filter.pageSize), total, isLowerBound: false };
  const walked = await rowsOf(db, pageOf(SUBJECT_TABLE, and(baseCondition(filter), search), filter));
  return { ...pageFrom(walked, filter.pageSize), total: cap, isLowerBound: true };
}

/** How many subjects the study holds, archived ones too (the plan's subject limit), from the per-site counts. */
export async function countStudySubjects(db: Executor, studyId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<string | null>`sum(${subjectCounts.n})` })
    .from(subjectCounts)
    .where(eq(subjectCounts.studyId, studyId));
  return Number(row?.n ?? 0);
}
