/**
 * Staff actions on one token (spec 001 §4 "token status can be edited, and a token can be locked
 * and unlocked"; §7 Tokens (staff): lock, unlock, status, back) and the staff token view. Each
 * change is one transaction with the enrollment locked first, audited with before, after, reason.
 */
import {
  type EnrollmentStatus,
  type FormPosition,
  formPositionOf,
  isEnrollmentActive,
  isTokenFillable,
  listDataEventForms,
  needsActiveEnrollment,
  type Process,
  stepBackOneForm,
  type TokenDetail,
  type TokenStatus,
  type TokenStatusBody,
  tokenStaffStatusAction,
  tokenStateMachine,
  UNSCHEDULED_EVENTS,
  type UnscheduledDataEventType,
} from '@trialbase/domain';
import type { Signature } from '../../../../platform/auth/extended-validation';
import type { Executor } from '../../../../platform/db/client';
import { AppError, notFound, validationError } from '../../../../platform/errors';
import type { UseCaseContext } from '../../../../platform/use-case';
import { type EnrollmentRow, findEnrollment, findEnrollmentProcess } from '../../repo';
import { requireDataCaptureStudy } from '../../service/enroll-subject';
import { tokenDetailsOf } from '../details';
import { presentToken } from '../presenters';
import { findToken, findTokenByRef, type TokenRow, updateToken } from '../repo';
import { advanceEnrollment } from './advance-enrollment';
import type { ScheduleEnv } from './send-link';
import { lockTokenWithEnrollment } from './staff';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The meaning recorded with a lock or unlock signature (when the study enables extended validation). */
export const TOKEN_LOCK_MEANING = 'Lock this data event: no answers can be saved until it is unlocked.';
export const TOKEN_UNLOCK_MEANING = 'Unlock this data event: answers can be saved again.';

/** The event a token belongs to, as the token view and `back` read it: forms and forced order. */
export function tokenEventOf(process: Process | null, token: Pick<TokenRow, 'dataEventId'>) {
  const scheduled = process?.dataEvents.find((e) => e.id === token.dataEventId);
  const unscheduled = (Object.keys(UNSCHEDULED_EVENTS) as UnscheduledDataEventType[]).find(
    (type) => process?.[UNSCHEDULED_EVENTS[type].selection].id === token.dataEventId,
  );
  return {
    id: token.dataEventId,
    type: scheduled?.type ?? unscheduled ?? null,
    name: scheduled?.name ?? {},
    forms: (process ? listDataEventForms(process, token.dataEventId) : null) ?? [],
    forceFormOrder: scheduled?.forceFormOrder ?? false,
  };
}

async function lockOwnToken(
  ctx: UseCaseContext,
  input: { studyId: string; enrollmentId: string; tokenId: string },
) {
  await requireDataCaptureStudy(ctx, input.studyId);
  const found = await lockTokenWithEnrollment(ctx, input.studyId, input.tokenId);
  if (found.enrollment.id !== input.enrollmentId) throw notFound('The token');
  return found;
}

/**
 * Spec 001 §4 / §7 `PUT .../tokens/{tokenId}/lock|unlock`: a locked token takes no answers
 * (`isTokenFillable`); locking a locked token (or unlocking an unlocked one) is refused.
 */
export async function setTokenLock(
  ctx: UseCaseContext,
  input: {
    studyId: string;
    enrollmentId: string;
    tokenId: string;
    locked: boolean;
    reason: string | null;
    signature: Signature | null;
  },
): Promise<TokenRow> {
  const { token } = await lockOwnToken(ctx, input);
  if (token.locked === input.locked) {
    throw new AppError(
      'PRECONDITION',
      input.locked ? 'The token is already locked.' : 'The token is not locked.',
      {
        context: { locked: token.locked },
      },
    );
  }
  await updateToken(ctx.tx, input.studyId, token.id, { locked: input.locked, updatedAt: ctx.now });
  await ctx.audit({
    action: input.locked ? 'TOKEN_LOCKED' : 'TOKEN_UNLOCKED',
    entityType: 'TOKEN',
    entityId: token.id,
    studyId: input.studyId,
    before: { locked: token.locked },
    after: { locked: input.locked, ...(input.signature ? { signature: input.signature } : {}) },
    reason: input.reason,
  });
  return { ...token, locked: input.locked, updatedAt: ctx.now };
}

/** The new window of a reactivated or reopened link: given, and in the future when not null. */
function newExpiry(body: TokenStatusBody, action: string, now: Date): { pin: boolean; expiry: Date | null } {
  if (action === 'disable') {
    if (body.expiryTime !== undefined) {
      throw validationError([{ path: ['expiryTime'], message: 'A disabled link takes no expiry time.' }]);
    }
    return { pin: false, expiry: null };
  }
  if (body.expiryTime === undefined) {
    if (action === 'reactivate') {
      throw validationError([
        { path: ['expiryTime'], message: 'Give the new expiry time (null: the link never expires).' },
      ]);
    }
    return { pin: false, expiry: null };
  }
  const expiry = body.expiryTime === null ? null : new Date(body.expiryTime);
  if (expiry && expiry <= now) {
    throw validationError([{ path: ['expiryTime'], message: 'The new expiry time must be in the future.' }]);
  }
  return { pin: true, expiry };
}

/**
 * Spec 001 §4 / §7 `PUT .../tokens/{tokenId}/status`: staff move a token through the token state
 * machine (`tokenStaffStatusAction`): reactivate an expired or disabled link with a new expiry,
 * disable one, reopen a completed one (optionally with a new expiry); with a reason, audited.
 */
export async function changeTokenStatus(
  ctx: UseCaseContext,
  input: { studyId: string; enrollmentId: string; tokenId: string; body: TokenStatusBody },
  env: ScheduleEnv,
): Promise<TokenRow> {
  const { enrollment, token } = await lockOwnToken(ctx, input);
  const from = token.status as TokenStatus;
  const action = tokenStaffStatusAction(from, input.body.status);
  if (needsActiveEnrollment(action) && !isEnrollmentActive(enrollment.status as EnrollmentStatus)) {
    throw new AppError('PRECONDITION', 'The enrollment has ended; its links cannot be opened again.', {
      id: 'INVALID_ENROLLMENT',
      context: { status: enrollment.status },
    });
  }
  const { pin, expiry } = newExpiry(input.body, action, ctx.now);
  const to = tokenStateMachine.next(from, action);
  const values: Parameters<typeof updateToken>[3] = { status: to, updatedAt: ctx.now };
  if (pin) {
    values.expiryTime = expiry;
    values.details = { ...token.details, pinnedExpiry: true };
  }
  if (action === 'reopen') values.completedTime = null;
  await updateToken(ctx.tx, input.studyId, token.id, values);
  await ctx.audit({
    action: 'TOKEN_STATUS_CHANGED',
    entityType: 'TOKEN',
    entityId: token.id,
    studyId: input.studyId,
    before: { status: from, expiryTime: iso(token.expiryTime), completedTime: iso(token.completedTime) },
    after: { status: to, action, ...(pin ? { expiryTime: iso(expiry) } : {}) },
    reason: input.body.reason,
  });
  await advanceEnrollment(ctx, enrollment, env);
  return (await findToken(ctx.tx, input.studyId, token.id)) ?? token;
}

/**
 * Spec 001 §7 / 002 §7 `POST .../token/{token}/back` (semantics in `stepBackOneForm`): only an open,
 * unlocked token of an event with a forced form order, and not at its first form.
 */
export async function stepTokenBack(
  ctx: UseCaseContext,
  input: { studyId: string; tokenId: string },
): Promise<FormPosition & { tokenId: string }> {
  const { enrollment, token } = await lockTokenWithEnrollment(ctx, input.studyId, input.tokenId);
  const window = {
    status: token.status as TokenStatus,
    locked: token.locked,
    activationTime: iso(token.activationTime),
    expiryTime: iso(token.expiryTime),
  };
  if (!isTokenFillable(window, ctx.now)) {
    throw new AppError('PRECONDITION', 'This link is not open for answers (status, lock or time window).', {
      context: { status: token.status, locked: token.locked },
    });
  }
  const process = await findEnrollmentProcess(ctx.tx, input.studyId, enrollment.processId);
  const event = tokenEventOf(process, token);
  if (!event.forceFormOrder) {
    throw new AppError(
      'PRECONDITION',
      'The forms of this data event are chosen from the index, not in order.',
    );
  }
  const position = formPositionOf(event.forms, tokenDetailsOf(token).formIndex);
  const back = stepBackOneForm(position);
  if (!back)
    throw new AppError('PRECONDITION', 'This is already the first form.', { context: { currentNumber: 0 } });
  await updateToken(ctx.tx, input.studyId, token.id, {
    details: { ...token.details, formIndex: back.currentNumber },
    updatedAt: ctx.now,
  });
  await ctx.audit({
    action: 'TOKEN_BACK',
    entityType: 'TOKEN',
    entityId: token.id,
    studyId: input.studyId,
    before: { formIndex: position.currentNumber, formId: position.currentForm },
    after: { formIndex: back.currentNumber, formId: back.currentForm },
  });
  return { ...back, tokenId: token.id };
}

/** Spec 001 §7 `GET /studies/{studyId}/token/{tokenId}`: the token with its event and enrollment. */
export async function loadTokenDetail(
  db: Executor,
  token: TokenRow,
  enrollment: EnrollmentRow,
  withSecret: boolean,
): Promise<TokenDetail> {
  const process = await findEnrollmentProcess(db, token.studyId, token.processId);
  const event = tokenEventOf(process, token);
  return {
    ...presentToken(token, { withSecret }),
    enrollmentStatus: enrollment.status,
    siteId: enrollment.siteId,
    subjectId: enrollment.subjectId,
    dataEvent: event,
    currentFormIndex: formPositionOf(event.forms, tokenDetailsOf(token).formIndex).currentNumber,
  };
}

/** A token by id or link secret with its enrollment (404 for unknown or other-study refs). */
export async function findTokenWithEnrollment(
  db: Executor,
  studyId: string,
  ref: string,
): Promise<{ token: TokenRow; enrollment: EnrollmentRow }> {
  const token = await findTokenByRef(db, studyId, ref);
  const enrollment = token ? await findEnrollment(db, studyId, token.enrollmentId) : null;
  if (!token || !enrollment) throw notFound('The token');
  return { token, enrollment };
}
