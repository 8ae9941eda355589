import {
  isTransitionError,
  type StudyAction,
  type StudyStatus,
  SUBJECT_RESTRICTED_FIELDS,
  studyDeletionDueTime,
  studyStateMachine,
} from '@trialbase/domain';
import type { Signature } from '../../../platform/auth/extended-validation';
import { AppError } from '../../../platform/errors';
import type { UseCaseContext } from '../../../platform/use-case';
import { eraseSubjectIdentities, type StudyRow, updateStudyRow } from '../repo';
import { assertStudyBuildPasses } from './build-gate';
import { loadStudyForChange } from './update-study';

/** The state machine's verdict as an AppError (the platform error handler does not map TransitionError). */
export function nextStatus(from: StudyStatus, action: StudyAction): StudyStatus {
  try {
    return studyStateMachine.next(from, action);
  } catch (error) {
    if (!isTransitionError(error)) throw error;
    throw new AppError(error.type, `The study cannot do '${action}' while its status is ${from}.`, {
      id: error.id,
      context: { status: from, action },
    });
  }
}

/** The lifecycle calls of spec 001 §7 and 000 §4 that only move the status. */
export type StudyStatusAction = Extract<
  StudyAction,
  'start' | 'stop' | 'test' | 'backToBuild' | 'lock' | 'unlock' | 'complete'
>;

/**
 * Spec 001 §7 POST /study/{id}/start, /stop, POST and PUT /testDrive, and (000 §4) lock, unlock and
 * complete: the domain state machine decides; a refused transition is STUDY_STATUS_MISMATCH and
 * changes nothing. The step's reason goes with its audit event.
 */
export async function changeStudyStatus(
  ctx: UseCaseContext,
  input: { studyId: string; action: StudyStatusAction; reason?: string | null },
): Promise<StudyRow> {
  const row = await loadStudyForChange(ctx, input.studyId);
  const from = row.status as StudyStatus;
  const to = nextStatus(from, input.action);
  // Issue 23 item 3: a study goes to production or test only when its build check has no error.
  if (input.action === 'start' || input.action === 'test') await assertStudyBuildPasses(ctx.tx, row.id);
  const updated = await updateStudyRow(ctx.tx, row.id, { status: to, updatedAt: ctx.now });
  await ctx.audit({
    action: 'STUDY_STATUS_CHANGED',
    entityType: 'STUDY',
    entityId: row.id,
    studyId: row.id,
    before: { status: from },
    after: { status: to, action: input.action },
    reason: input.reason ?? null,
  });
  return updated;
}

/**
 * Spec 000 §4 anonymize (COMPLETED → ANONYMIZED, irreversible): every subject's identifying fields
 * (the restricted fields of 000 §6) are erased in the same transaction; the audit trail stays as it
 * is, each subject's erasure recorded with the names of the fields, never their values.
 */
export async function anonymizeStudy(
  ctx: UseCaseContext,
  input: { studyId: string; reason: string; signature: Signature | null },
): Promise<StudyRow> {
  const row = await loadStudyForChange(ctx, input.studyId);
  const from = row.status as StudyStatus;
  const to = nextStatus(from, 'anonymize');
  const fields = Object.keys(SUBJECT_RESTRICTED_FIELDS);
  const erased = await eraseSubjectIdentities(ctx.tx, row.id, fields, ctx.now);
  for (const subject of erased) {
    await ctx.audit({
      action: 'SUBJECT_ANONYMIZED',
      entityType: 'SUBJECT',
      entityId: subject.id,
      studyId: row.id,
      before: { fields: subject.fields },
      after: { fields: [] },
      reason: input.reason,
    });
  }
  const updated = await updateStudyRow(ctx.tx, row.id, { status: to, updatedAt: ctx.now });
  await ctx.audit({
    action: 'STUDY_STATUS_CHANGED',
    entityType: 'STUDY',
    entityId: row.id,
    studyId: row.id,
    before: { status: from },
    after: { status: to, action: 'anonymize', subjectsAnonymized: erased.length, signature: input.signature },
    reason: input.reason,
  });
  return updated;
}

/**
 * Spec 001 §7 POST /study/{id}/requestDelete, 000 §9: the study goes to DELETE and becomes
 * deletable after the deletion delay; the status before is kept for a cancel.
 */
export async function requestStudyDeletion(
  ctx: UseCaseContext,
  input: { studyId: string; signature: Signature | null },
): Promise<StudyRow> {
  const row = await loadStudyForChange(ctx, input.studyId);
  const from = row.status as StudyStatus;
  const to = nextStatus(from, 'requestDelete');
  const dueAt = studyDeletionDueTime(ctx.now);
  const updated = await updateStudyRow(ctx.tx, row.id, {
    status: to,
    statusBeforeDelete: from,
    deleteRequestedAt: ctx.now,
    deleteDueAt: dueAt,
    updatedAt: ctx.now,
  });
  await ctx.audit({
    action: 'STUDY_DELETE_REQUESTED',
    entityType: 'STUDY',
    entityId: row.id,
    studyId: row.id,
    before: { status: from },
    after: { status: to, deleteDueTime: dueAt.toISOString(), signature: input.signature },
  });
  return updated;
}

/** Spec 001 §7 DELETE /study/{id}: only a requested deletion, and only once it is due (000 §9). */
export async function deleteStudy(
  ctx: UseCaseContext,
  input: { studyId: string; signature: Signature | null },
): Promise<void> {
  const row = await loadStudyForChange(ctx, input.studyId);
  if (row.status !== 'DELETE' || !row.deleteDueAt) {
    throw new AppError('VALIDATION', 'Request the deletion first.', {
      id: 'STUDY_STATUS_MISMATCH',
      context: { status: row.status },
    });
  }
  if (ctx.now < row.deleteDueAt) {
    throw new AppError('PRECONDITION', 'The study can be deleted once the deletion delay has passed.', {
      context: { deleteDueTime: row.deleteDueAt.toISOString() },
    });
  }
  await updateStudyRow(ctx.tx, row.id, { deletedAt: ctx.now, updatedAt: ctx.now });
  await ctx.audit({
    action: 'STUDY_DELETED',
    entityType: 'STUDY',
    entityId: row.id,
    studyId: row.id,
    before: { status: row.status, deletedAt: null },
    after: { deletedAt: ctx.now.toISOString(), signature: input.signature },
  });
}
