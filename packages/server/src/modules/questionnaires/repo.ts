/** SQL of filled forms: answer sets, answers, what filling reads (forms, rules, names) and their audit trail. */
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { auditEvents } from '../../platform/audit/tables';
import type { Executor } from '../../platform/db/client';
import {
  type CompiledStatement,
  placeholder,
  preparedByShape,
  preparedPart,
  preparedStatement,
} from '../../platform/db/prepared';
import { enrollments } from '../enrollments/tables';
import { tokens } from '../enrollments/tokens/tables';
import { answerFiles } from '../files/tables';
import { formTemplates, formTemplateVersions } from '../forms/tables';
import { processes } from '../processes/tables';
import { queries } from '../queries/tables';
import { showRules, validationRules } from '../rules/tables';
import { studies } from '../studies/tables';
import { subjects } from '../subjects/tables';
import { users } from '../users/tables';
import { answers, questionnaires } from './tables';

export type QuestionnaireRow = typeof questionnaires.$inferSelect;
export type AnswerRow = typeof answers.$inferSelect;

export async function findStudyRow(db: Executor, studyId: string) {
  const [row] = await studyRow(db, { studyId });
  return row && row.deletedAt === null ? row : null;
}

const studyRow = preparedStatement('fill_study_row', (db: Executor) =>
  db
    .select({
      id: studies.id,
      status: studies.status,
      amendmentBlocking: studies.amendmentBlocking,
      primaryLanguage: studies.primaryLanguage,
      timeZone: studies.timeZone,
      extendedValidation: studies.extendedValidation,
      verificationTypes: studies.verificationTypes,
      deletedAt: studies.deletedAt,
    })
    .from(studies)
    .where(eq(studies.id, placeholder('studyId')))
    .limit(1),
);

/**
 * What a fill or a participant link reads around a token, in one statement (issue 16 item 2): the
 * token's enrollment (row-locked with `lock`, the schedule's serialisation point), the study, the
 * process's revision and row version (its document comes from the cache, see
 * processes/document-cache.ts) and the subject. Null when any of them is missing. The token row
 * itself is read after the lock (findTokenWithQuestionnaires), so it is never older than the lock.
 */
export async function findFillRows(
  db: Executor,
  input: { studyId: string; tokenId: string; enrollmentId?: string },
  options: { lock?: boolean } = {},
) {
  const statement = fillRowStatements[(options.lock ? 2 : 0) + (input.enrollmentId === undefined ? 0 : 1)];
  const [row] = await (statement as (typeof fillRowStatements)[0])(db, {
    studyId: input.studyId,
    tokenId: input.tokenId,
    enrollmentId: input.enrollmentId ?? null,
  });
  return row ?? null;
}

/** The key the study's design rows are kept under (service/design-cache.ts): its design stamp and row version. */
const designKeyOfStudy = sql<string>`${studies.designStamp}::text || '/' || ${studies}.xmin::text`;

/** What every fill read takes around a token: its enrollment, study, design key, process version and subject. */
const fillColumns = {
  enrollment: enrollments,
  study: studies,
  designKey: designKeyOfStudy,
  process: { revision: processes.revision, xmin: sql<string>`${processes}.xmin::text` },
  subject: subjects,
};

/** How a fill read joins them to the token (the subject left-joined: an enrollment may have none). */
const fillJoins = {
  enrollment: and(eq(enrollments.studyId, tokens.studyId), eq(enrollments.id, tokens.enrollmentId)),
  study: eq(studies.id, enrollments.studyId),
  process: and(eq(processes.studyId, enrollments.studyId), eq(processes.id, enrollments.processId)),
  subject: and(eq(subjects.studyId, enrollments.studyId), eq(subjects.id, enrollments.subjectId)),
};

/** findFillRows' statement, built once (platform/db/prepared.ts): with or without the lock and the named enrollment. */
function fillRowStatement(lock: boolean, byEnrollment: boolean) {
  const name = `fill_rows${lock ? '_lock' : ''}${byEnrollment ? '_enrollment' : ''}`;
  return preparedStatement(name, (db: Executor) => fillRowsQuery(db, fillRowsWhere(byEnrollment), {}, lock));
}

/** The rows of a token named by `tokenId` (and its enrollment by `enrollmentId`): the placeholders of findFillRows. */
export function fillRowsWhere(byEnrollment: boolean): SQL | undefined {
  return and(
    eq(tokens.studyId, placeholder('studyId')),
    eq(tokens.id, placeholder('tokenId')),
    byEnrollment ? eq(enrollments.id, placeholder('enrollmentId')) : undefined,
  );
}

/**
 * The select of findFillRows, with more read beside it (`extra`, scalar columns): a participant's
 * submit reads its session with the locked rows (issue 16). With `lock`, the enrollment row only.
 */
export function fillRowsQuery<E extends Record<string, SQL<unknown>>>(
  db: Executor,
  where: SQL | undefined,
  extra: E,
  lock: boolean,
) {
  const query = db
    .select({
      ...fillColumns,
      ...extra,
    })
    .from(tokens)
    .innerJoin(enrollments, fillJoins.enrollment)
    .innerJoin(studies, fillJoins.study)
    .innerJoin(processes, fillJoins.process)
    .leftJoin(subjects, fillJoins.subject)
    .where(where)
    .limit(1);
  return lock ? query.for('update', { of: enrollments }) : query;
}

/** What findFillRows reads: the token's enrollment, study, design key, process version and subject. */
export type FillRows = NonNullable<Awaited<ReturnType<typeof findFillRows>>>;

const fillRowStatements = [
  fillRowStatement(false, false),
  fillRowStatement(false, true),
  fillRowStatement(true, false),
  fillRowStatement(true, true),
] as const;

/**
 * Without the lock, findFillRows and findTokenWithQuestionnaires in one statement (issue 16 item 2:
 * the participant's reads of a link, a read-only fill): a row per answer set of the token, oldest
 * first (one row with no answer set when it has none). Null when any of them is missing.
 */
export async function findFillRowsWithToken(
  db: Executor,
  input: { studyId: string; tokenId: string; enrollmentId?: string },
) {
  const statement = fillRowsWithTokenStatements[input.enrollmentId === undefined ? 0 : 1];
  return fillReadOf(
    await statement(db, {
      studyId: input.studyId,
      tokenId: input.tokenId,
      enrollmentId: input.enrollmentId ?? null,
    }),
  );
}

/** What findFillRowsWithToken gives back: a token's fill rows with its answer sets, read without the lock. */
export type FillRead = NonNullable<ReturnType<typeof fillReadOf<object>>>;

/** The rows of a fillRowsWithTokenQuery as one read (the columns of `extra` from its first row); null for none. */
export function fillReadOf<E extends object>(rows: (FillRowWithToken & E)[]) {
  const first = rows[0];
  if (!first) return null;
  const { questionnaire: _first, ...fill } = first;
  return {
    ...fill,
    questionnaires: rows.flatMap((r) => (r.questionnaire ? [r.questionnaire] : [])),
  };
}

type FillRowWithToken = Awaited<ReturnType<(typeof fillRowsWithTokenStatements)[0]>>[number];

/**
 * The select of findFillRowsWithToken, for a statement that names its token another way (`where`,
 * e.g. by its link) and reads more beside it (`extra`, scalar columns of the token's row): a public
 * link's first request reads the link, its fill and its address's limit in one statement (issue 16).
 */
export function fillRowsWithTokenQuery<E extends Record<string, SQL<unknown>>>(
  db: Executor,
  where: SQL | undefined,
  extra: E,
) {
  return db
    .select({
      ...fillColumns,
      token: tokens,
      questionnaire: questionnaires,
      ...extra,
    })
    .from(tokens)
    .innerJoin(enrollments, fillJoins.enrollment)
    .innerJoin(studies, fillJoins.study)
    .innerJoin(processes, fillJoins.process)
    .leftJoin(subjects, fillJoins.subject)
    .leftJoin(
      questionnaires,
      and(eq(questionnaires.studyId, tokens.studyId), eq(questionnaires.tokenId, tokens.id)),
    )
    .where(where)
    .orderBy(asc(questionnaires.createdAt), asc(questionnaires.id));
}

function fillRowsWithTokenStatement(byEnrollment: boolean) {
  const name = `fill_rows_with_token${byEnrollment ? '_enrollment' : ''}`;
  return preparedStatement(name, (db: Executor) =>
    fillRowsWithTokenQuery(
      db,
      and(
        eq(tokens.studyId, placeholder('studyId')),
        eq(tokens.id, placeholder('tokenId')),
        byEnrollment ? eq(enrollments.id, placeholder('enrollmentId')) : undefined,
      ),
      {},
    ),
  );
}

const fillRowsWithTokenStatements = [
  fillRowsWithTokenStatement(false),
  fillRowsWithTokenStatement(true),
] as const;

/**
 * A token update as a statement for a use case's deferWrite (issue 16 item 2: sent with the audit
 * events): the advance of a token after a save, which nothing in the use case reads back. Built once
 * per shape of `values`.
 */
const tokenUpdatePart = preparedByShape<{ studyId: string; tokenId: string }>((db, set) =>
  db
    .update(tokens)
    .set(set)
    .where(and(eq(tokens.studyId, placeholder('studyId')), eq(tokens.id, placeholder('tokenId'))))
    .returning({ one: sql`1` }),
);

export function tokenUpdateStatement(
  db: Executor,
  studyId: string,
  tokenId: string,
  values: Partial<Omit<typeof tokens.$inferInsert, 'studyId' | 'id'>>,
): CompiledStatement {
  return tokenUpdatePart(db, values, { studyId, tokenId });
}

/** A process's stored document with the revision and row version it was read at (the cache's key). */
export async function findProcessDocument(db: Executor, studyId: string, processId: string) {
  const [row] = await db
    .select({
      document: processes.document,
      revision: processes.revision,
      xmin: sql<string>`${processes}.xmin::text`,
    })
    .from(processes)
    .where(and(eq(processes.studyId, studyId), eq(processes.id, processId)))
    .limit(1);
  return row ?? null;
}

/** A token and its answer sets (oldest first), in one statement; null for an unknown token. */
export async function findTokenWithQuestionnaires(db: Executor, studyId: string, tokenId: string) {
  const rows = await tokenWithQuestionnaires(db, { studyId, tokenId });
  const first = rows[0];
  if (!first) return null;
  return {
    token: first.token,
    questionnaires: rows.flatMap((r) => (r.questionnaire ? [r.questionnaire] : [])),
  };
}

const tokenWithQuestionnaires = preparedStatement('token_with_questionnaires', (db: Executor) =>
  db
    .select({ token: tokens, questionnaire: questionnaires })
    .from(tokens)
    .leftJoin(
      questionnaires,
      and(eq(questionnaires.studyId, tokens.studyId), eq(questionnaires.tokenId, tokens.id)),
    )
    .where(and(eq(tokens.studyId, placeholder('studyId')), eq(tokens.id, placeholder('tokenId'))))
    .orderBy(asc(questionnaires.createdAt), asc(questionnaires.id)),
);

/** The form rows of these forms without their documents: versions, removal, revision and row version. */
export async function listFormHeads(db: Executor, studyId: string, formIds: readonly string[]) {
  if (formIds.length === 0) return [];
  return formHeads(db, { studyId, formIds: [...formIds] });
}

const formHeads = preparedStatement('form_heads', (db: Executor) =>
  db
    .select({
      id: formTemplates.id,
      type: formTemplates.type,
      versionMajor: formTemplates.versionMajor,
      versionMinor: formTemplates.versionMinor,
      revision: formTemplates.revision,
      deletedAt: formTemplates.deletedAt,
      xmin: sql<string>`${formTemplates}.xmin::text`,
    })
    .from(formTemplates)
    .where(
      and(
        eq(formTemplates.studyId, placeholder('studyId')),
        sql`${formTemplates.id} = any(${placeholder('formIds')}::text[])`,
      ),
    ),
);

/** Published versions of forms, several at once. */
export async function listFormVersionDocuments(
  db: Executor,
  studyId: string,
  wanted: readonly { formId: string; major: number; minor: number }[],
) {
  if (wanted.length === 0) return [];
  const matches: SQL[] = wanted.map(
    (w) =>
      and(
        eq(formTemplateVersions.formId, w.formId),
        eq(formTemplateVersions.major, w.major),
        eq(formTemplateVersions.minor, w.minor),
      ) as SQL,
  );
  return db
    .select({
      formId: formTemplateVersions.formId,
      major: formTemplateVersions.major,
      minor: formTemplateVersions.minor,
      document: formTemplateVersions.document,
    })
    .from(formTemplateVersions)
    .where(and(eq(formTemplateVersions.studyId, studyId), or(...matches)));
}

/** Draft documents of forms, with the revision and row version they were read at. */
export async function listFormDraftDocuments(db: Executor, studyId: string, formIds: readonly string[]) {
  if (formIds.length === 0) return [];
  return db
    .select({
      id: formTemplates.id,
      document: formTemplates.document,
      revision: formTemplates.revision,
      xmin: sql<string>`${formTemplates}.xmin::text`,
    })
    .from(formTemplates)
    .where(and(eq(formTemplates.studyId, studyId), inArray(formTemplates.id, [...formIds])));
}

/**
 * The stand-alone validation rules and the reference show rules on a form, in one statement
 * (`kind` V or S; a show rule has its process and data event scope).
 */
export async function listFormRuleRows(db: Executor, studyId: string, formId: string) {
  return formRuleRows(db, { studyId, formId });
}

const formRuleRows = preparedStatement('form_rule_rows', (db: Executor) => {
  const validation = db
    .select({
      kind: sql<string>`'V'`.as('kind'),
      id: validationRules.id,
      processId: sql<string | null>`null::text`.as('process_id'),
      dataEventId: sql<string | null>`null::text`.as('data_event_id'),
      document: validationRules.document,
    })
    .from(validationRules)
    .where(
      and(
        eq(validationRules.studyId, placeholder('studyId')),
        eq(validationRules.formId, placeholder('formId')),
      ),
    );
  const show = db
    .select({
      kind: sql<string>`'S'`.as('kind'),
      id: showRules.id,
      processId: showRules.processId,
      dataEventId: showRules.dataEventId,
      document: showRules.document,
    })
    .from(showRules)
    .where(and(eq(showRules.studyId, placeholder('studyId')), eq(showRules.formId, placeholder('formId'))));
  return validation.unionAll(show);
});

/** The form row, live or deleted (a filled form keeps its form even after the form is removed). */
export async function findFormRow(db: Executor, studyId: string, formId: string) {
  const [row] = await db
    .select()
    .from(formTemplates)
    .where(and(eq(formTemplates.studyId, studyId), eq(formTemplates.id, formId)))
    .limit(1);
  return row ?? null;
}

export async function findFormVersionRow(
  db: Executor,
  studyId: string,
  formId: string,
  version: { major: number; minor: number },
) {
  const [row] = await db
    .select()
    .from(formTemplateVersions)
    .where(
      and(
        eq(formTemplateVersions.studyId, studyId),
        eq(formTemplateVersions.formId, formId),
        eq(formTemplateVersions.major, version.major),
        eq(formTemplateVersions.minor, version.minor),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Every stand-alone validation rule of the study (to find the forms other rules refer to). */
export async function listStudyValidationRuleRows(db: Executor, studyId: string) {
  return db
    .select({ id: validationRules.id, document: validationRules.document })
    .from(validationRules)
    .where(eq(validationRules.studyId, studyId));
}

export async function findQuestionnaire(
  db: Executor,
  studyId: string,
  questionnaireId: string,
  options: { lock?: boolean } = {},
): Promise<QuestionnaireRow | null> {
  const statement = options.lock ? questionnaireLocked : questionnaireRow;
  const [row] = await statement(db, { studyId, questionnaireId });
  return row ?? null;
}

function questionnaireStatement(lock: boolean) {
  return preparedStatement(`questionnaire_row${lock ? '_lock' : ''}`, (db: Executor) => {
    const query = db
      .select()
      .from(questionnaires)
      .where(
        and(
          eq(questionnaires.studyId, placeholder('studyId')),
          eq(questionnaires.id, placeholder('questionnaireId')),
        ),
      )
      .limit(1);
    return lock ? query.for('update') : query;
  });
}
const questionnaireRow = questionnaireStatement(false);
const questionnaireLocked = questionnaireStatement(true);

export async function findTokenFormQuestionnaire(
  db: Executor,
  studyId: string,
  tokenId: string,
  formId: string,
): Promise<QuestionnaireRow | null> {
  const [row] = await db
    .select()
    .from(questionnaires)
    .where(
      and(
        eq(questionnaires.studyId, studyId),
        eq(questionnaires.tokenId, tokenId),
        eq(questionnaires.formId, formId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function listTokenQuestionnaires(db: Executor, studyId: string, tokenId: string) {
  return db
    .select()
    .from(questionnaires)
    .where(and(eq(questionnaires.studyId, studyId), eq(questionnaires.tokenId, tokenId)))
    .orderBy(asc(questionnaires.createdAt), asc(questionnaires.id));
}

export async function listEnrollmentQuestionnaires(db: Executor, studyId: string, enrollmentId: string) {
  return db
    .select()
    .from(questionnaires)
    .where(and(eq(questionnaires.studyId, studyId), eq(questionnaires.enrollmentId, enrollmentId)))
    .orderBy(asc(questionnaires.createdAt), asc(questionnaires.id));
}

export async function insertQuestionnaire(db: Executor, row: QuestionnaireRow): Promise<void> {
  await db.insert(questionnaires).values(row);
}

/**
 * insertQuestionnaire as a statement for a use case's deferWrite (issue 16 item 2), built once per
 * shape of the row (which columns are null): building it with Drizzle on every participant submit
 * was 5 % of the server's CPU.
 */
export function questionnaireInsertStatement(db: Executor, row: QuestionnaireRow): CompiledStatement {
  return questionnaireInsertPart(db, row, {});
}

const questionnaireInsertPart = preparedByShape((db, set) =>
  db
    .insert(questionnaires)
    .values(set as unknown as QuestionnaireRow)
    .returning({ one: sql`1` }),
);

export async function updateQuestionnaire(
  db: Executor,
  studyId: string,
  id: string,
  values: Partial<Omit<QuestionnaireRow, 'studyId' | 'id'>>,
): Promise<void> {
  await db
    .update(questionnaires)
    .set(values)
    .where(and(eq(questionnaires.studyId, studyId), eq(questionnaires.id, id)));
}

/** updateQuestionnaire as a statement for a use case's deferWrite (issue 16 item 2), built once per shape. */
const questionnaireUpdatePart = preparedByShape<{ studyId: string; id: string }>((db, set) =>
  db
    .update(questionnaires)
    .set(set)
    .where(and(eq(questionnaires.studyId, placeholder('studyId')), eq(questionnaires.id, placeholder('id'))))
    .returning({ one: sql`1` }),
);

export function questionnaireUpdateStatement(
  db: Executor,
  studyId: string,
  id: string,
  values: Partial<Omit<QuestionnaireRow, 'studyId' | 'id'>>,
): CompiledStatement {
  return questionnaireUpdatePart(db, values, { studyId, id });
}

export async function listAnswerRows(
  db: Executor,
  studyId: string,
  questionnaireIds: string[],
): Promise<AnswerRow[]> {
  if (questionnaireIds.length === 0) return [];
  return answerRows(db, { studyId, questionnaireIds });
}

const answerRows = preparedStatement('answer_rows', (db: Executor) =>
  db
    .select()
    .from(answers)
    .where(
      and(
        eq(answers.studyId, placeholder('studyId')),
        sql`${answers.questionnaireId} = any(${placeholder('questionnaireIds')}::text[])`,
      ),
    )
    .orderBy(asc(answers.createdAt), asc(answers.id)),
);

/**
 * An answer set's answer rows (as listAnswerRows) and the statuses of the queries on it, in one
 * statement (issue 16 item 2: a staff update reads both once its answer set is locked). The statuses
 * ride on each answer row; a set without answers has no row to carry them, so null is returned and
 * the caller reads them alone. The statuses' subquery names the answer set by the parameters, not
 * by the answer row, so PostgreSQL runs it once (an InitPlan), not once per answer.
 */
export async function listAnswerRowsWithQueryStatuses(
  db: Executor,
  studyId: string,
  questionnaireId: string,
): Promise<{ rows: AnswerRow[]; queryStatuses: string[] } | null> {
  const found = await answerRowsWithQueryStatuses(db, { studyId, questionnaireId });
  const first = found[0];
  if (!first) return null;
  return { rows: found.map((r) => r.answer), queryStatuses: first.queryStatuses };
}

const answerRowsWithQueryStatuses = preparedStatement('answer_rows_query_statuses', (db: Executor) =>
  db
    .select({
      answer: answers,
      queryStatuses: sql<
        string[]
      >`(select coalesce(array_agg(${queries.status} order by ${queries.createdAt}, ${queries.id}), '{}')
        from ${queries} where ${queries.studyId} = ${placeholder('studyId')} and ${queries.questionnaireId} = ${placeholder('questionnaireId')})`,
    })
    .from(answers)
    .where(
      and(
        eq(answers.studyId, placeholder('studyId')),
        eq(answers.questionnaireId, placeholder('questionnaireId')),
      ),
    )
    .orderBy(asc(answers.createdAt), asc(answers.id)),
);

/**
 * Writes answer rows in one statement (issue 16 item 2): new rows are inserted, rows whose id is in
 * `existing` (read in the same transaction) take the given value, marks, verification and
 * `updated_at`; `created_at`, the answer set and the question stay as stored. Only new rows (a new
 * answer set): a plain insert, so the answer triggers (the data-view marks, migration 0040) run for
 * inserts only; an upsert also runs the update triggers, on empty transition tables. Otherwise an
 * upsert, whose conflict check always finds the stored rows through the primary key (an update
 * joined to the rows' ids was planned as a scan of every answer while the table's estimates were
 * small, seen in the write bench).
 */
export async function upsertAnswerRows(
  db: Executor,
  rows: AnswerRow[],
  existing: ReadonlySet<string> = new Set(),
): Promise<void> {
  if (rows.length === 0) return;
  await (allNew(rows, existing) ? insertAnswers : upsertAnswers)(db, answerColumns(rows));
}

/**
 * upsertAnswerRows as a statement for a use case's deferWrite (issue 16 item 2: the answers go with
 * the audit events when nothing in the use case reads them after); null when there is nothing to write.
 */
export function answerRowsStatement(
  db: Executor,
  rows: AnswerRow[],
  existing: ReadonlySet<string> = new Set(),
): CompiledStatement | null {
  if (rows.length === 0) return null;
  return (allNew(rows, existing) ? insertAnswersPart : upsertAnswersPart)(db, answerColumns(rows));
}

/** No row is stored yet: the write is a plain insert (see upsertAnswerRows). */
const allNew = (rows: AnswerRow[], existing: ReadonlySet<string>) => rows.every((r) => !existing.has(r.id));

/** The rows as one array per column, the values of `newAnswerRows`. */
function answerColumns(rows: AnswerRow[]) {
  // The rows of one write share their times (the use case's now): each written as text once, not
  // twice per row (60 toISOString calls per 30-answer submit were 1 % of the server's CPU).
  let lastDate: Date | null = null;
  let lastText = '';
  const iso = (d: Date | null) => {
    if (d === null) return null;
    if (d !== lastDate) {
      lastDate = d;
      lastText = d.toISOString();
    }
    return lastText;
  };
  return {
    studyIds: rows.map((r) => r.studyId),
    ids: rows.map((r) => r.id),
    questionnaireIds: rows.map((r) => r.questionnaireId),
    questionIds: rows.map((r) => r.questionId),
    values: rows.map((r) => JSON.stringify(r.value)),
    timeZones: rows.map((r) => r.timeZone ?? null),
    unavailable: rows.map((r) => r.isUnavailable ?? false),
    skipped: rows.map((r) => r.isSkipped ?? false),
    verifiedAt: rows.map((r) => iso(r.verifiedAt ?? null)),
    verifiedBy: rows.map((r) => r.verifiedBy ?? null),
    secondaryVerifiedAt: rows.map((r) => iso(r.secondaryVerifiedAt ?? null)),
    secondaryVerifiedBy: rows.map((r) => r.secondaryVerifiedBy ?? null),
    createdAt: rows.map((r) => iso(r.createdAt)),
    updatedAt: rows.map((r) => iso(r.updatedAt)),
  };
}

/**
 * The answer writes' statements (issue 16 item 2): the rows travel as one array per column through
 * `unnest`, so the text is the same for any number of answers and is built once
 * (platform/db/prepared.ts) instead of 14 parameters per row every time.
 */
const arrayOf = (name: string, type: string) => sql`${placeholder(name)}::${sql.raw(type)}[]`;

const newAnswerRows = () =>
  sql`select s, i, q, qn, v::jsonb, tz, un, sk, va, vb, sva, svb, ca, ua from unnest(${sql.join(
    [
      arrayOf('studyIds', 'text'),
      arrayOf('ids', 'text'),
      arrayOf('questionnaireIds', 'text'),
      arrayOf('questionIds', 'text'),
      arrayOf('values', 'text'),
      arrayOf('timeZones', 'text'),
      arrayOf('unavailable', 'boolean'),
      arrayOf('skipped', 'boolean'),
      arrayOf('verifiedAt', 'timestamptz'),
      arrayOf('verifiedBy', 'text'),
      arrayOf('secondaryVerifiedAt', 'timestamptz'),
      arrayOf('secondaryVerifiedBy', 'text'),
      arrayOf('createdAt', 'timestamptz'),
      arrayOf('updatedAt', 'timestamptz'),
    ],
    sql`, `,
  )}) as u(s, i, q, qn, v, tz, un, sk, va, vb, sva, svb, ca, ua)`;

const insertAnswersQuery = (db: Executor) => db.insert(answers).select(newAnswerRows());

const upsertAnswersQuery = (db: Executor) => {
  const excluded = (name: string) => sql.raw(`excluded."${name}"`);
  return db
    .insert(answers)
    .select(newAnswerRows())
    .onConflictDoUpdate({
      target: [answers.studyId, answers.id],
      set: {
        value: excluded('value'),
        timeZone: excluded('time_zone'),
        isUnavailable: excluded('is_unavailable'),
        isSkipped: excluded('is_skipped'),
        verifiedAt: excluded('verified_at'),
        verifiedBy: excluded('verified_by'),
        secondaryVerifiedAt: excluded('secondary_verified_at'),
        secondaryVerifiedBy: excluded('secondary_verified_by'),
        updatedAt: excluded('updated_at'),
      },
    });
};

const insertAnswers = preparedStatement('insert_answer_rows', insertAnswersQuery);
const upsertAnswers = preparedStatement('upsert_answer_rows', upsertAnswersQuery);
const insertAnswersPart = preparedPart((db) => insertAnswersQuery(db).returning({ one: sql`1` }));
const upsertAnswersPart = preparedPart((db) => upsertAnswersQuery(db).returning({ one: sql`1` }));

export async function updateAnswerRow(
  db: Executor,
  studyId: string,
  id: string,
  values: Partial<Omit<AnswerRow, 'studyId' | 'id'>>,
): Promise<void> {
  await db
    .update(answers)
    .set(values)
    .where(and(eq(answers.studyId, studyId), eq(answers.id, id)));
}

/** Clears primary and secondary verification of every answer of a questionnaire (form-level unverify). */
export async function setAllAnswersVerification(
  db: Executor,
  studyId: string,
  questionnaireId: string,
  values: Partial<
    Pick<AnswerRow, 'verifiedAt' | 'verifiedBy' | 'secondaryVerifiedAt' | 'secondaryVerifiedBy'>
  >,
): Promise<void> {
  await db
    .update(answers)
    .set(values)
    .where(and(eq(answers.studyId, studyId), eq(answers.questionnaireId, questionnaireId)));
}

/** A user with the parts of a display name. */
export type NamedUser = { id: string; firstName: string; lastName: string };

/** How a user's name shows as filled-out-by in the header. */
export function displayNameOf(user: Pick<NamedUser, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/** Display names of users by id (filled-out-by in the header). */
export async function findUserNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await userNames(db, { ids: unique });
  return new Map(rows.map((r) => [r.id, displayNameOf(r)]));
}

/** Queries raised on the given questionnaires. */
const userNames = preparedStatement('user_names', (db: Executor) =>
  db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(sql`${users.id} = any(${placeholder('ids')}::text[])`),
);

export async function listQuestionnaireQueries(db: Executor, studyId: string, questionnaireIds: string[]) {
  if (questionnaireIds.length === 0) return [];
  return questionnaireQueries(db, { studyId, questionnaireIds });
}

const questionnaireQueries = preparedStatement('questionnaire_queries', (db: Executor) =>
  db
    .select()
    .from(queries)
    .where(
      and(
        eq(queries.studyId, placeholder('studyId')),
        sql`${queries.questionnaireId} = any(${placeholder('questionnaireIds')}::text[])`,
      ),
    )
    .orderBy(asc(queries.createdAt), asc(queries.id)),
);

/**
 * The latest audit events of a questionnaire and of its answers (change log, spec 001 §2), newest
 * first; `actions` limits them to the given actions.
 */
export async function listQuestionnaireAudit(
  db: Executor,
  input: { studyId: string; questionnaireId: string; answerIds: string[]; actions: string[]; limit: number },
) {
  const onForm = and(
    eq(auditEvents.entityType, 'QUESTIONNAIRE'),
    eq(auditEvents.entityId, input.questionnaireId),
  );
  const onAnswers =
    input.answerIds.length > 0
      ? and(eq(auditEvents.entityType, 'ANSWER'), inArray(auditEvents.entityId, input.answerIds))
      : undefined;
  return db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.studyId, input.studyId),
        onAnswers ? or(onForm, onAnswers) : onForm,
        inArray(auditEvents.action, input.actions),
      ),
    )
    .orderBy(desc(auditEvents.ticket))
    .limit(input.limit);
}

/** The id of a token of the study by its link secret (tokenStringOrId look-ups). */
export async function findTokenIdByLink(db: Executor, studyId: string, link: string): Promise<string | null> {
  const [row] = await db
    .select({ id: tokens.id })
    .from(tokens)
    .where(and(eq(tokens.studyId, studyId), eq(tokens.token, link)))
    .limit(1);
  return row?.id ?? null;
}

/** Spec 001 §4: which of these tokens are marked missingData (their forms show missing data). */
export async function listMissingDataTokenIds(
  db: Executor,
  studyId: string,
  tokenIds: readonly string[],
): Promise<Set<string>> {
  if (tokenIds.length === 0) return new Set();
  const rows = await db
    .select({ id: tokens.id })
    .from(tokens)
    .where(and(eq(tokens.studyId, studyId), inArray(tokens.id, [...tokenIds]), eq(tokens.missingData, true)));
  return new Set(rows.map((r) => r.id));
}

/** Where answer files were uploaded: their token, its subject, form and question (issue 17 item 5). */
export type AnswerFileOwner = {
  id: string;
  tokenId: string;
  subjectId: string;
  formId: string | null;
  questionId: string | null;
};

/** The owners of the named answer files of a study, in one statement (files of other studies are absent). */
export async function listAnswerFileOwners(
  db: Executor,
  studyId: string,
  fileIds: string[],
): Promise<AnswerFileOwner[]> {
  if (fileIds.length === 0) return [];
  return db
    .select({
      id: answerFiles.id,
      tokenId: answerFiles.tokenId,
      subjectId: enrollments.subjectId,
      formId: answerFiles.formId,
      questionId: answerFiles.questionId,
    })
    .from(answerFiles)
    .innerJoin(tokens, and(eq(tokens.studyId, answerFiles.studyId), eq(tokens.id, answerFiles.tokenId)))
    .innerJoin(
      enrollments,
      and(eq(enrollments.studyId, tokens.studyId), eq(enrollments.id, tokens.enrollmentId)),
    )
    .where(and(eq(answerFiles.studyId, studyId), inArray(answerFiles.id, fileIds)));
}
