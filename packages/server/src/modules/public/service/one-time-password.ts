/**
 * One-time codes of the public flows (spec 002 §2 one-time-password and unsubscribe pages, §7, §8;
 * issue 8 item 5): six random digits from the CSPRNG, stored as a salted SHA-256, valid for
 * OTP_TTL_MINUTES, single-use, a new one only after the cooldown (412 with cooldownTime), and a
 * captcha once more than 3 attempts failed. Codes go out through the outbox and are never logged
 * or audited.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  isCaptchaRequired,
  messageLanguages,
  normalizeOtpCode,
  type OneTimePasswordSent,
  OTP_CODE_LENGTH,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_TTL_MINUTES,
  type OtpChannel,
  type OtpPurpose,
  otpCooldownRemaining,
} from '@trialbase/domain';
import { release, reserve } from '../../../platform/auth/throttle';
import { AppError } from '../../../platform/errors';
import { t } from '../../../platform/i18n/i18n';
import { newId } from '../../../platform/ids';
import { queueMessage } from '../../../platform/outbox/outbox';
import type { UseCaseContext } from '../../../platform/use-case';
import type { Captcha } from '../captcha';
import { findLatestOtp, insertOtp, type OtpRow, retireOpenOtps, updateOtp } from '../repo';

function hashCode(code: string, salt: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

function codeMatches(row: OtpRow, code: string): boolean {
  const [salt = '', stored = ''] = row.codeHash.split(':');
  const given = Buffer.from(hashCode(code, salt));
  const expected = Buffer.from(stored);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Spec 002 §7 412: a new code is refused during the cooldown, with the seconds left. */
export function cooldownError(seconds: number): AppError {
  return new AppError('PRECONDITION', 'A code was sent a moment ago. Wait before asking for another.', {
    status: 412,
    context: { cooldownTime: seconds },
  });
}

export type CodeRecipient = { channel: OtpChannel; to: string };

/** The participant's language and the study's primary language, for the code's text. */
export type CodeLanguages = { recipient: string | null; primary: string };

/**
 * The code's email subject and text (SMS: the text) from locales/{lng}/public.json, in the
 * participant's language, else the study's primary language, else English (issue 18 item 3).
 */
export function codeMessage(
  purpose: OtpPurpose,
  code: string,
  languages: CodeLanguages,
): { subject: string; body: string } {
  const lngs = messageLanguages(languages);
  const area = purpose === 'UNSUBSCRIBE' ? 'UNSUBSCRIBE_CODE' : 'ONE_TIME_CODE';
  return {
    subject: t(lngs, `public:${area}.SUBJECT`),
    body: t(lngs, `public:${area}.BODY`, { code, minutes: OTP_TTL_MINUTES, count: OTP_TTL_MINUTES }),
  };
}

/**
 * Sends a new code to each recipient: refused during the cooldown of the previous one; older
 * codes stop working; the failure count carries over, so asking for a new code does not skip
 * the captcha.
 */
export async function sendOneTimePassword(
  ctx: UseCaseContext,
  input: {
    studyId: string;
    purpose: OtpPurpose;
    subjectRef: string;
    recipients: CodeRecipient[];
    languages: CodeLanguages;
  },
): Promise<OneTimePasswordSent> {
  const latest = await findLatestOtp(ctx.tx, input.studyId, input.purpose, input.subjectRef, { lock: true });
  const wait = otpCooldownRemaining(latest?.createdAt ?? null, ctx.now);
  if (wait > 0) throw cooldownError(wait);
  if (input.recipients.length === 0) {
    // Spec 002 §8: an external-communication error (OTP_SENDOUT_ERR on the page).
    throw new AppError('EX_COMM', 'There is no address to send the code to. Contact the study team.', {
      id: 'EXTERNAL_EMAIL_ERROR',
    });
  }
  const code = String(randomInt(0, 10 ** OTP_CODE_LENGTH)).padStart(OTP_CODE_LENGTH, '0');
  const salt = randomBytes(16).toString('hex');
  const expiresAt = new Date(ctx.now.getTime() + OTP_TTL_MINUTES * 60_000);
  await retireOpenOtps(ctx.tx, input.studyId, input.purpose, input.subjectRef, ctx.now);
  const id = newId(ctx.now);
  const channels = [...new Set(input.recipients.map((r) => r.channel))];
  await insertOtp(ctx.tx, {
    studyId: input.studyId,
    id,
    purpose: input.purpose,
    subjectRef: input.subjectRef,
    channel: channels.join('+'),
    codeHash: `${salt}:${hashCode(code, salt)}`,
    expiresAt,
    failures: latest && !latest.usedAt ? latest.failures : 0,
    usedAt: null,
    createdAt: ctx.now,
  });
  const message = codeMessage(input.purpose, code, input.languages);
  for (const recipient of input.recipients) {
    await queueMessage(ctx, {
      channel: recipient.channel,
      to: recipient.to,
      subject: recipient.channel === 'EMAIL' ? message.subject : null,
      body: message.body,
      studyId: input.studyId,
    });
  }
  await ctx.audit({
    action: 'ONE_TIME_PASSWORD_SENT',
    entityType: 'ONE_TIME_PASSWORD',
    entityId: id,
    studyId: input.studyId,
    // Who it went to and why; never the code.
    after: {
      purpose: input.purpose,
      subjectRef: input.subjectRef,
      channels,
      expiresAt: expiresAt.toISOString(),
    },
  });
  return { channels, cooldownTime: OTP_RESEND_COOLDOWN_SECONDS, expiresAt: expiresAt.toISOString() };
}

export type CodeCheck =
  | { ok: true; otp: OtpRow }
  | { ok: false; reason: 'INVALID' | 'EXPIRED' | 'CAPTCHA'; failures: number; captchaRequired: boolean };

/**
 * Checks a typed code against the newest one sent. Returns (rather than throws) a failure so
 * the caller's transaction commits the counted failure; a right code is used up at once.
 */
export async function checkOneTimePassword(
  ctx: UseCaseContext,
  input: {
    studyId: string;
    purpose: OtpPurpose;
    subjectRef: string;
    password: unknown;
    captcha: string | undefined;
    verifier: Captcha;
    /**
     * Where failures count when no code was ever sent (issue 17 item 2): a request with a wrong
     * email sends none, and the check must then count and ask for a captcha just the same.
     */
    noCodeKey?: string;
  },
): Promise<CodeCheck> {
  const otp = await findLatestOtp(ctx.tx, input.studyId, input.purpose, input.subjectRef, { lock: true });
  if (!otp && input.noCodeKey) return checkWithoutCode(ctx, input.noCodeKey, input);
  if (!otp) return { ok: false, reason: 'INVALID', failures: 0, captchaRequired: false };
  if (isCaptchaRequired(otp.failures) && !(await input.verifier.verify(ctx.tx, input.captcha, ctx.now))) {
    return { ok: false, reason: 'CAPTCHA', failures: otp.failures, captchaRequired: true };
  }
  if (otp.usedAt || otp.expiresAt.getTime() <= ctx.now.getTime()) {
    return {
      ok: false,
      reason: 'EXPIRED',
      failures: otp.failures,
      captchaRequired: isCaptchaRequired(otp.failures),
    };
  }
  const code = normalizeOtpCode(input.password);
  if (code === null || !codeMatches(otp, code)) {
    const failures = otp.failures + 1;
    await updateOtp(ctx.tx, input.studyId, otp.id, { failures });
    await ctx.audit({
      action: 'ONE_TIME_PASSWORD_FAILED',
      entityType: 'ONE_TIME_PASSWORD',
      entityId: otp.id,
      studyId: input.studyId,
      after: { purpose: input.purpose, subjectRef: input.subjectRef, failures },
    });
    return { ok: false, reason: 'INVALID', failures, captchaRequired: isCaptchaRequired(failures) };
  }
  await updateOtp(ctx.tx, input.studyId, otp.id, { usedAt: ctx.now });
  await ctx.audit({
    action: 'ONE_TIME_PASSWORD_VALIDATED',
    entityType: 'ONE_TIME_PASSWORD',
    entityId: otp.id,
    studyId: input.studyId,
    after: { purpose: input.purpose, subjectRef: input.subjectRef },
  });
  return { ok: true, otp: { ...otp, usedAt: ctx.now } };
}

/** Failures without a code, counted for a day (a sent code keeps its count until it is used). */
const NO_CODE_POLICY = { maxFailures: 1_000_000, windowMinutes: 24 * 60, blockMinutes: 0 };

async function checkWithoutCode(
  ctx: UseCaseContext,
  key: string,
  input: { captcha: string | undefined; verifier: Captcha },
): Promise<CodeCheck> {
  const counted = await reserve(ctx.tx, key, ctx.now, NO_CODE_POLICY);
  const failures = counted.allowed ? counted.count : 0;
  if (isCaptchaRequired(failures - 1) && !(await input.verifier.verify(ctx.tx, input.captcha, ctx.now))) {
    await release(ctx.tx, counted);
    return { ok: false, reason: 'CAPTCHA', failures: failures - 1, captchaRequired: true };
  }
  return { ok: false, reason: 'INVALID', failures, captchaRequired: isCaptchaRequired(failures) };
}

/** Spec 002 §8: the error for a failed code, with the field it belongs to and, when due, a captcha. */
export function codeError(
  check: Exclude<CodeCheck, { ok: true }>,
  input: { invalidMessage: string; captcha: Captcha; now: Date },
): AppError {
  const issue =
    check.reason === 'CAPTCHA'
      ? { path: ['captcha'], message: 'PUBLIC.ONE_TIME_PASSWORD.CAPTCHA_REQUIRED' }
      : check.reason === 'EXPIRED'
        ? { path: ['password'], message: 'PUBLIC.ONE_TIME_PASSWORD.EXPIRED' }
        : { path: ['password'], message: input.invalidMessage };
  return new AppError('VALIDATION', 'The code is not valid.', {
    context: {
      issues: [issue],
      failures: check.failures,
      captchaRequired: check.captchaRequired,
      ...(check.captchaRequired ? { captcha: input.captcha.issue(input.now) } : {}),
    },
  });
}
