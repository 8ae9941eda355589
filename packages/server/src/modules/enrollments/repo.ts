/** SQL of enrollments and what enrolling reads (process, study, site, subject, form versions). */
import { type Process, ProcessSchema } from '@trialbase/domain';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { formTemplates } from '../forms/tables';
import { processes } from '../processes/tables';
import { sites } from '../sites/tables';
import { studies } from '../studies/tables';
import { subjects } from '../subjects/tables';
import { enrollments } from './tables';

export type EnrollmentRow = typeof enrollments.$inferSelect;
export type EnrollmentInsert = typeof enrollments.$inferInsert;

export async function insertEnrollment(db: Executor, row: EnrollmentInsert): Promise<void> {
  await db.insert(enrollments).values(row);
}

export async function findEnrollment(
  db: Executor,
  studyId: string,
  enrollmentId: string,
): Promise<EnrollmentRow | null> {
  const [row] = await db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.studyId, studyId), eq(enrollments.id, enrollmentId)))
    .limit(1);
  return row ?? null;
}

/**
 * Takes the enrollment's row lock, the one serialisation point of its schedule: the job and
 * staff calls lock the enrollment before its tokens. `skipLocked` returns null when another
 * transaction holds it (the job then moves on; that transaction does the work).
 */
export async function lockEnrollment(
  db: Executor,
  studyId: string,
  enrollmentId: string,
  options: { skipLocked?: boolean } = {},
): Promise<EnrollmentRow | null> {
  const [row] = await db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.studyId, studyId), eq(enrollments.id, enrollmentId)))
    .limit(1)
    .for('update', options.skipLocked ? { skipLocked: true } : {});
  return row ?? null;
}

export async function updateEnrollment(
  db: Executor,
  studyId: string,
  enrollmentId: string,
  values: Partial<Omit<EnrollmentInsert, 'studyId' | 'id'>>,
): Promise<void> {
  await db
    .update(enrollments)
    .set(values)
    .where(and(eq(enrollments.studyId, studyId), eq(enrollments.id, enrollmentId)));
}

/** Active enrollments of a subject in a process (one subject is enrolled once at a time). */
export async function findActiveEnrollmentOfSubject(
  db: Executor,
  studyId: string,
  subjectId: string,
  processId: string,
): Promise<EnrollmentRow | null> {
  const [row] = await db
    .select()
    .from(enrollments)
    .where(
      and(
        eq(enrollments.studyId, studyId),
        eq(enrollments.subjectId, subjectId),
        eq(enrollments.processId, processId),
        inArray(enrollments.status, ['REGISTERED', 'ONGOING']),
      ),
    )
    .limit(1);
  return row ?? null;
}

export type StudyScheduleInfo = {
  id: string;
  status: string;
  primaryLanguage: string;
  timeZone: string;
};

export async function findStudyScheduleInfo(
  db: Executor,
  studyId: string,
): Promise<StudyScheduleInfo | null> {
  const [row] = await db
    .select({
      id: studies.id,
      status: studies.status,
      primaryLanguage: studies.primaryLanguage,
      timeZone: studies.timeZone,
    })
    .from(studies)
    .where(and(eq(studies.id, studyId), isNull(studies.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function siteExists(db: Executor, studyId: string, siteId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.studyId, studyId), eq(sites.id, siteId)))
    .limit(1);
  return row !== undefined;
}

export type SubjectRow = typeof subjects.$inferSelect;

export async function findSubject(
  db: Executor,
  studyId: string,
  subjectId: string,
): Promise<SubjectRow | null> {
  const [row] = await db
    .select()
    .from(subjects)
    .where(and(eq(subjects.studyId, studyId), eq(subjects.id, subjectId)))
    .limit(1);
  return row ?? null;
}

/** A live process of the study as the domain reads it, or null. */
export async function findLiveProcess(
  db: Executor,
  studyId: string,
  processId: string,
): Promise<Process | null> {
  const [row] = await db
    .select({ id: processes.id, document: processes.document })
    .from(processes)
    .where(and(eq(processes.studyId, studyId), eq(processes.id, processId), isNull(processes.deletedAt)))
    .limit(1);
  return row ? ProcessSchema.parse({ ...row.document, id: row.id }) : null;
}

/**
 * The process an enrollment follows, deleted or not: a running schedule keeps its definition
 * even if staff later delete the process.
 */
export async function findEnrollmentProcess(
  db: Executor,
  studyId: string,
  processId: string,
): Promise<Process | null> {
  const [row] = await db
    .select({ id: processes.id, document: processes.document })
    .from(processes)
    .where(and(eq(processes.studyId, studyId), eq(processes.id, processId)))
    .limit(1);
  return row ? ProcessSchema.parse({ ...row.document, id: row.id }) : null;
}

/** Current versions of the given forms (the tag written on a new enrollment). */
export async function findCurrentFormVersions(
  db: Executor,
  studyId: string,
  formIds: string[],
): Promise<Record<string, { major: number; minor: number }>> {
  if (formIds.length === 0) return {};
  const rows = await db
    .select({ id: formTemplates.id, major: formTemplates.versionMajor, minor: formTemplates.versionMinor })
    .from(formTemplates)
    .where(and(eq(formTemplates.studyId, studyId), inArray(formTemplates.id, formIds)));
  return Object.fromEntries(rows.map((r) => [r.id, { major: r.major, minor: r.minor }]));
}

/** Enrollments per status, of the study or of some of its sites ('ALL' = every site). */
export async function countEnrollmentsByStatus(
  db: Executor,
  studyId: string,
  siteIds: 'ALL' | string[],
): Promise<{ status: string; n: number }[]> {
  if (siteIds !== 'ALL' && siteIds.length === 0) return [];
  const rows = await db
    .select({ status: enrollments.status, n: count() })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.studyId, studyId),
        siteIds === 'ALL' ? undefined : inArray(enrollments.siteId, siteIds),
      ),
    )
    .groupBy(enrollments.status);
  return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
}

/** A subject's enrollments, oldest first; `processId` narrows to one process. */
export async function listSubjectEnrollments(
  db: Executor,
  studyId: string,
  subjectId: string,
  processId?: string,
): Promise<EnrollmentRow[]> {
  return db
    .select()
    .from(enrollments)
    .where(
      and(
        eq(enrollments.studyId, studyId),
        eq(enrollments.subjectId, subjectId),
        processId ? eq(enrollments.processId, processId) : undefined,
      ),
    )
    .orderBy(asc(enrollments.createdAt), asc(enrollments.id));
}

/** The names an enrollment view shows: process, site and subject id. */
export async function findEnrollmentLabels(
  db: Executor,
  row: Pick<EnrollmentRow, 'studyId' | 'processId' | 'siteId' | 'subjectId'>,
): Promise<{ processName: string; siteName: string; patientId: string }> {
  const [process] = await db
    .select({ name: processes.name })
    .from(processes)
    .where(and(eq(processes.studyId, row.studyId), eq(processes.id, row.processId)))
    .limit(1);
  const [site] = await db
    .select({ name: sites.name })
    .from(sites)
    .where(and(eq(sites.studyId, row.studyId), eq(sites.id, row.siteId)))
    .limit(1);
  const [subject] = await db
    .select({ patientId: subjects.patientId })
    .from(subjects)
    .where(and(eq(subjects.studyId, row.studyId), eq(subjects.id, row.subjectId)))
    .limit(1);
  return {
    processName: process?.name ?? '',
    siteName: site?.name ?? '',
    patientId: subject?.patientId ?? '',
  };
}

/** Names of the given forms of the study. */
export async function findFormNames(
  db: Executor,
  studyId: string,
  formIds: string[],
): Promise<Map<string, string>> {
  if (formIds.length === 0) return new Map();
  const rows = await db
    .select({ id: formTemplates.id, name: formTemplates.name })
    .from(formTemplates)
    .where(and(eq(formTemplates.studyId, studyId), inArray(formTemplates.id, formIds)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The study's extended-validation flag (spec 001 §6), null for an unknown study. */
export async function findStudyExtendedValidation(db: Executor, studyId: string): Promise<boolean | null> {
  const [row] = await db
    .select({ flag: studies.extendedValidation })
    .from(studies)
    .where(and(eq(studies.id, studyId), isNull(studies.deletedAt)))
    .limit(1);
  return row ? row.flag : null;
}

/**
 * Issue 23 finishing an amendment: every enrolment of the study holding a tag for the form moves to
 * the new version (its events not yet started read it; saved answers keep theirs). One statement
 * for the whole study; returns how many enrolments moved.
 */
export async function retagFormVersionOfEnrollments(
  db: Executor,
  studyId: string,
  formId: string,
  version: { major: number; minor: number },
  now: Date,
): Promise<number> {
  const tag = JSON.stringify({ major: version.major, minor: version.minor });
  const rows = await db
    .update(enrollments)
    .set({
      formVersions: sql`jsonb_set(${enrollments.formVersions}, array[${formId}::text], ${tag}::jsonb)`,
      updatedAt: now,
    })
    .where(and(eq(enrollments.studyId, studyId), sql`${enrollments.formVersions} ? ${formId}`))
    .returning({ id: enrollments.id });
  return rows.length;
}
