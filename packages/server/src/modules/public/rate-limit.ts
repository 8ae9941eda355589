/**
 * Rate limits of the public endpoints (issue 8 item 5: per client address and per link or
 * email), over the generic throttle table. Failures are recorded outside the failing use case
 * so they count even though its transaction rolls back.
 */
import { blockedUntil, recordFailure, type ThrottlePolicy } from '../../platform/auth/throttle';
import type { Executor } from '../../platform/db/client';
import { AppError } from '../../platform/errors';

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

/** 429 when any of the keys is blocked. */
export async function assertNotLimited(db: Executor, keys: string[], now: Date): Promise<void> {
  for (const key of keys) {
    const until = await blockedUntil(db, key, now);
    if (until) {
      throw new AppError('RATE_LIMITED', 'Too many attempts. Please try again later.', {
        context: { retryAfter: Math.ceil((until.getTime() - now.getTime()) / 1000) },
      });
    }
  }
}

export async function countFailure(
  db: Executor,
  entries: [key: string, policy: ThrottlePolicy][],
  now: Date,
): Promise<void> {
  for (const [key, policy] of entries) await recordFailure(db, key, now, policy);
}
