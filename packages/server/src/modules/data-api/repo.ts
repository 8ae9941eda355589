import type { DataApiCursor } from '@trialbase/domain';
import { and, asc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../platform/db/client';
import { adverseEvents } from '../adverse-events/tables';
import { enrollments } from '../enrollments/tables';
import { queries } from '../queries/tables';
import { answers, questionnaires } from '../questionnaires/tables';
import { subjects } from '../subjects/tables';

/** What a page read needs: the sites the reader may see, the filter, the cursor and the size. */
export type PageInput = {
  studyId: string;
  sites: 'ALL' | string[];
  updatedSince: Date | null;
  after: DataApiCursor | null;
  limit: number;
};

function pageConditions(
  table: { studyId: AnyPgColumn; siteId: AnyPgColumn; updatedAt: AnyPgColumn; id: AnyPgColumn },
  input: PageInput,
): SQL | undefined {
  return and(
    eq(table.studyId, input.studyId),
    input.sites === 'ALL' ? undefined : inArray(table.siteId, input.sites),
    input.updatedSince ? gte(table.updatedAt, input.updatedSince) : undefined,
    input.after
      ? sql`(${table.updatedAt}, ${table.id}) > (${input.after.updatedAt}::timestamptz, ${input.after.id})`
      : undefined,
  );
}

/** One page of subjects in (updated_at, id) order; one row more than the limit tells whether another page follows. */
export async function readSubjectPage(db: Executor, input: PageInput) {
  if (input.sites !== 'ALL' && input.sites.length === 0) return [];
  return db
    .select({
      id: subjects.id,
      patientId: subjects.patientId,
      siteId: subjects.siteId,
      attributes: subjects.attributes,
      archivedAt: subjects.archivedAt,
      createdAt: subjects.createdAt,
      updatedAt: subjects.updatedAt,
    })
    .from(subjects)
    .where(pageConditions(subjects, input))
    .orderBy(asc(subjects.updatedAt), asc(subjects.id))
    .limit(input.limit + 1);
}

/** One page of enrolments in (updated_at, id) order, like readSubjectPage. */
export async function readEnrollmentPage(db: Executor, input: PageInput) {
  if (input.sites !== 'ALL' && input.sites.length === 0) return [];
  return db
    .select({
      id: enrollments.id,
      subjectId: enrollments.subjectId,
      processId: enrollments.processId,
      siteId: enrollments.siteId,
      status: enrollments.status,
      createdAt: enrollments.createdAt,
      updatedAt: enrollments.updatedAt,
    })
    .from(enrollments)
    .where(pageConditions(enrollments, input))
    .orderBy(asc(enrollments.updatedAt), asc(enrollments.id))
    .limit(input.limit + 1);
}

/** One page of data queries in (updated_at, id) order, like readSubjectPage. */
export async function readQueryPage(db: Executor, input: PageInput) {
  if (input.sites !== 'ALL' && input.sites.length === 0) return [];
  return db
    .select({
      id: queries.id,
      siteId: queries.siteId,
      enrollmentId: queries.enrollmentId,
      questionnaireId: queries.questionnaireId,
      formId: queries.formId,
      questionId: queries.questionId,
      status: queries.status,
      queryText: queries.queryText,
      createdAt: queries.createdAt,
      updatedAt: queries.updatedAt,
    })
    .from(queries)
    .where(pageConditions(queries, input))
    .orderBy(asc(queries.updatedAt), asc(queries.id))
    .limit(input.limit + 1);
}

/** One page of adverse events in (updated_at, id) order, like readSubjectPage. */
export async function readAdverseEventPage(db: Executor, input: PageInput) {
  if (input.sites !== 'ALL' && input.sites.length === 0) return [];
  return db
    .select({
      id: adverseEvents.id,
      siteId: adverseEvents.siteId,
      subjectId: adverseEvents.subjectId,
      enrollmentId: adverseEvents.enrollmentId,
      status: adverseEvents.status,
      sae: adverseEvents.sae,
      seriousType: adverseEvents.seriousType,
      outcome: adverseEvents.outcome,
      fillOutDate: adverseEvents.fillOutDate,
      eventDescription: adverseEvents.eventDescription,
      createdAt: adverseEvents.createdAt,
      updatedAt: adverseEvents.updatedAt,
    })
    .from(adverseEvents)
    .where(pageConditions(adverseEvents, input))
    .orderBy(asc(adverseEvents.updatedAt), asc(adverseEvents.id))
    .limit(input.limit + 1);
}

/** The answers list's filters on top of the page: one form, one subject. */
export type AnswerPageInput = PageInput & { formId: string | null; subjectId: string | null };

/**
 * One page of filled forms in (updated_at, id) order with their subject (like readSubjectPage), and
 * the answers of the page's forms, in question order of storage.
 */
export async function readAnswerSetPage(db: Executor, input: AnswerPageInput) {
  if (input.sites !== 'ALL' && input.sites.length === 0) return { sets: [], answers: [] };
  const sets = await db
    .select({
      id: questionnaires.id,
      siteId: questionnaires.siteId,
      enrollmentId: questionnaires.enrollmentId,
      tokenId: questionnaires.tokenId,
      dataEventId: questionnaires.dataEventId,
      formId: questionnaires.formId,
      formMajor: questionnaires.formMajor,
      formMinor: questionnaires.formMinor,
      status: questionnaires.status,
      subjectId: enrollments.subjectId,
      patientId: subjects.patientId,
      attributes: subjects.attributes,
      trialGroup: sql<unknown>`${enrollments.details} -> 'trialGroup'`,
      createdAt: questionnaires.createdAt,
      completedAt: questionnaires.completedAt,
      updatedAt: questionnaires.updatedAt,
    })
    .from(questionnaires)
    .innerJoin(
      enrollments,
      and(eq(enrollments.studyId, questionnaires.studyId), eq(enrollments.id, questionnaires.enrollmentId)),
    )
    .innerJoin(
      subjects,
      and(eq(subjects.studyId, enrollments.studyId), eq(subjects.id, enrollments.subjectId)),
    )
    .where(
      and(
        pageConditions(questionnaires, input),
        input.formId ? eq(questionnaires.formId, input.formId) : undefined,
        input.subjectId ? eq(enrollments.subjectId, input.subjectId) : undefined,
      ),
    )
    .orderBy(asc(questionnaires.updatedAt), asc(questionnaires.id))
    .limit(input.limit + 1);
  const ids = sets.slice(0, input.limit).map((set) => set.id);
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            questionnaireId: answers.questionnaireId,
            questionId: answers.questionId,
            value: answers.value,
            isUnavailable: answers.isUnavailable,
            isSkipped: answers.isSkipped,
            updatedAt: answers.updatedAt,
          })
          .from(answers)
          .where(and(eq(answers.studyId, input.studyId), inArray(answers.questionnaireId, ids)))
          .orderBy(asc(answers.questionnaireId), asc(answers.createdAt), asc(answers.id));
  return { sets, answers: rows };
}
