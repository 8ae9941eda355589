/**
 * SQL of the subject list (spec 001 §7 patient/list; issue 16 item 4): a search through the
 * trigram indexes of migration 0014, keyset or index-ordered pages, and totals read from the
 * per-site counts or counted up to a cap, so no call counts or sorts a whole study by default.
 */
import { and, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { sites } from '../sites/tables';
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

const siteOfSubject = and(eq(sites.studyId, subjects.studyId), eq(sites.id, subjects.siteId));
const attribute = (name: string) => sql`${subjects.attributes}->>${name}`;
const patientIdKey = sql`lower(${subjects.patientId})`;

/**
 * The SQL behind each sortable column of the list (spec 001 §2 "sortable columns") and the SQL type
 * its value is read back as when a cursor continues after it.
 */
export const SORT_EXPRESSIONS: Record<string, { sql: SQL; type: string }> = {
  patientId: { sql: patientIdKey, type: 'text' },
  site: {
    sql: sql`(select ${sites.siteNumber} from ${sites} where ${siteOfSubject})`,
    type: 'integer',
  },
  firstName: { sql: sql`lower(${attribute('firstName')})`, type: 'text' },
  lastName: { sql: sql`lower(${attribute('lastName')})`, type: 'text' },
  initials: { sql: sql`lower(${attribute('initials')})`, type: 'text' },
  email: { sql: sql`lower(${attribute('email')})`, type: 'text' },
  mobileNumber: { sql: sql`${subjects.attributes}->'mobileNumber'->0->>'number'`, type: 'text' },
  dateOfBirth: { sql: attribute('dateOfBirth'), type: 'text' },
  birthYear: { sql: sql`(${attribute('birthYear')})::int`, type: 'integer' },
  gender: { sql: sql`(${attribute('gender')})::int`, type: 'integer' },
  nationality: { sql: attribute('nationality'), type: 'text' },
  language: { sql: attribute('language'), type: 'text' },
  trialGroup: { sql: sql`lower(${attribute('trialGroup')})`, type: 'text' },
  archived: { sql: sql`(${subjects.archivedAt} is not null)`, type: 'boolean' },
  createdTime: { sql: sql`${subjects.createdAt}`, type: 'timestamptz' },
  updatedTime: { sql: sql`${subjects.updatedAt}`, type: 'timestamptz' },
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
 * does); one who sees none searches the subject id alone; both through their trigram index. In
 * between, `search_text` gives the candidates and the visible fields decide.
 */
function searchCondition(filter: SubjectListFilter): SQL | undefined {
  const q = filter.search?.trim();
  if (!q) return undefined;
  const pattern = `%${escapeLike(q)}%`;
  const v = filter.searchVisibility;
  const byId = sql`${subjects.patientId} ilike ${pattern}`;
  const inSearchText = sql`${subjects.searchText} ilike ${pattern}`;
  if (SEARCHED_FIELDS.every((field) => v[field] === 'ALL')) return inSearchText;
  const fields = SEARCHED_FIELDS.flatMap((field) => {
    const condition = visibleAt(v[field], sql`${attribute(field)} ilike ${pattern}`);
    return condition ? [condition] : [];
  });
  if (fields.length === 0) return byId;
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
  const tie = sql`(${patientIdKey}, ${subjects.id}) ${cmp} (${cursor.patientId}::text, ${cursor.id}::text)`;
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

/**
 * One page of the subject list (spec 001 §7 patient/list), filtered, searched and sorted, with a
 * cursor to the next page. In the default order the rows come from the (study, lower(subject id),
 * id) index, a page costing its own rows. `fewMatches` (a search whose capped count found every
 * match, see countSubjectList) takes the matches from the trigram index and sorts them instead: walking the
 * index would read the whole study to find them.
 */
export async function listSubjectPage(
  db: Executor,
  filter: SubjectListFilter,
  options: { fewMatches: boolean } = { fewMatches: false },
) {
  const sort = sortOf(filter);
  const dir = sql.raw(filter.sortDirection);
  // `|| ''` leaves the order as it is but hides it from the index, so the planner cannot walk it.
  const idKey = options.fewMatches ? sql`(${patientIdKey} || '')` : patientIdKey;
  const order = sort.byPatientId
    ? [sql`${idKey} ${dir}`, sql`${subjects.id} ${dir}`]
    : [sql`${sort.expression} ${dir} nulls last`, sql`${patientIdKey} ${dir}`, sql`${subjects.id} ${dir}`];
  const rows = await db
    .select({
      subject: subjects,
      // Read for the page's rows only (a join would let the planner read every site's subjects first).
      siteName: sql<string>`(select ${sites.name} from ${sites} where ${siteOfSubject})`,
      sortValue: sql<string | null>`(${sort.expression})::text`,
      patientIdKey: sql<string>`${patientIdKey}`,
    })
    .from(subjects)
    .where(
      and(
        baseCondition(filter),
        searchCondition(filter),
        filter.after ? afterCondition(sort, filter.sortDirection, filter.after) : undefined,
      ),
    )
    .orderBy(...order)
    .limit(filter.pageSize + 1)
    .offset(filter.after ? 0 : (filter.page - 1) * filter.pageSize);
  const page = rows.slice(0, filter.pageSize);
  const last = page.at(-1);
  const next: SubjectListCursor | null =
    rows.length > filter.pageSize && last
      ? { value: last.sortValue, patientId: last.patientIdKey, id: last.subject.id }
      : null;
  return { rows: page, next };
}

/**
 * The list's total: without a search the sum of the per-site counts (no subject row is read);
 * with one the matches counted up to a window past the page, beyond which it is a lower bound.
 */
export async function countSubjectList(
  db: Executor,
  filter: SubjectListFilter,
): Promise<{ total: number; isLowerBound: boolean }> {
  if (!filter.search?.trim()) {
    const [row] = await db
      .select({ n: sql<string | null>`sum(${subjectCounts.n})` })
      .from(subjectCounts)
      .where(
        and(
          eq(subjectCounts.studyId, filter.studyId),
          filter.siteIds === 'ALL' ? undefined : inArray(subjectCounts.siteId, filter.siteIds),
          filter.archived === 'ALL' ? undefined : eq(subjectCounts.archived, filter.archived === 'ARCHIVED'),
        ),
      );
    return { total: Number(row?.n ?? 0), isLowerBound: false };
  }
  const cap = (filter.page - 1) * filter.pageSize + SEARCH_COUNT_WINDOW;
  if (!Number.isSafeInteger(cap) || cap < 0) throw new Error(`Not a count cap: ${cap}`);
  const matches = db
    .select({ one: sql`1` })
    .from(subjects)
    .where(and(baseCondition(filter), searchCondition(filter)));
  // The cap is written into the statement, not sent as a parameter. PGlite runs statements as
  // named prepared statements (platform/db/pglite-prepared.ts), and after five runs PostgreSQL's
  // plan cache compares a generic plan with the custom ones. With `limit $n` the generic plan
  // assumes the limit is a tenth of the matches, so a sequential scan that stops early looks
  // cheaper (626) than the trigram index (~1,200): that plan read all 100,000 subjects of the
  // bench's study for every search (95-105 ms; 4 ms with the index). With a known limit the
  // sequential scan costs the whole table, so the plan cache keeps custom plans (and its generic
  // plan is the trigram index too). One statement per page number searched; PostgreSQL plans
  // each run anyway (node-postgres sends statements unnamed).
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sql`(${matches} limit ${sql.raw(String(cap + 1))}) as "matches"`);
  const n = Number(row?.n ?? 0);
  return n > cap ? { total: cap, isLowerBound: true } : { total: n, isLowerBound: false };
}

/** How many subjects the study holds, archived ones too (the plan's subject limit), from the per-site counts. */
export async function countStudySubjects(db: Executor, studyId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<string | null>`sum(${subjectCounts.n})` })
    .from(subjectCounts)
    .where(eq(subjectCounts.studyId, studyId));
  return Number(row?.n ?? 0);
}
