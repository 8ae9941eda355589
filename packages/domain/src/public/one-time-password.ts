import type { OtpAuthenticationType } from '../processes/model';

/**
 * One-time passwords of the public flows (spec 002 §2 one-time-password and unsubscribe pages,
 * §9 "captcha after 3 failed attempts; cooldown timer as mm:ss"). The spec leaves the code
 * lifetime and the resend cooldown unshown (§9 "one-time password lifetime: not shown"); ours:
 */
export const OTP_CODE_LENGTH = 6;
/** A code stays valid for 10 minutes after it is sent. */
export const OTP_TTL_MINUTES = 10;
/** A new code can be sent 60 seconds after the previous one (the mm:ss countdown of §2). */
export const OTP_RESEND_COOLDOWN_SECONDS = 60;
/** DESIGN.md decisions: the captcha appears from the 4th failed attempt ("more than 3"). */
export const OTP_CAPTCHA_AFTER_FAILURES = 3;
/** An unsubscribe code, once validated, allows the unsubscribe call for this long. */
export const OTP_VALIDATED_GRACE_MINUTES = 15;

/** What a one-time password is for (the `purpose` column). */
/** ECONSENT (issue 24): the code that confirms who signs an e-consent, apart from the link's own code. */
export const OTP_PURPOSES = ['TOKEN', 'SIGNUP', 'UNSUBSCRIBE', 'ECONSENT'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

export type OtpChannel = 'EMAIL' | 'SMS';

/** Spec 000 §3 otpAuthentication: the channels a data event's code goes out on (none for NONE). */
export function otpChannels(type: OtpAuthenticationType): OtpChannel[] {
  switch (type) {
    case 'EMAIL':
      return ['EMAIL'];
    case 'SMS':
      return ['SMS'];
    case 'BOTH':
      return ['EMAIL', 'SMS'];
    case 'NONE':
      return [];
  }
}

/** Spec 002 §3 requiredOneTimePass: the data event asks for a code before the forms. */
export function isOneTimePasswordRequired(type: OtpAuthenticationType): boolean {
  return otpChannels(type).length > 0;
}

/**
 * Spec 002 §7 newOneTimePassword 412: the whole seconds left before another code may be sent
 * (0 when one may be sent now, or none was sent yet).
 */
export function otpCooldownRemaining(lastSentAt: Date | null, now: Date): number {
  if (!lastSentAt) return 0;
  const readyAt = lastSentAt.getTime() + OTP_RESEND_COOLDOWN_SECONDS * 1000;
  return Math.max(0, Math.ceil((readyAt - now.getTime()) / 1000));
}

/** Spec 002 §2, §7: the remaining cooldown as the page shows it, mm:ss. */
export function formatCooldown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** Spec 002 §2, §8, DESIGN.md decisions: after more than 3 failed attempts a captcha is needed. */
export function isCaptchaRequired(failures: number): boolean {
  return failures > OTP_CAPTCHA_AFTER_FAILURES;
}

/** Spec 002 §2 "the code is sent as an integer": the typed code as six digits, or null. */
export function normalizeOtpCode(value: unknown): string | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,6}$/.test(text)) return null;
  // A leading zero is lost when the code travels as an integer.
  return text.padStart(OTP_CODE_LENGTH, '0');
}
