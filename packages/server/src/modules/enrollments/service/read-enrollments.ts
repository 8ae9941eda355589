/**
 * The read calls of enrollments (spec 001 §7 Subjects and enrollments): counts, one enrollment
 * with its tokens, a subject's enrollments, the unscheduled event forms and dates, re-enrolment.
 */
import {
  ENROLLMENT_STATUSES,
  type EnrollmentCount,
  type EnrollmentDetail,
  type EnrollmentStatus,
  type Process,
  type QueryStatus,
  reenrollRefusal,
  type TokenType,
  UNSCHEDULED_DATA_EVENT_TYPES,
  UNSCHEDULED_EVENTS,
  type UnscheduledDataEventType,
  unscheduledSelectionOf,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { notFound } from '../../../platform/errors';
import { activeQueryStatusesByToken } from '../../queries/api';
import { presentEnrollmentDetail } from '../presenters';
import {
  countEnrollmentsByStatus,
  type EnrollmentRow,
  findEnrollment,
  findEnrollmentLabels,
  findEnrollmentProcess,
  findFormNames,
  findLiveProcess,
  findSubject,
  listSubjectEnrollments,
} from '../repo';
import { listEnrollmentTokens, listUnscheduledTokensAtSite } from '../tokens/api';
import { tokenDetailsOf } from '../tokens/details';
import { UNSCHEDULED_TOKEN_TYPES, UNSCHEDULED_TYPE_OF_TOKEN } from './unscheduled-events';

/** Spec 001 §7 `GET .../enrollments/count` (per status), over the sites the caller may see. */
export async function countEnrollments(
  db: Executor,
  studyId: string,
  siteIds: 'ALL' | string[],
): Promise<EnrollmentCount> {
  const rows = await countEnrollmentsByStatus(db, studyId, siteIds);
  const byStatus = Object.fromEntries(ENROLLMENT_STATUSES.map((s) => [s, 0])) as Record<
    EnrollmentStatus,
    number
  >;
  for (const row of rows) {
    if (row.status in byStatus) byStatus[row.status as EnrollmentStatus] += row.n;
  }
  return { total: rows.reduce((sum, r) => sum + r.n, 0), byStatus };
}

export async function findEnrollmentOrThrow(
  db: Executor,
  studyId: string,
  enrollmentId: string,
): Promise<EnrollmentRow> {
  const row = await findEnrollment(db, studyId, enrollmentId);
  if (!row) throw notFound('The enrollment');
  return row;
}

/** Spec 001 §7 `GET .../enrollments/{enrollmentId}`: the enrollment, its labels and token summary. */
export async function loadEnrollmentDetail(
  db: Executor,
  row: EnrollmentRow,
  queryStatuses?: Map<string, QueryStatus[]>,
): Promise<EnrollmentDetail> {
  const [labels, tokens, process] = await Promise.all([
    findEnrollmentLabels(db, row),
    listEnrollmentTokens(db, row.studyId, row.id),
    findEnrollmentProcess(db, row.studyId, row.processId),
  ]);
  return presentEnrollmentDetail(row, { labels, tokens, process, queryStatuses });
}

/** Spec 001 §7 `GET .../enrollments/subjects/{subjectId}`: a subject's enrollments, oldest first. */
export async function listSubjectEnrollmentDetails(
  db: Executor,
  studyId: string,
  subjectId: string,
): Promise<EnrollmentDetail[]> {
  const rows = await listSubjectEnrollments(db, studyId, subjectId);
  // Issue 19 (001 §4): the tokens' non-closed query statuses, one read for all the enrollments.
  const queryStatuses = await activeQueryStatusesByToken(
    db,
    studyId,
    rows.map((r) => r.id),
  );
  const out: EnrollmentDetail[] = [];
  for (const row of rows) out.push(await loadEnrollmentDetail(db, row, queryStatuses));
  return out;
}

/** The site of a subject of the study (404 for unknown or other-study ids). */
export async function siteOfSubject(db: Executor, studyId: string, subjectId: string): Promise<string> {
  const subject = await findSubject(db, studyId, subjectId);
  if (!subject) throw notFound('The subject');
  return subject.siteId;
}

/** Spec 001 §7 `GET /study/{studyId}/canreenroll` (rule in `reenrollRefusal`). */
export async function checkReenroll(
  db: Executor,
  input: { studyId: string; subjectId: string; processId: string; channel: 'STAFF' | 'PUBLIC' },
) {
  const subject = await findSubject(db, input.studyId, input.subjectId);
  if (!subject) throw notFound('The subject');
  const process = await findLiveProcess(db, input.studyId, input.processId);
  if (!process) throw notFound('The process');
  const previous = await listSubjectEnrollments(db, input.studyId, input.subjectId, input.processId);
  const reason = reenrollRefusal({
    previous: previous.map((e) => e.status as EnrollmentStatus),
    subjectArchived: subject.archivedAt !== null,
    publicReenroll: process.publicReenroll,
    channel: input.channel,
  });
  return {
    siteId: subject.siteId,
    result: { canReenroll: reason === null, reason, previousEnrollments: previous.length },
  };
}

/**
 * Spec 001 §7 `GET .../processes/{processId}/enrollments/{enrollmentId}/unscheduled/getForms`:
 * per unscheduled type, whether the process switches it on and its forms with the versions
 * tagged on the enrollment.
 */
export async function listUnscheduledForms(db: Executor, enrollment: EnrollmentRow, process: Process) {
  const all = UNSCHEDULED_DATA_EVENT_TYPES.map((type) => ({
    type,
    selection: unscheduledSelectionOf(process, type),
  }));
  const ids = all.flatMap((u) => [
    ...(u.selection?.selectedQts ?? []),
    ...(u.selection?.selectedOptionalQts ?? []),
  ]);
  const names = await findFormNames(db, enrollment.studyId, [...new Set(ids)]);
  return all.map(({ type, selection }) => {
    const form = (formId: string, optional: boolean) => ({
      formId,
      name: names.get(formId) ?? null,
      optional,
      version: enrollment.formVersions[formId] ?? null,
    });
    return {
      type,
      enabled: selection !== null,
      dataEventId: selection?.id ?? process[UNSCHEDULED_EVENTS[type].selection].id ?? null,
      forms: selection
        ? [
            ...selection.selectedQts.map((id) => form(id, false)),
            ...selection.selectedOptionalQts.map((id) => form(id, true)),
          ]
        : [],
    };
  });
}

/**
 * Spec 001 §7 `GET /study/{studyId}/site/{siteId}/token/unscheduled/getImportedDates`: the dates of
 * the unscheduled events recorded at a site, with the import id of those an answer import made
 * (null for events recorded by staff), so an import can match events by date.
 */
export async function listUnscheduledDates(
  db: Executor,
  input: { studyId: string; siteId: string; type?: UnscheduledDataEventType },
) {
  const types = input.type ? [UNSCHEDULED_EVENTS[input.type].tokenType] : UNSCHEDULED_TOKEN_TYPES;
  const rows = await listUnscheduledTokensAtSite(db, input.studyId, input.siteId, types);
  return rows.map((row) => {
    return {
      enrollmentId: row.enrollmentId,
      subjectId: row.subjectId,
      tokenId: row.id,
      type: UNSCHEDULED_TYPE_OF_TOKEN[row.type as TokenType] ?? 'TYPE_UNEXPECTED',
      date: (row.activatedAt ?? row.createdAt).toISOString(),
      importId: tokenDetailsOf(row).importId ?? null,
    };
  });
}
