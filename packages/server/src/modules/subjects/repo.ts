/** SQL of the subjects module (spec 001 §7 subjects); every query is scoped by study first. */
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { auditEvents } from '../../platform/audit/tables';
import type { Executor } from '../../platform/db/client';
import { enrollments } from '../enrollments/tables';
import { tokens } from '../enrollments/tokens/tables';
import { queries } from '../queries/tables';
import { answers, questionnaires } from '../questionnaires/tables';
import { sites } from '../sites/tables';
import { studies, subscriptionPlans } from '../studies/tables';
import { subjects } from './tables';

export type SubjectRow = typeof subjects.$inferSelect;
export type SubjectSiteRow = Pick<typeof sites.$inferSelect, 'id' | 'name' | 'siteNumber'>;

/** The live study with what subject rules read: status, id automation, languages, settings, plan limits. */
export async function findSubjectStudy(db: Executor, studyId: string, options: { lock?: boolean } = {}) {
  const query = db
    .select({
      id: studies.id,
      status: studies.status,
      subjectIdAutomation: studies.subjectIdAutomation,
      languages: studies.languages,
      settings: studies.settings,
      planLimits: subscriptionPlans.limits,
    })
    .from(studies)
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, studies.planId))
    .where(and(eq(studies.id, studyId), isNull(studies.deletedAt)))
    .limit(1);
  // Creating subjects locks the study row: the subject limit and the id sequence are read, then written.
  const [row] = options.lock ? await query.for('update', { of: studies }) : await query;
  return row;
}
export type SubjectStudy = NonNullable<Awaited<ReturnType<typeof findSubjectStudy>>>;

export async function findStudySite(db: Executor, studyId: string, siteId: string) {
  const [row] = await db
    .select({ id: sites.id, name: sites.name, siteNumber: sites.siteNumber })
    .from(sites)
    .where(and(eq(sites.studyId, studyId), eq(sites.id, siteId)))
    .limit(1);
  return row;
}

export async function countStudySubjects(db: Executor, studyId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(subjects).where(eq(subjects.studyId, studyId));
  return Number(row?.n ?? 0);
}

/** Every subject id of the study with its site (the id automation reads them). */
export async function listPatientIds(db: Executor, studyId: string) {
  return db
    .select({ patientId: subjects.patientId, siteId: subjects.siteId })
    .from(subjects)
    .where(eq(subjects.studyId, studyId));
}

/** Which of these subject ids (compared case-insensitively) the study already uses. */
export async function findTakenPatientIds(
  db: Executor,
  studyId: string,
  patientIds: string[],
  exceptId?: string,
): Promise<string[]> {
  if (patientIds.length === 0) return [];
  const rows = await db
    .select({ patientId: subjects.patientId })
    .from(subjects)
    .where(
      and(
        eq(subjects.studyId, studyId),
        inArray(
          sql`lower(${subjects.patientId})`,
          patientIds.map((id) => id.toLowerCase()),
        ),
        exceptId ? sql`${subjects.id} <> ${exceptId}` : undefined,
      ),
    );
  return rows.map((r) => r.patientId.toLowerCase());
}

/** Spec 000 §8 SUBJECT_EMAIL_DUPLICATE: which of these emails (lower-cased) a subject of the study has. */
export async function findTakenEmails(
  db: Executor,
  studyId: string,
  emails: string[],
  exceptId?: string,
): Promise<string[]> {
  if (emails.length === 0) return [];
  const email = sql<string>`lower(${subjects.attributes}->>'email')`;
  const rows = await db
    .select({ email })
    .from(subjects)
    .where(
      and(
        eq(subjects.studyId, studyId),
        inArray(
          email,
          emails.map((e) => e.toLowerCase()),
        ),
        exceptId ? sql`${subjects.id} <> ${exceptId}` : undefined,
      ),
    );
  return rows.map((r) => r.email);
}

export async function insertSubjects(
  db: Executor,
  rows: (typeof subjects.$inferInsert)[],
): Promise<SubjectRow[]> {
  if (rows.length === 0) return [];
  const out: SubjectRow[] = [];
  // Batches keep each statement well under the 65,535 bind parameters of PostgreSQL.
  for (let i = 0; i < rows.length; i += 500) {
    out.push(
      ...(await db
        .insert(subjects)
        .values(rows.slice(i, i + 500))
        .returning()),
    );
  }
  return out;
}

export async function findSubject(
  db: Executor,
  studyId: string,
  id: string,
): Promise<SubjectRow | undefined> {
  const [row] = await db
    .select()
    .from(subjects)
    .where(and(eq(subjects.studyId, studyId), eq(subjects.id, id)))
    .limit(1);
  return row;
}

/**
 * The study and site of a subject found by its id alone. Crosses studies on purpose: the
 * spec's `GET /patient/{id}` names no study, so the guard must find it before checking.
 */
export async function findSubjectScopeAcrossStudies(db: Executor, id: string) {
  const [row] = await db
    .select({ studyId: subjects.studyId, siteId: subjects.siteId })
    .from(subjects)
    .innerJoin(studies, and(eq(studies.id, subjects.studyId), isNull(studies.deletedAt)))
    .where(eq(subjects.id, id))
    .limit(1);
  return row;
}

export async function updateSubjectRow(
  db: Executor,
  studyId: string,
  id: string,
  values: Partial<Pick<SubjectRow, 'patientId' | 'attributes' | 'archivedAt' | 'updatedAt'>>,
): Promise<SubjectRow> {
  const [row] = await db
    .update(subjects)
    .set(values)
    .where(and(eq(subjects.studyId, studyId), eq(subjects.id, id)))
    .returning();
  if (!row) throw new Error('subject vanished inside its transaction');
  return row;
}

export async function deleteSubjectRow(db: Executor, studyId: string, id: string): Promise<void> {
  await db.delete(subjects).where(and(eq(subjects.studyId, studyId), eq(subjects.id, id)));
}

/** Enrollments of a subject (read only: the enrollments module owns them). */
export async function listSubjectEnrollments(db: Executor, studyId: string, subjectId: string) {
  return db
    .select({ siteId: enrollments.siteId, status: enrollments.status })
    .from(enrollments)
    .where(and(eq(enrollments.studyId, studyId), eq(enrollments.subjectId, subjectId)));
}

export async function listSitesByIds(
  db: Executor,
  studyId: string,
  siteIds: string[],
): Promise<SubjectSiteRow[]> {
  if (siteIds.length === 0) return [];
  return db
    .select({ id: sites.id, name: sites.name, siteNumber: sites.siteNumber })
    .from(sites)
    .where(and(eq(sites.studyId, studyId), inArray(sites.id, siteIds)))
    .orderBy(asc(sites.siteNumber));
}

/** Subjects of one site for the light list, in subject id order. */
export async function listSiteSubjectRows(db: Executor, studyId: string, siteId: string) {
  return db
    .select()
    .from(subjects)
    .where(and(eq(subjects.studyId, studyId), eq(subjects.siteId, siteId)))
    .orderBy(asc(subjects.patientId), asc(subjects.id));
}

/** Sites a field is visible at: every site, none, or some. */
export type Visibility = 'ALL' | string[];

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

const attribute = (name: string) => sql`${subjects.attributes}->>${name}`;

/** The SQL behind each sortable column of the list (spec 001 §2 "sortable columns"). */
export const SORT_EXPRESSIONS: Record<string, SQL> = {
  patientId: sql`lower(${subjects.patientId})`,
  site: sql`${sites.siteNumber}`,
  firstName: sql`lower(${attribute('firstName')})`,
  lastName: sql`lower(${attribute('lastName')})`,
  initials: sql`lower(${attribute('initials')})`,
  email: sql`lower(${attribute('email')})`,
  mobileNumber: sql`${subjects.attributes}->'mobileNumber'->0->>'number'`,
  dateOfBirth: attribute('dateOfBirth'),
  birthYear: sql`(${attribute('birthYear')})::int`,
  gender: sql`(${attribute('gender')})::int`,
  nationality: attribute('nationality'),
  language: attribute('language'),
  trialGroup: sql`lower(${attribute('trialGroup')})`,
  archived: sql`(${subjects.archivedAt} is not null)`,
  createdTime: sql`${subjects.createdAt}`,
  updatedTime: sql`${subjects.updatedAt}`,
};

export type SubjectListFilter = {
  studyId: string;
  /** Sites the caller may list, intersected with the sites asked for. */
  siteIds: Visibility;
  archived: 'ACTIVE' | 'ARCHIVED' | 'ALL';
  search?: string;
  /** For each searchable restricted field, where the caller may see it. */
  searchVisibility: { firstName: Visibility; lastName: Visibility; initials: Visibility; email: Visibility };
  sortBy: string;
  sortVisibility: Visibility;
  sortDirection: 'asc' | 'desc';
  page: number;
  pageSize: number;
};

function searchCondition(filter: SubjectListFilter): SQL | undefined {
  const q = filter.search?.trim();
  if (!q) return undefined;
  const pattern = `%${escapeLike(q)}%`;
  const v = filter.searchVisibility;
  const both: Visibility =
    v.firstName === 'ALL'
      ? v.lastName
      : v.lastName === 'ALL'
        ? v.firstName
        : v.firstName.filter((s) => v.lastName.includes(s));
  const fullName = sql`concat_ws(' ', ${attribute('firstName')}, ${attribute('lastName')}) ilike ${pattern}`;
  return or(
    sql`${subjects.patientId} ilike ${pattern}`,
    ...(['firstName', 'lastName', 'initials', 'email'] as const).map((field) =>
      visibleAt(v[field], sql`${attribute(field)} ilike ${pattern}`),
    ),
    visibleAt(both, fullName),
  );
}

/** One page of the subject list with the total, filtered, searched and sorted (spec 001 §7 patient/list). */
export async function listSubjectPage(db: Executor, filter: SubjectListFilter) {
  if (filter.siteIds !== 'ALL' && filter.siteIds.length === 0) return { rows: [], total: 0 };
  const where = and(
    eq(subjects.studyId, filter.studyId),
    filter.siteIds === 'ALL' ? undefined : inArray(subjects.siteId, filter.siteIds),
    filter.archived === 'ACTIVE'
      ? isNull(subjects.archivedAt)
      : filter.archived === 'ARCHIVED'
        ? isNotNull(subjects.archivedAt)
        : undefined,
    searchCondition(filter),
  );
  const expression = sortableAt(
    filter.sortVisibility,
    SORT_EXPRESSIONS[filter.sortBy] ?? SORT_EXPRESSIONS.patientId!,
  );
  const direction = filter.sortDirection === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  const tieBreak = filter.sortDirection === 'asc' ? asc : desc;
  const join = and(eq(sites.studyId, subjects.studyId), eq(sites.id, subjects.siteId));
  const rows = await db
    .select({ subject: subjects, siteName: sites.name })
    .from(subjects)
    .innerJoin(sites, join)
    .where(where)
    .orderBy(
      sql`${expression} ${direction}`,
      tieBreak(sql`lower(${subjects.patientId})`),
      tieBreak(subjects.id),
    )
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const [total] = await db.select({ n: count() }).from(subjects).innerJoin(sites, join).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

// ---------------------------------------------------------------- record history (spec 001 §2)

/**
 * The latest audit events of a subject's record, newest first: the subject itself, its enrollments,
 * their tokens, filled forms, answers and queries. Each branch matches `audit_event_study_entity_idx`
 * (study, entity type, entity id) with the ids taken from the subject's own rows.
 */
export async function listSubjectAuditEvents(
  db: Executor,
  studyId: string,
  subjectId: string,
  limit: number,
) {
  const enrollmentIds = db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.studyId, studyId), eq(enrollments.subjectId, subjectId)));
  const questionnaireIds = db
    .select({ id: questionnaires.id })
    .from(questionnaires)
    .where(and(eq(questionnaires.studyId, studyId), inArray(questionnaires.enrollmentId, enrollmentIds)));
  const on = (entityType: string, ids: SQLWrapper) =>
    and(eq(auditEvents.entityType, entityType), inArray(auditEvents.entityId, ids));
  return db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.studyId, studyId),
        or(
          and(eq(auditEvents.entityType, 'SUBJECT'), eq(auditEvents.entityId, subjectId)),
          on('ENROLLMENT', enrollmentIds),
          on(
            'TOKEN',
            db
              .select({ id: tokens.id })
              .from(tokens)
              .where(and(eq(tokens.studyId, studyId), inArray(tokens.enrollmentId, enrollmentIds))),
          ),
          on('QUESTIONNAIRE', questionnaireIds),
          on(
            'ANSWER',
            db
              .select({ id: answers.id })
              .from(answers)
              .where(and(eq(answers.studyId, studyId), inArray(answers.questionnaireId, questionnaireIds))),
          ),
          on(
            'QUERY',
            db
              .select({ id: queries.id })
              .from(queries)
              .where(and(eq(queries.studyId, studyId), inArray(queries.enrollmentId, enrollmentIds))),
          ),
        ),
      ),
    )
    .orderBy(desc(auditEvents.ticket))
    .limit(limit);
}

/** The rows a history entry points at, by id: answers, queries, filled forms, tokens and enrollments. */
export async function findSubjectRecordRows(
  db: Executor,
  studyId: string,
  ids: {
    answers: string[];
    queries: string[];
    questionnaires: string[];
    tokens: string[];
    enrollments: string[];
  },
) {
  const none = <T>(list: string[], run: () => Promise<T[]>) =>
    list.length === 0 ? Promise.resolve([]) : run();
  const [answerRows, queryRows] = await Promise.all([
    none(ids.answers, () =>
      db
        .select({ id: answers.id, questionnaireId: answers.questionnaireId })
        .from(answers)
        .where(and(eq(answers.studyId, studyId), inArray(answers.id, ids.answers))),
    ),
    none(ids.queries, () =>
      db
        .select({ id: queries.id, questionnaireId: queries.questionnaireId, tokenId: queries.tokenId })
        .from(queries)
        .where(and(eq(queries.studyId, studyId), inArray(queries.id, ids.queries))),
    ),
  ]);
  const questionnaireIds = [
    ...new Set([
      ...ids.questionnaires,
      ...answerRows.map((a) => a.questionnaireId),
      ...queryRows.flatMap((q) => (q.questionnaireId ? [q.questionnaireId] : [])),
    ]),
  ];
  const questionnaireRows = await none(questionnaireIds, () =>
    db
      .select({
        id: questionnaires.id,
        tokenId: questionnaires.tokenId,
        enrollmentId: questionnaires.enrollmentId,
        dataEventId: questionnaires.dataEventId,
        formId: questionnaires.formId,
        formMajor: questionnaires.formMajor,
        formMinor: questionnaires.formMinor,
      })
      .from(questionnaires)
      .where(and(eq(questionnaires.studyId, studyId), inArray(questionnaires.id, questionnaireIds))),
  );
  const tokenIds = [
    ...new Set([
      ...ids.tokens,
      ...questionnaireRows.map((q) => q.tokenId),
      ...queryRows.flatMap((q) => (q.tokenId ? [q.tokenId] : [])),
    ]),
  ];
  const tokenRows = await none(tokenIds, () =>
    db
      .select({
        id: tokens.id,
        enrollmentId: tokens.enrollmentId,
        dataEventId: tokens.dataEventId,
        type: tokens.type,
      })
      .from(tokens)
      .where(and(eq(tokens.studyId, studyId), inArray(tokens.id, tokenIds))),
  );
  const enrollmentIds = [...new Set([...ids.enrollments, ...tokenRows.map((t) => t.enrollmentId)])];
  const enrollmentRows = await none(enrollmentIds, () =>
    db
      .select({ id: enrollments.id, processId: enrollments.processId })
      .from(enrollments)
      .where(and(eq(enrollments.studyId, studyId), inArray(enrollments.id, enrollmentIds))),
  );
  return { answerRows, queryRows, questionnaireRows, tokenRows, enrollmentRows };
}
