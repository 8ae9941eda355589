/** The casebooks module's SQL (issue 27 item 4): jobs, and the reads that gather one subject's record. */
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { auditEvents } from '../../platform/audit/tables';
import type { Db, Executor } from '../../platform/db/client';
import { customAeReports } from '../adverse-events/custom-reports/tables';
import { adverseEvents, aeSignatures } from '../adverse-events/tables';
import { enrollments } from '../enrollments/tables';
import { tokens } from '../enrollments/tokens/tables';
import { formTemplates } from '../forms/tables';
import { medicationAccounting, medications } from '../medication/tables';
import { processes } from '../processes/tables';
import { queries } from '../queries/tables';
import { answers, questionnaires } from '../questionnaires/tables';
import { blindBreaks, randomizationAllocations } from '../randomization/tables';
import { sites } from '../sites/tables';
import { studies } from '../studies/tables';
import { subjects } from '../subjects/tables';
import { casebookJobs } from './tables';

export type CasebookJobRow = typeof casebookJobs.$inferSelect;
/** A job without its PDF bytes (lists and status reads never load them). */
export type CasebookJobInfo = Omit<CasebookJobRow, 'pdf'>;

const { pdf: _pdf, ...infoColumns } = casebookJobs;
const INFO = {
  studyId: casebookJobs.studyId,
  id: casebookJobs.id,
  subjectId: casebookJobs.subjectId,
  siteId: casebookJobs.siteId,
  requestedBy: casebookJobs.requestedBy,
  access: casebookJobs.access,
  language: casebookJobs.language,
  status: casebookJobs.status,
  progressDone: casebookJobs.progressDone,
  progressTotal: casebookJobs.progressTotal,
  fileName: casebookJobs.fileName,
  fileSize: casebookJobs.fileSize,
  pageCount: casebookJobs.pageCount,
  error: casebookJobs.error,
  createdAt: casebookJobs.createdAt,
  startedAt: casebookJobs.startedAt,
  completedAt: casebookJobs.completedAt,
  expiresAt: casebookJobs.expiresAt,
} satisfies Record<keyof typeof infoColumns & keyof CasebookJobInfo, unknown>;

export async function insertCasebookJob(
  db: Executor,
  row: typeof casebookJobs.$inferInsert,
): Promise<CasebookJobInfo> {
  const [inserted] = await db.insert(casebookJobs).values(row).returning(INFO);
  if (!inserted) throw new Error('casebook job not inserted');
  return inserted;
}

export async function findCasebookJob(
  db: Executor,
  studyId: string,
  id: string,
): Promise<CasebookJobInfo | null> {
  const [row] = await db
    .select(INFO)
    .from(casebookJobs)
    .where(and(eq(casebookJobs.studyId, studyId), eq(casebookJobs.id, id)));
  return row ?? null;
}

export async function readCasebookPdf(db: Executor, studyId: string, id: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ pdf: casebookJobs.pdf })
    .from(casebookJobs)
    .where(and(eq(casebookJobs.studyId, studyId), eq(casebookJobs.id, id)));
  return row?.pdf ?? null;
}

export async function listCasebookJobs(
  db: Executor,
  studyId: string,
  subjectId: string,
  requestedBy: string,
): Promise<CasebookJobInfo[]> {
  return db
    .select(INFO)
    .from(casebookJobs)
    .where(
      and(
        eq(casebookJobs.studyId, studyId),
        eq(casebookJobs.subjectId, subjectId),
        eq(casebookJobs.requestedBy, requestedBy),
      ),
    )
    .orderBy(desc(casebookJobs.createdAt), desc(casebookJobs.id))
    .limit(20);
}

/** Takes the oldest queued casebook for this worker (SKIP LOCKED: several servers share the queue). */
export async function claimQueuedCasebook(db: Db, now: Date): Promise<CasebookJobInfo | null> {
  return db.transaction(async (tx) => {
    const [next] = await tx
      .select({ studyId: casebookJobs.studyId, id: casebookJobs.id })
      .from(casebookJobs)
      .where(eq(casebookJobs.status, 'QUEUED'))
      .orderBy(asc(casebookJobs.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!next) return null;
    const [row] = await tx
      .update(casebookJobs)
      .set({ status: 'RUNNING', startedAt: now })
      .where(and(eq(casebookJobs.studyId, next.studyId), eq(casebookJobs.id, next.id)))
      .returning(INFO);
    return row ?? null;
  });
}

export async function updateCasebookJob(
  db: Executor,
  job: { studyId: string; id: string },
  set: Partial<typeof casebookJobs.$inferInsert>,
): Promise<void> {
  await db
    .update(casebookJobs)
    .set(set)
    .where(and(eq(casebookJobs.studyId, job.studyId), eq(casebookJobs.id, job.id)));
}

/** Casebooks past their keeping time: their PDFs are dropped (a query across studies: the sweep's). */
export async function dropExpiredCasebookPdfsAcrossStudies(db: Executor, now: Date): Promise<void> {
  await db
    .update(casebookJobs)
    .set({ pdf: null, fileSize: null })
    .where(and(isNotNull(casebookJobs.pdf), lt(casebookJobs.expiresAt, now)));
}

// ---- The record of one subject ----

export async function findCasebookStudy(db: Executor, studyId: string) {
  const [row] = await db
    .select({
      id: studies.id,
      name: studies.name,
      primaryLanguage: studies.primaryLanguage,
      languages: studies.languages,
      dateFormat: studies.dateFormat,
      dateTimeFormat: studies.dateTimeFormat,
      timeZone: studies.timeZone,
      modules: studies.modules,
    })
    .from(studies)
    .where(and(eq(studies.id, studyId), isNull(studies.deletedAt)));
  return row ?? null;
}
export type CasebookStudy = NonNullable<Awaited<ReturnType<typeof findCasebookStudy>>>;

export async function findCasebookSubject(db: Executor, studyId: string, subjectId: string) {
  const [row] = await db
    .select({
      id: subjects.id,
      siteId: subjects.siteId,
      patientId: subjects.patientId,
      attributes: subjects.attributes,
      archivedAt: subjects.archivedAt,
      createdAt: subjects.createdAt,
      siteName: sites.name,
    })
    .from(subjects)
    .innerJoin(sites, and(eq(sites.studyId, subjects.studyId), eq(sites.id, subjects.siteId)))
    .where(and(eq(subjects.studyId, studyId), eq(subjects.id, subjectId)));
  return row ?? null;
}
export type CasebookSubject = NonNullable<Awaited<ReturnType<typeof findCasebookSubject>>>;

export async function listSubjectEnrollments(db: Executor, studyId: string, subjectId: string) {
  return db
    .select({
      id: enrollments.id,
      processId: enrollments.processId,
      processName: processes.name,
      status: enrollments.status,
      registeredAt: enrollments.registeredAt,
      details: enrollments.details,
    })
    .from(enrollments)
    .leftJoin(
      processes,
      and(eq(processes.studyId, enrollments.studyId), eq(processes.id, enrollments.processId)),
    )
    .where(and(eq(enrollments.studyId, studyId), eq(enrollments.subjectId, subjectId)))
    .orderBy(asc(enrollments.createdAt), asc(enrollments.id));
}

export async function listEnrollmentTokens(db: Executor, studyId: string, enrollmentIds: string[]) {
  if (enrollmentIds.length === 0) return [];
  return db
    .select({
      id: tokens.id,
      enrollmentId: tokens.enrollmentId,
      dataEventId: tokens.dataEventId,
      type: tokens.type,
      position: tokens.position,
      status: tokens.status,
    })
    .from(tokens)
    .where(
      and(eq(tokens.studyId, studyId), inArray(tokens.enrollmentId, enrollmentIds), isNull(tokens.removedAt)),
    )
    .orderBy(asc(tokens.position), asc(tokens.id));
}

/** The filled forms of the subject's enrollments, in the order they were started. */
export async function listSubjectQuestionnaires(db: Executor, studyId: string, enrollmentIds: string[]) {
  if (enrollmentIds.length === 0) return [];
  return db
    .select({
      id: questionnaires.id,
      enrollmentId: questionnaires.enrollmentId,
      tokenId: questionnaires.tokenId,
      dataEventId: questionnaires.dataEventId,
      formId: questionnaires.formId,
      formName: formTemplates.name,
      formMajor: questionnaires.formMajor,
      formMinor: questionnaires.formMinor,
      status: questionnaires.status,
      filledOutByType: questionnaires.filledOutByType,
      score: questionnaires.score,
      verifiedAt: questionnaires.verifiedAt,
      createdAt: questionnaires.createdAt,
      updatedAt: questionnaires.updatedAt,
      completedAt: questionnaires.completedAt,
    })
    .from(questionnaires)
    .leftJoin(
      formTemplates,
      and(eq(formTemplates.studyId, questionnaires.studyId), eq(formTemplates.id, questionnaires.formId)),
    )
    .where(and(eq(questionnaires.studyId, studyId), inArray(questionnaires.enrollmentId, enrollmentIds)))
    .orderBy(asc(questionnaires.createdAt), asc(questionnaires.id));
}
export type CasebookQuestionnaire = Awaited<ReturnType<typeof listSubjectQuestionnaires>>[number];

export async function listQuestionnaireAnswers(db: Executor, studyId: string, questionnaireIds: string[]) {
  if (questionnaireIds.length === 0) return [];
  return db
    .select({
      questionnaireId: answers.questionnaireId,
      questionId: answers.questionId,
      value: answers.value,
      updatedAt: answers.updatedAt,
    })
    .from(answers)
    .where(and(eq(answers.studyId, studyId), inArray(answers.questionnaireId, questionnaireIds)));
}

export async function listSubjectQueries(db: Executor, studyId: string, enrollmentIds: string[]) {
  if (enrollmentIds.length === 0) return [];
  return db
    .select({
      id: queries.id,
      questionnaireId: queries.questionnaireId,
      formId: queries.formId,
      questionId: queries.questionId,
      status: queries.status,
      queryText: queries.queryText,
      comments: queries.comments,
      createdAt: queries.createdAt,
    })
    .from(queries)
    .where(and(eq(queries.studyId, studyId), inArray(queries.enrollmentId, enrollmentIds)))
    .orderBy(asc(queries.createdAt), asc(queries.id));
}
export type CasebookQuery = Awaited<ReturnType<typeof listSubjectQueries>>[number];

export async function listSubjectAdverseEvents(db: Executor, studyId: string, subjectId: string) {
  return db
    .select()
    .from(adverseEvents)
    .where(
      and(
        eq(adverseEvents.studyId, studyId),
        eq(adverseEvents.subjectId, subjectId),
        eq(adverseEvents.removed, false),
      ),
    )
    .orderBy(asc(adverseEvents.createdAt), asc(adverseEvents.id));
}
export type CasebookAe = Awaited<ReturnType<typeof listSubjectAdverseEvents>>[number];

export async function listAeSignatures(db: Executor, studyId: string, aeIds: string[]) {
  if (aeIds.length === 0) return [];
  return db
    .select()
    .from(aeSignatures)
    .where(and(eq(aeSignatures.studyId, studyId), inArray(aeSignatures.aeId, aeIds)))
    .orderBy(asc(aeSignatures.signedAt));
}

/** The subject's custom AE reports (issue 20 item 3), oldest first; removed ones are left out as removed AEs are. */
export async function listSubjectAeReports(db: Executor, studyId: string, subjectId: string) {
  return db
    .select()
    .from(customAeReports)
    .where(
      and(
        eq(customAeReports.studyId, studyId),
        eq(customAeReports.subjectId, subjectId),
        eq(customAeReports.isRemoved, false),
      ),
    )
    .orderBy(asc(customAeReports.createdAt), asc(customAeReports.id));
}
export type CasebookAeReport = Awaited<ReturnType<typeof listSubjectAeReports>>[number];

/** The audit events of these custom AE reports (their change history), in the order they were written. */
export async function listAeReportAuditEvents(db: Executor, studyId: string, reportIds: string[]) {
  if (reportIds.length === 0) return [];
  return db
    .select({
      entityId: auditEvents.entityId,
      action: auditEvents.action,
      actorType: auditEvents.actorType,
      actorName: auditEvents.actorName,
      before: auditEvents.before,
      after: auditEvents.after,
      reason: auditEvents.reason,
      occurredAt: auditEvents.occurredAt,
    })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.studyId, studyId),
        eq(auditEvents.entityType, 'AE_REPORT'),
        inArray(auditEvents.entityId, reportIds),
      ),
    )
    .orderBy(asc(auditEvents.ticket));
}
export type CasebookAeReportEvent = Awaited<ReturnType<typeof listAeReportAuditEvents>>[number];

export async function listSubjectMedications(db: Executor, studyId: string, subjectId: string) {
  return db
    .select()
    .from(medications)
    .where(
      and(
        eq(medications.studyId, studyId),
        eq(medications.subjectId, subjectId),
        eq(medications.removed, false),
      ),
    )
    .orderBy(asc(medications.createdAt), asc(medications.id));
}

export async function listSubjectAccounting(db: Executor, studyId: string, subjectId: string) {
  return db
    .select()
    .from(medicationAccounting)
    .where(
      and(
        eq(medicationAccounting.studyId, studyId),
        eq(medicationAccounting.subjectId, subjectId),
        eq(medicationAccounting.removed, false),
      ),
    )
    .orderBy(asc(medicationAccounting.date), asc(medicationAccounting.createdAt));
}

export async function listSubjectAllocations(db: Executor, studyId: string, subjectId: string) {
  return db
    .select({
      enrollmentId: randomizationAllocations.enrollmentId,
      sequence: randomizationAllocations.sequence,
      randomId: randomizationAllocations.randomId,
      groupId: randomizationAllocations.groupId,
      method: randomizationAllocations.method,
      allocatedByName: randomizationAllocations.allocatedByName,
      allocatedAt: randomizationAllocations.allocatedAt,
    })
    .from(randomizationAllocations)
    .where(
      and(eq(randomizationAllocations.studyId, studyId), eq(randomizationAllocations.subjectId, subjectId)),
    )
    .orderBy(asc(randomizationAllocations.allocatedAt));
}

export async function listBlindBreaks(db: Executor, studyId: string, enrollmentIds: string[]) {
  if (enrollmentIds.length === 0) return [];
  return db
    .select({
      enrollmentId: blindBreaks.enrollmentId,
      userName: blindBreaks.userName,
      reason: blindBreaks.reason,
      meaning: blindBreaks.meaning,
      signedAt: blindBreaks.signedAt,
    })
    .from(blindBreaks)
    .where(and(eq(blindBreaks.studyId, studyId), inArray(blindBreaks.enrollmentId, enrollmentIds)))
    .orderBy(asc(blindBreaks.signedAt));
}

/** How many rows a subject's casebook prints (decides whether it is made at once or queued). */
export async function countCasebookRows(db: Executor, studyId: string, subjectId: string): Promise<number> {
  const result = await db.execute(sql`select
      (select count(*) from ${answers} a join ${questionnaires} q on q.study_id = a.study_id and q.id = a.questionnaire_id
         join ${enrollments} e on e.study_id = q.study_id and e.id = q.enrollment_id
         where a.study_id = ${studyId} and e.subject_id = ${subjectId})
    + (select count(*) from ${queries} qu join ${enrollments} e on e.study_id = qu.study_id and e.id = qu.enrollment_id
         where qu.study_id = ${studyId} and e.subject_id = ${subjectId})
    + (select count(*) from ${adverseEvents} where study_id = ${studyId} and subject_id = ${subjectId})
    + (select count(*) from ${customAeReports} where study_id = ${studyId} and subject_id = ${subjectId})
    + (select count(*) from ${medications} where study_id = ${studyId} and subject_id = ${subjectId}) as n`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: unknown }[];
  return Number(rows[0]?.n ?? 0);
}

/** The form row of a blank form (its draft, and its name). */
export async function findBlankFormRow(db: Executor, studyId: string, formId: string) {
  const [row] = await db
    .select({ id: formTemplates.id, name: formTemplates.name, document: formTemplates.document })
    .from(formTemplates)
    .where(
      and(eq(formTemplates.studyId, studyId), eq(formTemplates.id, formId), isNull(formTemplates.deletedAt)),
    );
  return row ?? null;
}
