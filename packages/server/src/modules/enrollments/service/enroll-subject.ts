/** Enrolling a subject into a process (spec 001 §7 POST /studies/{studyId}/enrollments; issue 6 item 5). */
import {
  type EnrollmentStatus,
  isScheduledDataEvent,
  listDataEventForms,
  type Process,
  reenrollRefusal,
  type StudyStatus,
  studyEditScope,
  tokenTypeForDataEvent,
} from '@trialbase/domain';
import { AppError, notFound } from '../../../platform/errors';
import { newId, newLinkToken } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import { lockProcessRow } from '../../processes/api';
import {
  type EnrollmentRow,
  findActiveEnrollmentOfSubject,
  findCurrentFormVersions,
  findLiveProcess,
  findStudyScheduleInfo,
  findSubject,
  insertEnrollment,
  listSubjectEnrollments,
  lockEnrollment,
  type StudyScheduleInfo,
  siteExists,
} from '../repo';
import { insertTokens, type TokenInsert } from '../tokens/api';
import { type AdvanceResult, advanceEnrollment } from '../tokens/service/advance-enrollment';
import { contactOf, type ScheduleEnv } from '../tokens/service/send-link';

/** The study must be taking data: test or production (spec 000 §4, `studyEditScope().dataCapture`). */
export async function requireDataCaptureStudy(
  ctx: UseCaseContext,
  studyId: string,
): Promise<StudyScheduleInfo> {
  const study = await findStudyScheduleInfo(ctx.tx, studyId);
  if (!study) throw notFound('The study');
  if (!studyEditScope(study.status as StudyStatus).dataCapture) {
    throw new AppError('PRECONDITION', 'The study does not take data in its current status.', {
      id: 'STUDY_STATUS_MISMATCH',
      context: { status: study.status },
    });
  }
  return study;
}

/** Every form a process uses: scheduled events' forms and the unscheduled selections. */
function processFormIds(process: Process): string[] {
  const ids = new Set<string>();
  for (const event of process.dataEvents)
    for (const id of listDataEventForms(process, event.id) ?? []) ids.add(id);
  for (const forms of [process.unexpectedVisit, process.discontinueDataEvent, process.externalDataEvent]) {
    for (const id of [...forms.selectedQts, ...forms.selectedOptionalQts]) ids.add(id);
  }
  return [...ids];
}

export type EnrollSubjectInput = {
  studyId: string;
  siteId: string;
  subjectId: string;
  processId: string;
  /** The REGISTRATION reference date; defaults to now. */
  registeredAt?: Date;
};

/**
 * Issue 6 item 5: creates the enrollment (REGISTERED, started once its first token activates),
 * tags the current form versions, creates one NOT_ACTIVE token per scheduled data event with a
 * fresh link secret, and at once activates and sends whatever is already due.
 */
export async function enrollSubject(
  ctx: UseCaseContext,
  input: EnrollSubjectInput,
  env: ScheduleEnv,
): Promise<{ enrollment: EnrollmentRow; advanced: AdvanceResult }> {
  const study = await requireDataCaptureStudy(ctx, input.studyId);
  if (!(await siteExists(ctx.tx, input.studyId, input.siteId))) throw notFound('The site');
  const subject = await findSubject(ctx.tx, input.studyId, input.subjectId);
  if (!subject || subject.siteId !== input.siteId) throw notFound('The subject at this site');
  if (subject.archivedAt) {
    throw new AppError('PRECONDITION', 'An archived subject cannot be enrolled.', {
      id: 'INVALID_ENROLLMENT',
    });
  }
  // Issue 13 item 8: the process row is held (FOR SHARE) until the enrolment commits, so a save
  // of the process (FOR UPDATE) waits for it and then sees this enrolment in its lock check.
  if (!(await lockProcessRow(ctx.tx, input.studyId, input.processId, 'share'))) throw notFound('The process');
  const process = await findLiveProcess(ctx.tx, input.studyId, input.processId);
  if (!process) throw notFound('The process');
  if (await findActiveEnrollmentOfSubject(ctx.tx, input.studyId, input.subjectId, input.processId)) {
    throw new AppError('CONFLICT', 'The subject is already enrolled in this process.', {
      id: 'INVALID_ENROLLMENT',
    });
  }
  // Spec 001 §7 canreenroll: the same rule as `GET /study/{studyId}/canreenroll` (staff channel).
  const previous = await listSubjectEnrollments(ctx.tx, input.studyId, input.subjectId, input.processId);
  const refusal = reenrollRefusal({
    previous: previous.map((e) => e.status as EnrollmentStatus),
    subjectArchived: false,
    publicReenroll: process.publicReenroll,
    channel: 'STAFF',
  });
  if (refusal) {
    throw new AppError('CONFLICT', 'The subject cannot be enrolled in this process again.', {
      id: 'INVALID_ENROLLMENT',
      context: { reason: refusal },
    });
  }
  const formVersions = await findCurrentFormVersions(ctx.tx, input.studyId, processFormIds(process));
  const status: EnrollmentStatus = 'REGISTERED';
  const enrollment: EnrollmentRow = {
    studyId: input.studyId,
    id: newId(ctx.now),
    siteId: input.siteId,
    subjectId: input.subjectId,
    processId: process.id,
    status,
    registeredAt: input.registeredAt ?? ctx.now,
    timeZone: study.timeZone,
    language: contactOf(subject.attributes).language ?? study.primaryLanguage,
    formVersions,
    details: {},
    createdBy: ctx.actor.id,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  await insertEnrollment(ctx.tx, enrollment);
  await ctx.audit({
    action: 'ENROLLMENT_CREATED',
    entityType: 'ENROLLMENT',
    entityId: enrollment.id,
    studyId: input.studyId,
    after: {
      siteId: enrollment.siteId,
      subjectId: enrollment.subjectId,
      processId: enrollment.processId,
      status,
      registeredAt: enrollment.registeredAt.toISOString(),
      timeZone: enrollment.timeZone,
      language: enrollment.language,
      formVersions,
    },
  });
  const tokens: TokenInsert[] = [];
  process.dataEvents.forEach((event, position) => {
    if (!isScheduledDataEvent(event)) return;
    tokens.push({
      studyId: input.studyId,
      id: newId(ctx.now),
      token: newLinkToken(),
      enrollmentId: enrollment.id,
      processId: process.id,
      dataEventId: event.id,
      position,
      type: tokenTypeForDataEvent(event.type),
      status: 'NOT_ACTIVE',
      details: {},
      createdAt: ctx.now,
      updatedAt: ctx.now,
    });
  });
  await insertTokens(ctx.tx, tokens);
  for (const token of tokens) {
    await ctx.audit({
      action: 'TOKEN_CREATED',
      entityType: 'TOKEN',
      entityId: token.id ?? null,
      studyId: input.studyId,
      // The link secret stays out of the audit trail.
      after: {
        enrollmentId: enrollment.id,
        dataEventId: token.dataEventId,
        type: token.type,
        status: 'NOT_ACTIVE',
      },
    });
  }
  const locked = await lockEnrollment(ctx.tx, input.studyId, enrollment.id);
  const advanced = await advanceEnrollment(ctx, locked ?? enrollment, env);
  return { enrollment: locked ?? enrollment, advanced };
}
