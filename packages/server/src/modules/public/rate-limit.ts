/**
 * Policies of the public endpoints' rate limits (issue 8 item 5: per client address and per
 * link or email). The routes declare the limits (route-helpers.ts); the platform hooks check
 * and count them in the throttle store (platform/http/rate-limit.ts).
 */
import { OTP_RESEND_COOLDOWN_SECONDS } from '@trialbase/domain';
import type { ThrottlePolicy } from '../../platform/auth/throttle';

/*
 * Issue 17 item 5: a limit keyed by a link, enrollment or email comes first and is tight; the
 * address limits only stop a script, with a much higher ceiling, so that one participant's
 * mistakes (or one guesser) behind a hospital's shared address do not lock out everyone there.
 */
/** Unknown links per address: a guesser is stopped long before a 32-character token could fall. */
export const LINK_IP_POLICY: ThrottlePolicy = { maxFailures: 50, windowMinutes: 15, blockMinutes: 15 };
/** Wrong codes per link or enrollment (the captcha comes first, after 3), and per address. */
export const CODE_SUBJECT_POLICY: ThrottlePolicy = { maxFailures: 10, windowMinutes: 30, blockMinutes: 30 };
export const CODE_IP_POLICY: ThrottlePolicy = { maxFailures: 100, windowMinutes: 15, blockMinutes: 15 };
/** Sign-ups per email (each counts), and per address. */
export const SIGNUP_EMAIL_POLICY: ThrottlePolicy = { maxFailures: 5, windowMinutes: 60, blockMinutes: 60 };
export const SIGNUP_IP_POLICY: ThrottlePolicy = { maxFailures: 60, windowMinutes: 60, blockMinutes: 60 };
/** Unsubscribe code requests and refused unsubscribes per enrollment, and per address. */
export const UNSUBSCRIBE_ENROLLMENT_POLICY: ThrottlePolicy = {
  maxFailures: 5,
  windowMinutes: 60,
  blockMinutes: 60,
};
export const UNSUBSCRIBE_IP_POLICY: ThrottlePolicy = { maxFailures: 50, windowMinutes: 15, blockMinutes: 15 };
/** One unsubscribe code request per enrollment and email per cooldown, known or not (OTP_RESEND_COOLDOWN_SECONDS). */
export const UNSUBSCRIBE_COOLDOWN_POLICY: ThrottlePolicy = {
  maxFailures: 1,
  windowMinutes: OTP_RESEND_COOLDOWN_SECONDS / 60,
  blockMinutes: OTP_RESEND_COOLDOWN_SECONDS / 60,
};
