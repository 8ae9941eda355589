/** The exports module's SQL (issue 26): jobs, their zip pieces, and the paged reads an export streams. */
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { auditEvents } from '../../platform/audit/tables';
import type { Db, Executor } from '../../platform/db/client';
import { adverseEvents } from '../adverse-events/tables';
import { enrollments } from '../enrollments/tables';
import { tokens } from '../enrollments/tokens/tables';
import { formTemplates, formTemplateVersions } from '../forms/tables';
import { processes } from '../processes/tables';
import { queries } from '../queries/tables';
import { answers, questionnaires } from '../questionnaires/tables';
import { sites } from '../sites/tables';
import { studies } from '../studies/tables';
import { subjects } from '../subjects/tables';
import { exportChunks, exportJobs } from './tables';

export type ExportJobRow = typeof exportJobs.$inferSelect;

export async function insertExportJob(
  db: Executor,
  row: typeof exportJobs.$inferInsert,
): Promise<ExportJobRow> {
  const [inserted] = await db.insert(exportJobs).values(row).returning();
  if (!inserted) throw new Error('export job not inserted');
  return inserted;
}

export async function findExportJob(db: Executor, studyId: string, id: string): Promise<ExportJobRow | null> {
  const [row] = await db
    .select()
    .from(exportJobs)
    .where(and(eq(exportJobs.studyId, studyId), eq(exportJobs.id, id)));
  return row ?? null;
}

export async function listExportJobs(
  db: Executor,
  studyId: string,
  requestedBy: string,
): Promise<ExportJobRow[]> {
  return db
    .select()
    .from(exportJobs)
    .where(and(eq(exportJobs.studyId, studyId), eq(exportJobs.requestedBy, requestedBy)))
    .orderBy(desc(exportJobs.createdAt), desc(exportJobs.id))
    .limit(100);
}

/** Takes the oldest queued export for this worker (SKIP LOCKED: several servers share the queue). */
export async function claimQueuedExport(db: Db, now: Date): Promise<ExportJobRow | null> {
  return db.transaction(async (tx) => {
    const [next] = await tx
      .select({ studyId: exportJobs.studyId, id: exportJobs.id })
      .from(exportJobs)
      .where(eq(exportJobs.status, 'QUEUED'))
      .orderBy(asc(exportJobs.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!next) return null;
    const [row] = await tx
      .update(exportJobs)
      .set({ status: 'RUNNING', startedAt: now })
      .where(and(eq(exportJobs.studyId, next.studyId), eq(exportJobs.id, next.id)))
      .returning();
    return row ?? null;
  });
}

export async function updateExportJob(
  db: Executor,
  job: { studyId: string; id: string },
  set: Partial<typeof exportJobs.$inferInsert>,
): Promise<void> {
  await db
    .update(exportJobs)
    .set(set)
    .where(and(eq(exportJobs.studyId, job.studyId), eq(exportJobs.id, job.id)));
}

export async function insertExportChunk(
  db: Executor,
  job: { studyId: string; id: string },
  seq: number,
  data: Buffer,
): Promise<void> {
  await db.insert(exportChunks).values({ studyId: job.studyId, exportId: job.id, seq, data });
}

export async function deleteExportChunks(db: Executor, job: { studyId: string; id: string }): Promise<void> {
  await db
    .delete(exportChunks)
    .where(and(eq(exportChunks.studyId, job.studyId), eq(exportChunks.exportId, job.id)));
}

/** The zip's pieces one at a time, in order (a download never holds the whole file). */
export async function* readExportChunks(
  db: Db,
  job: { studyId: string; id: string },
): AsyncGenerator<Buffer> {
  let seq = -1;
  for (;;) {
    const [row] = await db
      .select({ seq: exportChunks.seq, data: exportChunks.data })
      .from(exportChunks)
      .where(
        and(
          eq(exportChunks.studyId, job.studyId),
          eq(exportChunks.exportId, job.id),
          gt(exportChunks.seq, seq),
        ),
      )
      .orderBy(asc(exportChunks.seq))
      .limit(1);
    if (!row) return;
    seq = row.seq;
    yield Buffer.from(row.data);
  }
}

/** Exports past their keeping time: their zips are removed (the job row stays, for the record). */
export async function expiredExports(db: Executor, now: Date): Promise<{ studyId: string; id: string }[]> {
  return db
    .select({ studyId: exportJobs.studyId, id: exportJobs.id })
    .from(exportJobs)
    .where(
      and(isNotNull(exportJobs.expiresAt), lt(exportJobs.expiresAt, now), isNotNull(exportJobs.fileSize)),
    )
    .limit(100);
}

export async function studyOf(db: Executor, studyId: string) {
  const [row] = await db
    .select({ id: studies.id, name: studies.name, primaryLanguage: studies.primaryLanguage })
    .from(studies)
    .where(eq(studies.id, studyId));
  return row ?? null;
}

/** The ids of `ids` that are not sites of the study. */
export async function unknownSites(db: Executor, studyId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.studyId, studyId), inArray(sites.id, [...ids])));
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

export async function unknownForms(db: Executor, studyId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: formTemplates.id })
    .from(formTemplates)
    .where(and(eq(formTemplates.studyId, studyId), inArray(formTemplates.id, [...ids])));
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

export async function siteNames(db: Executor, studyId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .where(eq(sites.studyId, studyId))
    .orderBy(asc(sites.name), asc(sites.id));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Every process document of the study (data event names and types). */
export async function processDocuments(db: Executor, studyId: string): Promise<Record<string, unknown>[]> {
  const rows = await db
    .select({ document: processes.document })
    .from(processes)
    .where(eq(processes.studyId, studyId));
  return rows.map((r) => r.document);
}

/**
 * The forms of the export with the document their codebook is read from: the newest published
 * version (what data was collected against), else the draft. Deleted forms stay out.
 */
export async function exportForms(
  db: Executor,
  studyId: string,
  formIds: readonly string[],
): Promise<{ id: string; name: string; type: string; document: Record<string, unknown> }[]> {
  const conditions: SQL[] = [eq(formTemplates.studyId, studyId), isNull(formTemplates.deletedAt)];
  if (formIds.length > 0) conditions.push(inArray(formTemplates.id, [...formIds]));
  const forms = await db
    .select({
      id: formTemplates.id,
      name: formTemplates.name,
      type: formTemplates.type,
      draft: formTemplates.document,
    })
    .from(formTemplates)
    .where(and(...conditions))
    .orderBy(asc(formTemplates.name), asc(formTemplates.id));
  const out: { id: string; name: string; type: string; document: Record<string, unknown> }[] = [];
  for (const form of forms) {
    const [published] = await db
      .select({ document: formTemplateVersions.document })
      .from(formTemplateVersions)
      .where(and(eq(formTemplateVersions.studyId, studyId), eq(formTemplateVersions.formId, form.id)))
      .orderBy(desc(formTemplateVersions.major), desc(formTemplateVersions.minor))
      .limit(1);
    out.push({ id: form.id, name: form.name, type: form.type, document: published?.document ?? form.draft });
  }
  return out;
}

/** Which filled forms an export reads (the job's choices and the requester's sites). */
export type FilledFormFilter = {
  studyId: string;
  formIds: readonly string[];
  dataEventIds: readonly string[];
  siteIds: 'ALL' | readonly string[];
  excludedDataEventIds: readonly string[];
  from: Date | null;
  toExclusive: Date | null;
};

function filledFormConditions(filter: FilledFormFilter): SQL[] {
  const c: SQL[] = [eq(questionnaires.studyId, filter.studyId)];
  if (filter.formIds.length > 0) c.push(inArray(questionnaires.formId, [...filter.formIds]));
  if (filter.dataEventIds.length > 0) c.push(inArray(questionnaires.dataEventId, [...filter.dataEventIds]));
  if (filter.siteIds !== 'ALL') c.push(inArray(questionnaires.siteId, [...filter.siteIds, '']));
  if (filter.excludedDataEventIds.length > 0)
    c.push(
      sql`${questionnaires.dataEventId} not in (${sql.join(
        filter.excludedDataEventIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  if (filter.from) c.push(gte(questionnaires.createdAt, filter.from));
  if (filter.toExclusive) c.push(lt(questionnaires.createdAt, filter.toExclusive));
  return c;
}

export async function countFilledForms(db: Executor, filter: FilledFormFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(questionnaires)
    .where(and(...filledFormConditions(filter)));
  return Number(row?.n ?? 0);
}

const filledFormColumns = {
  id: questionnaires.id,
  formId: questionnaires.formId,
  siteId: questionnaires.siteId,
  dataEventId: questionnaires.dataEventId,
  formMajor: questionnaires.formMajor,
  formMinor: questionnaires.formMinor,
  status: questionnaires.status,
  createdAt: questionnaires.createdAt,
  completedAt: questionnaires.completedAt,
  patientId: subjects.patientId,
  attributes: subjects.attributes,
  enrollmentStatus: enrollments.status,
  isDiscontinued: sql<boolean>`coalesce(${enrollments.details}->'discontinuation' is not null and ${enrollments.details}->'discontinuation' <> 'null'::jsonb, false)`,
  tokenStatus: tokens.status,
};

function filledFormsFrom(db: Executor) {
  return db
    .select(filledFormColumns)
    .from(questionnaires)
    .innerJoin(
      enrollments,
      and(eq(enrollments.studyId, questionnaires.studyId), eq(enrollments.id, questionnaires.enrollmentId)),
    )
    .innerJoin(
      subjects,
      and(eq(subjects.studyId, enrollments.studyId), eq(subjects.id, enrollments.subjectId)),
    )
    .leftJoin(tokens, and(eq(tokens.studyId, questionnaires.studyId), eq(tokens.id, questionnaires.tokenId)));
}

/** One page of filled forms of one form after `after` (keyset by id), with subject, enrolment and event state. */
export async function filledFormPage(
  db: Executor,
  filter: FilledFormFilter,
  formId: string,
  after: string,
  limit: number,
) {
  return filledFormsFrom(db)
    .where(
      and(...filledFormConditions(filter), eq(questionnaires.formId, formId), gt(questionnaires.id, after)),
    )
    .orderBy(asc(questionnaires.id))
    .limit(limit);
}
export type FilledFormRow = Awaited<ReturnType<typeof filledFormPage>>[number];

/** A cursor in subject order: subject id, data event, filled form. */
export type SubjectCursor = { patientId: string; dataEventId: string; id: string };

/**
 * One page of filled forms of every exported form in subject, event and form order (ODM nests
 * them so), keyset on (subject id, data event, filled form id).
 */
export async function filledFormPageBySubject(
  db: Executor,
  filter: FilledFormFilter,
  after: SubjectCursor | null,
  limit: number,
): Promise<FilledFormRow[]> {
  const conditions = filledFormConditions(filter);
  if (after)
    conditions.push(
      sql`(${subjects.patientId}, ${questionnaires.dataEventId}, ${questionnaires.id}) > (${after.patientId}, ${after.dataEventId}, ${after.id})`,
    );
  return filledFormsFrom(db)
    .where(and(...conditions))
    .orderBy(asc(subjects.patientId), asc(questionnaires.dataEventId), asc(questionnaires.id))
    .limit(limit);
}

export async function answersOf(db: Executor, studyId: string, questionnaireIds: readonly string[]) {
  if (questionnaireIds.length === 0) return [];
  return db
    .select({
      questionnaireId: answers.questionnaireId,
      questionId: answers.questionId,
      value: answers.value,
    })
    .from(answers)
    .where(and(eq(answers.studyId, studyId), inArray(answers.questionnaireId, [...questionnaireIds])));
}

export async function queryPage(
  db: Executor,
  studyId: string,
  siteIds: 'ALL' | readonly string[],
  after: string,
) {
  const c: SQL[] = [eq(queries.studyId, studyId), gt(queries.id, after)];
  if (siteIds !== 'ALL') c.push(inArray(queries.siteId, [...siteIds, '']));
  return db
    .select()
    .from(queries)
    .where(and(...c))
    .orderBy(asc(queries.id))
    .limit(500);
}

export async function aePage(
  db: Executor,
  studyId: string,
  siteIds: 'ALL' | readonly string[],
  after: string,
) {
  const c: SQL[] = [eq(adverseEvents.studyId, studyId), gt(adverseEvents.id, after)];
  if (siteIds !== 'ALL') c.push(inArray(adverseEvents.siteId, [...siteIds, '']));
  return db
    .select({
      id: adverseEvents.id,
      siteId: adverseEvents.siteId,
      subjectId: adverseEvents.subjectId,
      patientId: subjects.patientId,
      status: adverseEvents.status,
      fillOutDate: adverseEvents.fillOutDate,
      eventDescription: adverseEvents.eventDescription,
      sae: adverseEvents.sae,
      seriousType: adverseEvents.seriousType,
      outcome: adverseEvents.outcome,
      createdAt: adverseEvents.createdAt,
    })
    .from(adverseEvents)
    .leftJoin(
      subjects,
      and(eq(subjects.studyId, adverseEvents.studyId), eq(subjects.id, adverseEvents.subjectId)),
    )
    .where(and(...c))
    .orderBy(asc(adverseEvents.id))
    .limit(500);
}

/** The study's audit trail in commit order (ticket), a page at a time. */
export async function auditPage(db: Executor, studyId: string, afterTicket: number) {
  return db
    .select({
      ticket: auditEvents.ticket,
      seq: auditEvents.seq,
      occurredAt: auditEvents.occurredAt,
      actorType: auditEvents.actorType,
      actorId: auditEvents.actorId,
      actorName: auditEvents.actorName,
      action: auditEvents.action,
      entityType: auditEvents.entityType,
      entityId: auditEvents.entityId,
      before: auditEvents.before,
      after: auditEvents.after,
      reason: auditEvents.reason,
      hash: auditEvents.hash,
    })
    .from(auditEvents)
    .where(and(eq(auditEvents.studyId, studyId), gt(auditEvents.ticket, afterTicket)))
    .orderBy(asc(auditEvents.ticket))
    .limit(1000);
}
