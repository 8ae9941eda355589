/**
 * Staff changes of an enrollment's status (spec 001 §4 "Enrollment and subject": edited,
 * deactivated, signed off; §7 PUT status, POST deactivate, PUT signOff). One transaction each,
 * the enrollment row locked first (the schedule's serialisation point), audited with before,
 * after and the reason; signatures (000 §6 Extended-Validation) are stored and audited.
 */
import {
  canSignOffEnrollment,
  ENROLLMENT_SIGN_OFF_MEANING,
  type EnrollmentAction,
  type EnrollmentStatus,
  enrollmentStateMachine,
  isDisabledByDeactivation,
  staffStatusAction,
  type TokenAction,
  type TokenStatus,
  tokenStateMachine,
} from '@trialbase/domain';
import type { Signature } from '../../../platform/auth/extended-validation';
import { AppError, notFound } from '../../../platform/errors';
import type { UseCaseContext } from '../../../platform/use-case';
import { type EnrollmentDetails, enrollmentDetailsOf, type StoredSignature } from '../details';
import { type EnrollmentRow, lockEnrollment, updateEnrollment } from '../repo';
import { listEnrollmentTokens, type TokenRow, updateToken } from '../tokens/api';
import { advanceEnrollment } from '../tokens/service/advance-enrollment';
import type { ScheduleEnv } from '../tokens/service/send-link';
import { requireDataCaptureStudy } from './enroll-subject';

/** Meanings of the signatures of this area (shown in the dialog, stored in the trail). */
export const DEACTIVATE_MEANING = 'Deactivate this enrollment: its open and waiting links are switched off.';
export const SIGN_OFF_MEANING = ENROLLMENT_SIGN_OFF_MEANING;

/** Loads and locks an enrollment of the study (404 for unknown or other-study ids). */
export async function lockEnrollmentOrThrow(
  ctx: UseCaseContext,
  studyId: string,
  enrollmentId: string,
): Promise<EnrollmentRow> {
  const row = await lockEnrollment(ctx.tx, studyId, enrollmentId);
  if (!row) throw notFound('The enrollment');
  return row;
}

/**
 * Moves the enrollment's open and waiting links along with it: `disable` (deactivation,
 * discontinuation, completion, withdrawal) or `exclude` (failed inclusion). Returns what it changed.
 */
export async function settleOpenTokens(
  ctx: UseCaseContext,
  enrollment: EnrollmentRow,
  action: Extract<TokenAction, 'disable' | 'exclude'>,
  reason: string,
  keep: (token: TokenRow) => boolean = () => false,
): Promise<{ id: string; status: string }[]> {
  const tokens = await listEnrollmentTokens(ctx.tx, enrollment.studyId, enrollment.id, { lock: true });
  const changed: { id: string; status: string }[] = [];
  for (const token of tokens) {
    const from = token.status as TokenStatus;
    if (keep(token) || !isDisabledByDeactivation(from)) continue;
    const to = tokenStateMachine.next(from, action);
    await updateToken(ctx.tx, enrollment.studyId, token.id, { status: to, updatedAt: ctx.now });
    await ctx.audit({
      action: 'TOKEN_STATUS_CHANGED',
      entityType: 'TOKEN',
      entityId: token.id,
      studyId: enrollment.studyId,
      before: { status: from },
      after: { status: to, cause: `enrollment ${enrollment.id}` },
      reason,
    });
    changed.push({ id: token.id, status: from });
  }
  return changed;
}

/** Gives back the links the last deactivation or discontinuation switched off. */
async function restoreTokens(ctx: UseCaseContext, enrollment: EnrollmentRow, reason: string): Promise<void> {
  const saved = enrollmentDetailsOf(enrollment).disabledTokens ?? [];
  const tokens = await listEnrollmentTokens(ctx.tx, enrollment.studyId, enrollment.id, { lock: true });
  for (const { id, status: before } of saved) {
    const token = tokens.find((t) => t.id === id);
    if (token?.status !== 'DISABLED') continue;
    const action = before === 'NOT_ACTIVE' ? 'restore' : 'reactivate';
    const to = tokenStateMachine.next('DISABLED', action);
    await updateToken(ctx.tx, enrollment.studyId, id, { status: to, updatedAt: ctx.now });
    await ctx.audit({
      action: 'TOKEN_STATUS_CHANGED',
      entityType: 'TOKEN',
      entityId: id,
      studyId: enrollment.studyId,
      before: { status: 'DISABLED' },
      after: { status: to, cause: `enrollment ${enrollment.id} reactivated` },
      reason,
    });
  }
}

async function writeStatus(
  ctx: UseCaseContext,
  enrollment: EnrollmentRow,
  input: {
    action: EnrollmentAction;
    reason: string;
    details: EnrollmentDetails;
    signature?: Signature | null;
  },
): Promise<EnrollmentStatus> {
  const from = enrollment.status as EnrollmentStatus;
  const to = enrollmentStateMachine.next(from, input.action);
  await updateEnrollment(ctx.tx, enrollment.studyId, enrollment.id, {
    status: to,
    details: input.details,
    updatedAt: ctx.now,
  });
  await ctx.audit({
    action: input.action === 'deactivate' ? 'ENROLLMENT_DEACTIVATED' : 'ENROLLMENT_STATUS_CHANGED',
    entityType: 'ENROLLMENT',
    entityId: enrollment.id,
    studyId: enrollment.studyId,
    before: { status: from },
    after: { status: to, action: input.action, ...(input.signature ? { signature: input.signature } : {}) },
    reason: input.reason,
  });
  enrollment.status = to;
  enrollment.details = input.details;
  return to;
}

/**
 * Spec 001 §4 / §7 `PUT .../status`: staff set a status through the enrollment state machine
 * (complete, exclude, withdraw, reactivate a cancelled one). Links follow: excluded ones are
 * excluded, completed or withdrawn ones switched off, a reactivation gives back what the
 * deactivation or discontinuation switched off and lets the schedule run again.
 */
export async function changeEnrollmentStatus(
  ctx: UseCaseContext,
  input: { studyId: string; enrollmentId: string; status: EnrollmentStatus; reason: string },
  env: ScheduleEnv,
): Promise<EnrollmentRow> {
  await requireDataCaptureStudy(ctx, input.studyId);
  const enrollment = await lockEnrollmentOrThrow(ctx, input.studyId, input.enrollmentId);
  const action = staffStatusAction(enrollment.status as EnrollmentStatus, input.status);
  const details = enrollmentDetailsOf(enrollment);
  switch (action) {
    case 'reactivate':
      await restoreTokens(ctx, enrollment, input.reason);
      await writeStatus(ctx, enrollment, {
        action,
        reason: input.reason,
        details: { ...details, deactivation: null, discontinuation: null, disabledTokens: [] },
      });
      await advanceEnrollment(ctx, enrollment, env);
      break;
    case 'exclude':
      await settleOpenTokens(ctx, enrollment, 'exclude', input.reason);
      await writeStatus(ctx, enrollment, { action, reason: input.reason, details });
      break;
    case 'complete':
    case 'unsubscribe':
      await settleOpenTokens(ctx, enrollment, 'disable', input.reason);
      await writeStatus(ctx, enrollment, { action, reason: input.reason, details });
      break;
  }
  return enrollment;
}

function storedSignature(signature: Signature, reason: string | null): StoredSignature {
  return {
    signedBy: signature.signerId,
    signedByName: signature.printedName,
    signedTime: signature.signedAt,
    reason,
    meaning: signature.meaning,
  };
}

/**
 * Spec 001 §6 / §7 `POST .../deactivate` (Extended-Validation always): the enrollment is
 * cancelled and its open and waiting links are switched off; the signature and reason are kept.
 */
export async function deactivateEnrollment(
  ctx: UseCaseContext,
  input: { studyId: string; enrollmentId: string; reason: string; signature: Signature },
): Promise<EnrollmentRow> {
  await requireDataCaptureStudy(ctx, input.studyId);
  const enrollment = await lockEnrollmentOrThrow(ctx, input.studyId, input.enrollmentId);
  // Refuse before touching a token: the state machine decides.
  enrollmentStateMachine.next(enrollment.status as EnrollmentStatus, 'deactivate');
  const disabled = await settleOpenTokens(ctx, enrollment, 'disable', input.reason);
  await writeStatus(ctx, enrollment, {
    action: 'deactivate',
    reason: input.reason,
    signature: input.signature,
    details: {
      ...enrollmentDetailsOf(enrollment),
      deactivation: storedSignature(input.signature, input.reason),
      disabledTokens: disabled,
    },
  });
  return enrollment;
}

/**
 * Spec 001 §4 / §6 `PUT .../signOff` (Extended-Validation always): the investigator signs the
 * casebook of an enrollment that has ended; once only. The status does not change.
 */
export async function signOffEnrollment(
  ctx: UseCaseContext,
  input: { studyId: string; enrollmentId: string; reason: string | null; signature: Signature },
): Promise<EnrollmentRow> {
  await requireDataCaptureStudy(ctx, input.studyId);
  const enrollment = await lockEnrollmentOrThrow(ctx, input.studyId, input.enrollmentId);
  const status = enrollment.status as EnrollmentStatus;
  if (!canSignOffEnrollment(status)) {
    throw new AppError('PRECONDITION', 'Only an enrollment that has ended can be signed off.', {
      id: 'INVALID_ENROLLMENT',
      context: { status },
    });
  }
  const details = enrollmentDetailsOf(enrollment);
  if (details.signOff) {
    throw new AppError('CONFLICT', 'This enrollment is already signed off.', {
      id: 'INVALID_ENROLLMENT',
      context: { signedTime: details.signOff.signedTime },
    });
  }
  const signOff = storedSignature(input.signature, input.reason);
  const next = { ...details, signOff };
  await updateEnrollment(ctx.tx, input.studyId, enrollment.id, { details: next, updatedAt: ctx.now });
  await ctx.audit({
    action: 'ENROLLMENT_SIGNED_OFF',
    entityType: 'ENROLLMENT',
    entityId: enrollment.id,
    studyId: input.studyId,
    before: { signOff: null },
    after: { status, signOff, signature: input.signature },
    reason: input.reason,
  });
  enrollment.details = next;
  enrollment.updatedAt = ctx.now;
  return enrollment;
}
