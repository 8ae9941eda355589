/**
 * Policies of the public endpoints' rate limits (issue 8 item 5: per client address and per
 * link or email). The routes declare the limits (route-helpers.ts); the platform hooks check
 * and count them in the throttle store (platform/http/rate-limit.ts).
 */
import type { ThrottlePolicy } from '../../platform/auth/throttle';

/** Unknown links per address: a guesser is stopped long before a 32-character token could fall. */
export const LINK_IP_POLICY: ThrottlePolicy = { maxFailures: 20, windowMinutes: 15, blockMinutes: 15 };
/** Wrong codes per address and per link or enrollment (the captcha comes first, after 3). */
export const CODE_IP_POLICY: ThrottlePolicy = { maxFailures: 30, windowMinutes: 15, blockMinutes: 15 };
export const CODE_SUBJECT_POLICY: ThrottlePolicy = { maxFailures: 10, windowMinutes: 30, blockMinutes: 30 };
/** Sign-ups per address (each counts) and per email. */
export const SIGNUP_IP_POLICY: ThrottlePolicy = { maxFailures: 20, windowMinutes: 60, blockMinutes: 60 };
export const SIGNUP_EMAIL_POLICY: ThrottlePolicy = { maxFailures: 5, windowMinutes: 60, blockMinutes: 60 };
/** Wrong unsubscribe emails per address and per enrollment. */
export const UNSUBSCRIBE_IP_POLICY: ThrottlePolicy = { maxFailures: 10, windowMinutes: 15, blockMinutes: 15 };
export const UNSUBSCRIBE_ENROLLMENT_POLICY: ThrottlePolicy = {
  maxFailures: 5,
  windowMinutes: 60,
  blockMinutes: 60,
};
