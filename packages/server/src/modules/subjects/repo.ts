/** SQL of the subjects module (spec 001 §7 subjects); every query is scoped by study first. */
import { and, asc, desc, eq, inArray, isNull, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { auditEvents } from '../../platform/audit/tables';
import type { Executor } from '../../platform/db/client';
import { placeholder, preparedStatement } from '../../platform/db/prepared';
import { enrollments } from '../enrollments/tables';
import { tokens } from '../enrollments/tokens/tables';
import { queries } from '../queries/tables';
import { answers, questionnaires } from '../questionnaires/tables';
import { randomizationAllocations } from '../randomization/tables';
import { sites } from '../sites/tables';
import { studies, subscriptionPlans } from '../studies/tables';
import { subjects } from './tables';

/** A subject as the module reads it (`search_text` is the database's, for the search index only). */
export type SubjectRow = Omit<typeof subjects.$inferSelect, 'searchText'>;
export type SubjectSiteRow = Pick<typeof sites.$inferSelect, 'id' | 'name' | 'siteNumber'>;

/**
 * The study's row as subject rules read it: status, id automation, languages, settings, plan limits.
 * Built once (platform/db/prepared.ts): every subject route reads it, the list on each call.
 */
function subjectStudyStatement(lock: boolean) {
  return preparedStatement(`subject_study${lock ? '_lock' : ''}`, (db: Executor) => {
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
      .where(and(eq(studies.id, placeholder('studyId')), isNull(studies.deletedAt)))
      .limit(1);
    // Creating subjects locks the study row: the subject limit and the id sequence are read, then written.
    return lock ? query.for('update', { of: studies }) : query;
  });
}
const subjectStudy = subjectStudyStatement(false);
const subjectStudyLocked = subjectStudyStatement(true);

/** The live study with what subject rules read: status, id automation, languages, settings, plan limits. */
export async function findSubjectStudy(db: Executor, studyId: string, options: { lock?: boolean } = {}) {
  const [row] = await (options.lock ? subjectStudyLocked : subjectStudy)(db, { studyId });
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

/** Every subject id of the study with its site (the id automation reads them). */
export async function listPatientIds(db: Executor, studyId: string) {
  return db
    .select({ patientId: subjects.patientId, siteId: subjects.siteId })
    .from(subjects)
    .where(eq(subjects.studyId, studyId));
}

/**
 * The values of `values` (lower-cased) that `key` of a subject of the study takes: one index probe per
 * value (LATERAL ... LIMIT 1 keeps the planner from a hash join over the whole study). An import
 * checks 5,000: `key = any($values)` was planned for each value's selectivity (50 ms of planning
 * per statement) and then, for the subject ids, run as a scan of every subject of the study.
 */
async function findTaken(
  db: Executor,
  studyId: string,
  key: SQL,
  values: string[],
  exceptId: string | undefined,
): Promise<string[]> {
  if (values.length === 0) return [];
  const lowered = [...new Set(values.map((value) => value.toLowerCase()))];
  const result = await db.execute(sql`
    select v.value from unnest(${sql.param(lowered)}::text[]) as v(value)
    cross join lateral (
      select 1 from ${subjects}
      where ${subjects.studyId} = ${studyId} and ${key} = v.value${exceptId ? sql` and ${subjects.id} <> ${exceptId}` : sql``}
      limit 1
    ) as taken`);
  return (result as unknown as { rows: { value: string }[] }).rows.map((row) => row.value);
}

/** Which of these subject ids (compared case-insensitively, lower-cased) the study already uses. */
export async function findTakenPatientIds(
  db: Executor,
  studyId: string,
  patientIds: string[],
  exceptId?: string,
): Promise<string[]> {
  return findTaken(db, studyId, sql`lower(${subjects.patientId})`, patientIds, exceptId);
}

/** Spec 000 §8 SUBJECT_EMAIL_DUPLICATE: which of these emails (lower-cased) a subject of the study has. */
export async function findTakenEmails(
  db: Executor,
  studyId: string,
  emails: string[],
  exceptId?: string,
): Promise<string[]> {
  return findTaken(db, studyId, sql`lower(${subjects.attributes}->>'email')`, emails, exceptId);
}

/** New subjects of one site, registered at one time: what each adds is its id, subject id and attributes. */
export type NewSubjects = {
  studyId: string;
  siteId: string;
  now: Date;
  subjects: Pick<SubjectRow, 'id' | 'patientId' | 'attributes'>[];
};

/** The rows `insertSubjects` stores for these subjects, as it stores them (a new subject is active). */
export function newSubjectRows(input: NewSubjects): SubjectRow[] {
  return input.subjects.map((s) => ({
    studyId: input.studyId,
    id: s.id,
    siteId: input.siteId,
    patientId: s.patientId,
    attributes: s.attributes,
    archivedAt: null,
    createdAt: input.now,
    updatedAt: input.now,
  }));
}

/**
 * Inserts subjects in one statement whatever their number (issue 16 item 4: an import of 5,000 rows):
 * what differs per subject travels as one JSON parameter that `jsonb_to_recordset` turns into rows,
 * the study, site and time once, so neither the statement's text nor its parameter count grows with
 * the rows (an array parameter per column, 5,000 texts each, cost more to write and to read on both
 * sides). The statement is sent before this returns its promise, so a caller may work meanwhile.
 */
export function insertSubjects(db: Executor, input: NewSubjects): Promise<void> {
  if (input.subjects.length === 0) return Promise.resolve();
  const json = JSON.stringify(
    input.subjects.map((s) => ({ id: s.id, patient_id: s.patientId, attributes: s.attributes })),
  );
  const now = input.now.toISOString();
  // Drizzle runs a statement when its promise is awaited: `then` runs it now.
  return db
    .execute(sql`
      insert into ${subjects} (study_id, id, site_id, patient_id, attributes, created_at, updated_at)
      select ${input.studyId}, r.id, ${input.siteId}, r.patient_id, r.attributes, ${now}::timestamptz, ${now}::timestamptz
      from jsonb_to_recordset(${json}::jsonb) as r(id text, patient_id text, attributes jsonb)`)
    .then(() => undefined);
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

/** Issue 22: has the subject been randomized (its trial group then comes from the allocation)? */
export async function isSubjectRandomized(
  db: Executor,
  studyId: string,
  subjectId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: randomizationAllocations.id })
    .from(randomizationAllocations)
    .where(
      and(eq(randomizationAllocations.studyId, studyId), eq(randomizationAllocations.subjectId, subjectId)),
    )
    .limit(1);
  return !!row;
}
