/**
 * SQL of the randomization module (issue 22); every query is scoped by study first. Besides its own
 * tables it writes two fields the allocation owns elsewhere, as the translations module does: the
 * process document's randomization fields and the subject's `trialGroup` attribute.
 */
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { studyAccess } from '../access/tables';
import { formTemplates } from '../forms/tables';
import { processes } from '../processes/tables';
import { answers, questionnaires } from '../questionnaires/tables';
import { sites } from '../sites/tables';
import { studies } from '../studies/tables';
import { subjects } from '../subjects/tables';
import { notifications, users } from '../users/tables';
import {
  blindBreaks,
  randomizationAllocations,
  randomizationListEntries,
  randomizationStates,
} from './tables';

export type StateRow = typeof randomizationStates.$inferSelect;
export type ListEntryRow = typeof randomizationListEntries.$inferSelect;
export type AllocationRow = typeof randomizationAllocations.$inferSelect;
export type BlindBreakRow = typeof blindBreaks.$inferSelect;

/** The live study with what randomization reads: status, modules, name and languages. */
export async function findRandomizationStudy(db: Executor, studyId: string) {
  const [row] = await db
    .select({
      id: studies.id,
      name: studies.name,
      status: studies.status,
      modules: studies.modules,
      primaryLanguage: studies.primaryLanguage,
      amendmentBlocking: studies.amendmentBlocking,
    })
    .from(studies)
    .where(and(eq(studies.id, studyId), isNull(studies.deletedAt)));
  return row ?? null;
}

/** A live process row (document and revision), or null. */
export async function findProcessRow(db: Executor, studyId: string, processId: string) {
  const [row] = await db
    .select({ id: processes.id, document: processes.document, revision: processes.revision })
    .from(processes)
    .where(and(eq(processes.studyId, studyId), eq(processes.id, processId), isNull(processes.deletedAt)));
  return row ?? null;
}

/** Every live process document of the study (the questions used by stratification are their union). */
export async function listProcessDocuments(db: Executor, studyId: string) {
  return db
    .select({ id: processes.id, document: processes.document })
    .from(processes)
    .where(and(eq(processes.studyId, studyId), isNull(processes.deletedAt)));
}

/** The study's live form drafts (id, type, document). */
export async function listFormDocuments(db: Executor, studyId: string) {
  return db
    .select({ id: formTemplates.id, type: formTemplates.type, document: formTemplates.document })
    .from(formTemplates)
    .where(and(eq(formTemplates.studyId, studyId), isNull(formTemplates.deletedAt)));
}

/** Spec 001 §4 usedByStratification: the form draft's document with its flags set; revision up. */
export async function updateFormDocument(
  db: Executor,
  studyId: string,
  formId: string,
  document: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await db
    .update(formTemplates)
    .set({ document, revision: sql`${formTemplates.revision} + 1`, updatedAt: now })
    .where(and(eq(formTemplates.studyId, studyId), eq(formTemplates.id, formId)));
}

/** The study's site ids (the strata of a site-stratified list are generated up front). */
export async function listSiteIds(db: Executor, studyId: string): Promise<string[]> {
  const rows = await db.select({ id: sites.id }).from(sites).where(eq(sites.studyId, studyId));
  return rows.map((r) => r.id);
}

const stateKey = (studyId: string, processId: string) =>
  and(eq(randomizationStates.studyId, studyId), eq(randomizationStates.processId, processId));

export async function findState(db: Executor, studyId: string, processId: string): Promise<StateRow | null> {
  const [row] = await db.select().from(randomizationStates).where(stateKey(studyId, processId));
  return row ?? null;
}

/** The process's state row locked FOR UPDATE: allocations and saves of one process run one at a time. */
export async function lockState(db: Executor, studyId: string, processId: string): Promise<StateRow | null> {
  const [row] = await db.select().from(randomizationStates).where(stateKey(studyId, processId)).for('update');
  return row ?? null;
}

export async function insertState(db: Executor, row: StateRow): Promise<void> {
  await db.insert(randomizationStates).values(row);
}

export async function updateState(
  db: Executor,
  studyId: string,
  processId: string,
  values: Partial<Omit<StateRow, 'studyId' | 'processId'>>,
): Promise<void> {
  await db.update(randomizationStates).set(values).where(stateKey(studyId, processId));
}

const entriesOf = (studyId: string, processId: string) =>
  and(eq(randomizationListEntries.studyId, studyId), eq(randomizationListEntries.processId, processId));

export async function deleteListEntries(db: Executor, studyId: string, processId: string): Promise<void> {
  await db.delete(randomizationListEntries).where(entriesOf(studyId, processId));
}

/** Inserts list records in batches of 1,000 (one statement each). */
export async function insertListEntries(db: Executor, rows: ListEntryRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    await db.insert(randomizationListEntries).values(rows.slice(i, i + 1000));
  }
}

export async function countListEntries(
  db: Executor,
  studyId: string,
  processId: string,
): Promise<{ total: number; free: number }> {
  const [row] = await db
    .select({
      total: count(),
      free: sql<number>`count(*) filter (where ${randomizationListEntries.enrollmentId} is null)`,
    })
    .from(randomizationListEntries)
    .where(entriesOf(studyId, processId));
  return { total: Number(row?.total ?? 0), free: Number(row?.free ?? 0) };
}

export async function hasStratumList(
  db: Executor,
  studyId: string,
  processId: string,
  stratum: string,
): Promise<boolean> {
  const [row] = await db
    .select({ sequence: randomizationListEntries.sequence })
    .from(randomizationListEntries)
    .where(and(entriesOf(studyId, processId), eq(randomizationListEntries.stratum, stratum)))
    .limit(1);
  return !!row;
}

/** The free record of the stratum with the lowest sequence (the caller holds the state lock). */
export async function findNextFreeEntry(
  db: Executor,
  studyId: string,
  processId: string,
  stratum: string,
): Promise<ListEntryRow | null> {
  const [row] = await db
    .select()
    .from(randomizationListEntries)
    .where(
      and(
        entriesOf(studyId, processId),
        eq(randomizationListEntries.stratum, stratum),
        isNull(randomizationListEntries.enrollmentId),
      ),
    )
    .orderBy(asc(randomizationListEntries.sequence))
    .limit(1);
  return row ?? null;
}

export async function markEntryAllocated(
  db: Executor,
  entry: Pick<ListEntryRow, 'studyId' | 'processId' | 'stratum' | 'sequence'>,
  enrollmentId: string,
  at: Date,
): Promise<void> {
  await db
    .update(randomizationListEntries)
    .set({ enrollmentId, allocatedAt: at })
    .where(
      and(
        entriesOf(entry.studyId, entry.processId),
        eq(randomizationListEntries.stratum, entry.stratum),
        eq(randomizationListEntries.sequence, entry.sequence),
      ),
    );
}

/** The whole list in export order: stratum, then sequence. */
export async function listListEntries(db: Executor, studyId: string, processId: string) {
  return db
    .select()
    .from(randomizationListEntries)
    .where(entriesOf(studyId, processId))
    .orderBy(asc(randomizationListEntries.stratum), asc(randomizationListEntries.sequence));
}

export async function insertAllocation(db: Executor, row: AllocationRow): Promise<void> {
  await db.insert(randomizationAllocations).values(row);
}

export async function findAllocationOfEnrollment(
  db: Executor,
  studyId: string,
  enrollmentId: string,
): Promise<AllocationRow | null> {
  const [row] = await db
    .select()
    .from(randomizationAllocations)
    .where(
      and(
        eq(randomizationAllocations.studyId, studyId),
        eq(randomizationAllocations.enrollmentId, enrollmentId),
      ),
    );
  return row ?? null;
}

/** The process's allocations in allocation order, optionally only those at some sites. */
export async function listAllocations(
  db: Executor,
  studyId: string,
  processId: string,
  siteIds?: readonly string[],
): Promise<AllocationRow[]> {
  return db
    .select()
    .from(randomizationAllocations)
    .where(
      and(
        eq(randomizationAllocations.studyId, studyId),
        eq(randomizationAllocations.processId, processId),
        siteIds ? inArray(randomizationAllocations.siteId, [...siteIds, '']) : undefined,
      ),
    )
    .orderBy(asc(randomizationAllocations.sequence));
}

export async function insertBlindBreak(db: Executor, row: BlindBreakRow): Promise<void> {
  await db.insert(blindBreaks).values(row);
}

export async function listBlindBreaks(db: Executor, studyId: string, enrollmentId: string) {
  return db
    .select()
    .from(blindBreaks)
    .where(and(eq(blindBreaks.studyId, studyId), eq(blindBreaks.enrollmentId, enrollmentId)))
    .orderBy(asc(blindBreaks.signedAt), asc(blindBreaks.id));
}

/**
 * Issue 22: the process document's randomization fields (the randomization route's save, the first
 * allocation's hasRandomizationOnProcess, the upload's didUploadCustomRandomizationList); the
 * revision goes up so an editor that started before gets 409 on its save.
 */
export async function patchProcessDocument(
  db: Executor,
  studyId: string,
  processId: string,
  fields: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await db
    .update(processes)
    .set({
      document: sql`${processes.document} || ${JSON.stringify(fields)}::jsonb`,
      revision: sql`${processes.revision} + 1`,
      updatedAt: now,
    })
    .where(and(eq(processes.studyId, studyId), eq(processes.id, processId)));
}

/** The subject's attributes (for the trial group written at allocation). */
export async function findSubjectAttributes(db: Executor, studyId: string, subjectId: string) {
  const [row] = await db
    .select({ attributes: subjects.attributes, patientId: subjects.patientId })
    .from(subjects)
    .where(and(eq(subjects.studyId, studyId), eq(subjects.id, subjectId)));
  return row ?? null;
}

/** Sets the subject's `trialGroup` attribute (001 §2 trial group column, exports). */
export async function setSubjectTrialGroup(
  db: Executor,
  studyId: string,
  subjectId: string,
  trialGroup: string,
  now: Date,
): Promise<void> {
  await db
    .update(subjects)
    .set({
      attributes: sql`${subjects.attributes} || ${JSON.stringify({ trialGroup })}::jsonb`,
      updatedAt: now,
    })
    .where(and(eq(subjects.studyId, studyId), eq(subjects.id, subjectId)));
}

/** The study's active administrators with what a message to them needs. */
export async function listStudyAdmins(db: Executor, studyId: string) {
  return db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
    })
    .from(studyAccess)
    .innerJoin(users, eq(users.id, studyAccess.userId))
    .where(
      and(
        eq(studyAccess.studyId, studyId),
        eq(studyAccess.role, 'ADMIN'),
        eq(studyAccess.status, 'ACTIVE'),
        eq(users.isDisabled, false),
      ),
    );
}

export async function insertNotification(
  db: Executor,
  row: typeof notifications.$inferInsert,
): Promise<void> {
  await db.insert(notifications).values(row);
}

/**
 * The answers of the stratification questions in the enrollment's filled forms (the latest filled
 * form of each data event and form), as stored (`possibilities`, `answerStrings`).
 */
export async function findStratificationAnswers(
  db: Executor,
  studyId: string,
  enrollmentId: string,
  wanted: readonly { dataEvent: string; form: string; question: string }[],
): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  if (wanted.length === 0) return found;
  const rows = await db
    .select({
      dataEventId: questionnaires.dataEventId,
      formId: questionnaires.formId,
      questionId: answers.questionId,
      value: answers.value,
      isUnavailable: answers.isUnavailable,
      isSkipped: answers.isSkipped,
    })
    .from(questionnaires)
    .innerJoin(
      answers,
      and(eq(answers.studyId, questionnaires.studyId), eq(answers.questionnaireId, questionnaires.id)),
    )
    .where(
      and(
        eq(questionnaires.studyId, studyId),
        eq(questionnaires.enrollmentId, enrollmentId),
        inArray(
          answers.questionId,
          wanted.map((w) => w.question),
        ),
      ),
    )
    .orderBy(asc(questionnaires.createdAt));
  for (const w of wanted) {
    const row = rows
      .filter((r) => r.dataEventId === w.dataEvent && r.formId === w.form && r.questionId === w.question)
      .at(-1);
    if (row && !row.isUnavailable && !row.isSkipped) found.set(w.question, row.value);
  }
  return found;
}
