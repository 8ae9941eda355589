/**
 * Spec 002 §2 unsubscribe page, §4 unsubscribe flow, §5, §8: the subject gives the email on
 * file, receives a code, enters it, and then leaves the process: the enrollment becomes
 * UNSUBSCRIBED (enrollment state machine) and its open and waiting links are switched off.
 */
import {
  type EnrollmentStatus,
  enrollmentStateMachine,
  type OneTimePasswordSent,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_TTL_MINUTES,
  OTP_VALIDATED_GRACE_MINUTES,
  type TokenStatus,
  tokenStateMachine,
} from '@trialbase/domain';
import { reserve } from '../../../platform/auth/throttle';
import { AppError } from '../../../platform/errors';
import type { UseCaseContext } from '../../../platform/use-case';
import { type EnrollmentRow, findSubject, updateEnrollment } from '../../enrollments/api';
import { listEnrollmentTokens, updateToken } from '../../enrollments/tokens/api';
import { contactOf } from '../../enrollments/tokens/service/send-link';
import type { Captcha } from '../captcha';
import { UNSUBSCRIBE_COOLDOWN_POLICY } from '../rate-limit';
import { findEnrollmentRow, findLatestOtp, findPublicStudy, revokeTokenSessions } from '../repo';
import { checkOneTimePassword, cooldownError, sendOneTimePassword } from './one-time-password';

/** The enrollment when `email` is its subject's address; null otherwise (unknown enrollment included). */
export async function enrollmentWithEmail(
  ctx: UseCaseContext,
  input: { studyId: string; enrollmentId: string; email: string },
  options: { lock?: boolean } = {},
): Promise<{ enrollment: EnrollmentRow; email: string; language: string | null } | null> {
  const enrollment = await findEnrollmentRow(ctx.tx, input.studyId, input.enrollmentId, options);
  const subject = enrollment ? await findSubject(ctx.tx, input.studyId, enrollment.subjectId) : null;
  const contact = contactOf(subject?.attributes);
  const email = contact.email;
  if (!enrollment || !email || email.toLowerCase() !== input.email.trim().toLowerCase()) return null;
  return { enrollment, email, language: contact.language ?? enrollment.language };
}

/**
 * Spec 002 §7 patient/{id}/requestOneTimePassword: a code to the address on file. Issue 17 item
 * 2: the answer is the same whether the email is the one on file or not (or the enrollment is
 * unknown): the code goes only to the real address, and the cooldown holds per enrollment and
 * email for every email alike (412 with the seconds left), so asking again tells nothing either,
 * and a mistyped address does not hold up the right one.
 */
export async function requestUnsubscribeCode(
  ctx: UseCaseContext,
  input: { studyId: string; enrollmentId: string; email: string },
): Promise<OneTimePasswordSent> {
  const cooldown = await reserve(
    ctx.tx,
    `public-unsubscribe-cooldown:${input.studyId}:${input.enrollmentId}:${input.email.trim().toLowerCase()}`,
    ctx.now,
    UNSUBSCRIBE_COOLDOWN_POLICY,
  );
  if (!cooldown.allowed) {
    throw cooldownError(Math.max(1, Math.ceil((cooldown.blockedUntil.getTime() - ctx.now.getTime()) / 1000)));
  }
  const found = await enrollmentWithEmail(ctx, input);
  if (!found) {
    return {
      channels: ['EMAIL'],
      cooldownTime: OTP_RESEND_COOLDOWN_SECONDS,
      expiresAt: new Date(ctx.now.getTime() + OTP_TTL_MINUTES * 60_000).toISOString(),
    };
  }
  return sendOneTimePassword(ctx, {
    studyId: input.studyId,
    purpose: 'UNSUBSCRIBE',
    subjectRef: found.enrollment.id,
    recipients: [{ channel: 'EMAIL', to: found.email }],
    // Issue 18 item 3: in the participant's language, else the study's primary language.
    languages: {
      recipient: found.language,
      primary: (await findPublicStudy(ctx.tx, input.studyId))?.primaryLanguage ?? 'en',
    },
  });
}

/** Spec 002 §7 patient/{id}/validateOneTimePassword: checks the unsubscribe code. */
export function validateUnsubscribeCode(
  ctx: UseCaseContext,
  input: { studyId: string; enrollmentId: string; password: unknown; captcha?: string; verifier: Captcha },
) {
  return checkOneTimePassword(ctx, {
    studyId: input.studyId,
    purpose: 'UNSUBSCRIBE',
    subjectRef: input.enrollmentId,
    password: input.password,
    captcha: input.captcha,
    verifier: input.verifier,
    noCodeKey: `public-unsubscribe-nocode:${input.studyId}:${input.enrollmentId}`,
  });
}

const SWITCH_OFF: readonly TokenStatus[] = ['NOT_ACTIVE', 'UNUSED', 'IN_USE'];

/** 401: no code was validated for the enrollment in the grace period (the same for any email). */
export function notConfirmedError(): AppError {
  return new AppError('SECURITY', 'Confirm with the code sent to your email first.');
}

/**
 * Spec 002 §7 unsubscribe: needs a code validated in the last OTP_VALIDATED_GRACE_MINUTES and
 * the email on file. Issue 17 item 2: without the code the answer is 401 whatever the email, so
 * it tells nothing about the address; only after the code (sent to the address on file) does a
 * wrong email give 400 (§8 UNSUB_ERR).
 */
export async function unsubscribeEnrollment(
  ctx: UseCaseContext,
  input: { studyId: string; enrollmentId: string; email: string },
): Promise<{ status: EnrollmentStatus }> {
  // The enrollment's row first, then its code (the order the other unsubscribe writers lock in).
  const found = await enrollmentWithEmail(ctx, input, { lock: true });
  const otp = await findLatestOtp(ctx.tx, input.studyId, 'UNSUBSCRIBE', input.enrollmentId, { lock: true });
  const graceStart = ctx.now.getTime() - OTP_VALIDATED_GRACE_MINUTES * 60_000;
  if (!otp?.usedAt || otp.usedAt.getTime() < graceStart) throw notConfirmedError();
  if (!found) {
    throw new AppError('VALIDATION', 'This email address does not match the enrollment.', {
      context: { issues: [{ path: ['email'], message: 'PUBLIC.UNSUBSCRIBE.EMAIL_NOT_EXIST' }] },
    });
  }
  const before = found.enrollment.status as EnrollmentStatus;
  const status = enrollmentStateMachine.next(before, 'unsubscribe');
  await updateEnrollment(ctx.tx, input.studyId, found.enrollment.id, { status, updatedAt: ctx.now });
  const tokens = await listEnrollmentTokens(ctx.tx, input.studyId, found.enrollment.id, { lock: true });
  const switchedOff: string[] = [];
  for (const token of tokens) {
    const from = token.status as TokenStatus;
    if (!SWITCH_OFF.includes(from)) continue;
    const to = tokenStateMachine.next(from, 'disable');
    await updateToken(ctx.tx, input.studyId, token.id, { status: to, updatedAt: ctx.now });
    await ctx.audit({
      action: 'TOKEN_STATUS_CHANGED',
      entityType: 'TOKEN',
      entityId: token.id,
      studyId: input.studyId,
      before: { status: from },
      after: { status: to },
      reason: 'The subject unsubscribed.',
    });
    switchedOff.push(token.id);
  }
  await revokeTokenSessions(ctx.tx, input.studyId, switchedOff, ctx.now);
  await ctx.audit({
    action: 'ENROLLMENT_UNSUBSCRIBED',
    entityType: 'ENROLLMENT',
    entityId: found.enrollment.id,
    studyId: input.studyId,
    before: { status: before },
    after: { status, disabledTokens: switchedOff },
  });
  return { status };
}
