/**
 * External data queries (issue 28 item 4). They read the subjects, enrollments, processes and
 * tokens of one study: the rows of a file name subjects by their subject id, and an import's data
 * is the unscheduled tokens that carry its id.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { enrollments } from '../enrollments/tables';
import { tokens } from '../enrollments/tokens/tables';
import { processes } from '../processes/tables';
import { subjects } from '../subjects/tables';

/** The study's subjects with these subject ids (patientId), any site. */
export async function listSubjectsByPatientIds(db: Executor, studyId: string, patientIds: string[]) {
  if (patientIds.length === 0) return [];
  return db
    .select({ id: subjects.id, siteId: subjects.siteId, patientId: subjects.patientId })
    .from(subjects)
    .where(and(eq(subjects.studyId, studyId), inArray(subjects.patientId, patientIds)));
}

/** The enrollments of these subjects in one process, newest first. */
export async function listProcessEnrollmentsOfSubjects(
  db: Executor,
  studyId: string,
  processId: string,
  subjectIds: string[],
) {
  if (subjectIds.length === 0) return [];
  return db
    .select({
      id: enrollments.id,
      subjectId: enrollments.subjectId,
      siteId: enrollments.siteId,
      status: enrollments.status,
      timeZone: enrollments.timeZone,
    })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.studyId, studyId),
        eq(enrollments.processId, processId),
        inArray(enrollments.subjectId, subjectIds),
      ),
    )
    .orderBy(desc(enrollments.registeredAt), desc(enrollments.id));
}

/** The study's processes (id and name), not deleted. */
export async function listProcessHeads(db: Executor, studyId: string) {
  return db
    .select({ id: processes.id, name: processes.name })
    .from(processes)
    .where(and(eq(processes.studyId, studyId), isNull(processes.deletedAt)))
    .orderBy(asc(processes.name), asc(processes.id));
}

/** The tokens an import created that are not removed, with their enrollment's site; locked with `lock`. */
export async function listImportTokens(
  db: Executor,
  studyId: string,
  importId: string,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select({ id: tokens.id, enrollmentId: tokens.enrollmentId, siteId: enrollments.siteId })
    .from(tokens)
    .innerJoin(
      enrollments,
      and(eq(enrollments.studyId, tokens.studyId), eq(enrollments.id, tokens.enrollmentId)),
    )
    .where(
      and(
        eq(tokens.studyId, studyId),
        eq(tokens.type, 'EXTERNAL'),
        sql`${tokens.details}->>'importId' = ${importId}`,
        isNull(tokens.removedAt),
      ),
    )
    .orderBy(asc(tokens.id));
  return options.lock ? query.for('update', { of: tokens }) : query;
}

/** Marks tokens removed (soft delete: the answers stay for the audit trail, hidden with their event). */
export async function removeTokens(db: Executor, studyId: string, tokenIds: string[], now: Date) {
  if (tokenIds.length === 0) return;
  await db
    .update(tokens)
    .set({ removedAt: now, updatedAt: now })
    .where(and(eq(tokens.studyId, studyId), inArray(tokens.id, tokenIds)));
}
