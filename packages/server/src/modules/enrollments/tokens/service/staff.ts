/**
 * Staff calls on a schedule (spec 001 §7 Tokens: resend, reschedule, startDataEvent,
 * startAllForDataEvent) and token completion. Each is one transaction that locks the
 * enrollment first (the schedule's serialisation point), then advances its schedule.
 */
import { type SendOutResult, type TokenStatus, tokenStateMachine } from '@trialbase/domain';
import { AppError, notFound, validationError } from '../../../../platform/errors';
import { newId } from '../../../../platform/ids';
import type { UseCaseContext } from '../../../../platform/use-case';
import { findProcessOfDataEvent } from '../../../processes/api';
import {
  findEnrollmentProcess,
  findStudyScheduleInfo,
  findSubject,
  lockEnrollment,
  siteExists,
} from '../../repo';
import { requireDataCaptureStudy } from '../../service/enroll-subject';
import {
  claimNotification,
  findToken,
  listEnrollmentTokens,
  listWaitingTokensOfDataEventAtSite,
  type TokenRow,
  updateToken,
} from '../repo';
import { advanceEnrollment, scheduleDetailsOf } from './advance-enrollment';
import { contactOf, type ScheduleEnv, sendTokenLink } from './send-link';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Loads a token of the study with its enrollment locked (404 for unknown or other-study ids). */
export async function lockTokenWithEnrollment(ctx: UseCaseContext, studyId: string, tokenId: string) {
  const found = await findToken(ctx.tx, studyId, tokenId);
  if (!found) throw notFound('The token');
  const enrollment = await lockEnrollment(ctx.tx, studyId, found.enrollmentId);
  if (!enrollment) throw notFound('The enrollment');
  const tokens = await listEnrollmentTokens(ctx.tx, studyId, enrollment.id, { lock: true });
  const token = tokens.find((t) => t.id === tokenId);
  if (!token) throw notFound('The token');
  return { enrollment, token };
}

/** Spec 001 §7 POST tokens/{tokenId}/resend: the link again, now, by the event's channels. */
export async function resendToken(
  ctx: UseCaseContext,
  input: { studyId: string; tokenId: string },
  env: ScheduleEnv,
): Promise<{ token: TokenRow; notification: string; channels: SendOutResult[] }> {
  await requireDataCaptureStudy(ctx, input.studyId);
  const { enrollment, token } = await lockTokenWithEnrollment(ctx, input.studyId, input.tokenId);
  if (token.status !== 'UNUSED' && token.status !== 'IN_USE') {
    throw new AppError('PRECONDITION', 'Only an open link (unused or in use) can be sent again.', {
      context: { status: token.status },
    });
  }
  const process = await findEnrollmentProcess(ctx.tx, input.studyId, enrollment.processId);
  const event = process?.dataEvents.find((e) => e.id === token.dataEventId);
  if (!event) throw notFound('The data event');
  const kind = `RESEND:${newId(ctx.now)}`;
  await claimNotification(ctx.tx, {
    studyId: input.studyId,
    tokenId: token.id,
    kind,
    dueAt: ctx.now,
    now: ctx.now,
  });
  const [study, subject] = await Promise.all([
    findStudyScheduleInfo(ctx.tx, input.studyId),
    findSubject(ctx.tx, input.studyId, enrollment.subjectId),
  ]);
  const contact = contactOf(subject?.attributes);
  const channels = await sendTokenLink(ctx, {
    token,
    event,
    purpose: 'RESEND',
    kind,
    contact,
    languages: { subject: contact.language ?? enrollment.language, primary: study?.primaryLanguage ?? 'en' },
    env,
  });
  return { token, notification: kind, channels };
}

/**
 * Spec 001 §4 "a token list can be rescheduled": new activation times for tokens that are not
 * active yet (an active link's window is changed by status edits, not here). The time is pinned:
 * later recomputation keeps it, and the times that depend on it (PREVIOUS chains, expiry before
 * the next event) follow. All or nothing: one refused token refuses the call.
 */
export async function rescheduleTokens(
  ctx: UseCaseContext,
  input: { studyId: string; tokens: { tokenId: string; activationTime: string }[] },
  env: ScheduleEnv,
): Promise<TokenRow[]> {
  await requireDataCaptureStudy(ctx, input.studyId);
  const ids = input.tokens.map((t) => t.tokenId);
  const duplicate = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (duplicate >= 0) {
    throw validationError([
      { path: ['tokens', duplicate, 'tokenId'], message: 'This token is listed twice.' },
    ]);
  }
  const touched = new Map<string, string>();
  for (const [index, item] of input.tokens.entries()) {
    const { enrollment, token } = await lockTokenWithEnrollment(ctx, input.studyId, item.tokenId);
    if (token.status !== 'NOT_ACTIVE') {
      throw validationError(
        [
          {
            path: ['tokens', index, 'tokenId'],
            message: `Only a token that is not active yet can be rescheduled (status ${token.status}).`,
          },
        ],
        'Some tokens cannot be rescheduled.',
      );
    }
    const activationTime = new Date(item.activationTime);
    await updateToken(ctx.tx, input.studyId, token.id, {
      activationTime,
      details: { ...token.details, pinnedActivation: true },
      updatedAt: ctx.now,
    });
    await ctx.audit({
      action: 'TOKEN_RESCHEDULED',
      entityType: 'TOKEN',
      entityId: token.id,
      studyId: input.studyId,
      before: { activationTime: iso(token.activationTime), expiryTime: iso(token.expiryTime) },
      after: { activationTime: activationTime.toISOString() },
    });
    touched.set(enrollment.id, token.id);
  }
  const result: TokenRow[] = [];
  for (const enrollmentId of touched.keys()) {
    const enrollment = await lockEnrollment(ctx.tx, input.studyId, enrollmentId);
    if (enrollment) await advanceEnrollment(ctx, enrollment, env);
  }
  for (const id of ids) {
    const row = await findToken(ctx.tx, input.studyId, id);
    if (row) result.push(row);
  }
  return result;
}

/** Starts one waiting MANUAL or REQUEST token: its activation becomes now + the event's offset. */
async function startLockedToken(ctx: UseCaseContext, token: TokenRow, referenceDate: string): Promise<void> {
  if (token.status !== 'NOT_ACTIVE' || scheduleDetailsOf(token).startedAt) {
    throw new AppError('PRECONDITION', 'This data event has already started.', {
      context: { status: token.status },
    });
  }
  if (referenceDate !== 'MANUAL' && referenceDate !== 'REQUEST') {
    throw new AppError('PRECONDITION', 'Only a manual or on-request data event is started by staff.', {
      context: { referenceDate },
    });
  }
  await updateToken(ctx.tx, token.studyId, token.id, {
    details: { ...token.details, startedAt: ctx.now.toISOString() },
    updatedAt: ctx.now,
  });
  await ctx.audit({
    action: 'TOKEN_STARTED',
    entityType: 'TOKEN',
    entityId: token.id,
    studyId: token.studyId,
    after: { dataEventId: token.dataEventId, startedAt: ctx.now.toISOString() },
  });
}

/** Spec 001 §7 POST enrollments/{enrollmentId}/tokens/{tokenId}/startDataEvent. */
export async function startDataEvent(
  ctx: UseCaseContext,
  input: { studyId: string; enrollmentId: string; tokenId: string },
  env: ScheduleEnv,
): Promise<TokenRow> {
  await requireDataCaptureStudy(ctx, input.studyId);
  const { enrollment, token } = await lockTokenWithEnrollment(ctx, input.studyId, input.tokenId);
  if (enrollment.id !== input.enrollmentId) throw notFound('The token');
  assertEnrollmentActive(enrollment.status);
  const process = await findEnrollmentProcess(ctx.tx, input.studyId, enrollment.processId);
  const event = process?.dataEvents.find((e) => e.id === token.dataEventId);
  if (!event) throw notFound('The data event');
  await startLockedToken(ctx, token, event.referenceDate);
  await advanceEnrollment(ctx, enrollment, env);
  return (await findToken(ctx.tx, input.studyId, token.id)) ?? token;
}

function assertEnrollmentActive(status: string): void {
  if (status !== 'REGISTERED' && status !== 'ONGOING') {
    throw new AppError('PRECONDITION', 'The enrollment has ended.', {
      id: 'INVALID_ENROLLMENT',
      context: { status },
    });
  }
}

/** Spec 001 §7 startAllForDataEvent: every waiting token of the data event at the site. */
export async function startAllForDataEvent(
  ctx: UseCaseContext,
  input: { studyId: string; dataEventId: string; siteId: string },
  env: ScheduleEnv,
): Promise<TokenRow[]> {
  await requireDataCaptureStudy(ctx, input.studyId);
  // Another study's site or data event is not found here, rather than starting nothing (issue 17).
  if (!(await siteExists(ctx.tx, input.studyId, input.siteId))) throw notFound('The site');
  if (!(await findProcessOfDataEvent(ctx.tx, input.studyId, input.dataEventId)))
    throw notFound('The data event');
  const waiting = await listWaitingTokensOfDataEventAtSite(
    ctx.tx,
    input.studyId,
    input.dataEventId,
    input.siteId,
  );
  const started: TokenRow[] = [];
  for (const { enrollmentId, tokenId } of waiting) {
    const enrollment = await lockEnrollment(ctx.tx, input.studyId, enrollmentId);
    if (!enrollment || (enrollment.status !== 'REGISTERED' && enrollment.status !== 'ONGOING')) continue;
    const tokens = await listEnrollmentTokens(ctx.tx, input.studyId, enrollmentId, { lock: true });
    const token = tokens.find((t) => t.id === tokenId);
    if (token?.status !== 'NOT_ACTIVE' || scheduleDetailsOf(token).startedAt) continue;
    const process = await findEnrollmentProcess(ctx.tx, input.studyId, enrollment.processId);
    const event = process?.dataEvents.find((e) => e.id === token.dataEventId);
    if (!event || (event.referenceDate !== 'MANUAL' && event.referenceDate !== 'REQUEST')) continue;
    await startLockedToken(ctx, token, event.referenceDate);
    await advanceEnrollment(ctx, enrollment, env);
    const row = await findToken(ctx.tx, input.studyId, token.id);
    if (row) started.push(row);
  }
  return started;
}

/**
 * Marks a token completed (token state machine `complete`, spec 002 §4 submit), then advances
 * the schedule: PREVIOUS_COMPLETE events count from this moment. The form-fill issue calls it
 * when the last form is submitted.
 */
export async function completeToken(
  ctx: UseCaseContext,
  input: { studyId: string; tokenId: string },
  env: ScheduleEnv,
): Promise<TokenRow> {
  const { enrollment, token } = await lockTokenWithEnrollment(ctx, input.studyId, input.tokenId);
  const status = tokenStateMachine.next(token.status as TokenStatus, 'complete');
  await updateToken(ctx.tx, input.studyId, token.id, { status, completedTime: ctx.now, updatedAt: ctx.now });
  await ctx.audit({
    action: 'TOKEN_COMPLETED',
    entityType: 'TOKEN',
    entityId: token.id,
    studyId: input.studyId,
    before: { status: token.status },
    after: { status, completedTime: ctx.now.toISOString() },
  });
  await advanceEnrollment(ctx, enrollment, env);
  return (await findToken(ctx.tx, input.studyId, token.id)) ?? token;
}
