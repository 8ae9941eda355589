import type { AdminUserStatus } from '@trialbase/domain';
import type { UserRow } from './repo';

/**
 * True once the user confirmed their email (spec 000 §2 signup); admin-created users start
 * verified. Login refuses unverified accounts (STANDARDS.md ES-7 identity verification).
 */
export function isEmailVerified(user: Pick<UserRow, 'emailVerifiedAt'>): boolean {
  return user.emailVerifiedAt !== null;
}

/** The state admins see: disabled wins over locked, locked over unverified (spec 000 §8 ACCOUNT_LOCKED). */
export function adminUserStatus(
  user: Pick<UserRow, 'isDisabled' | 'lockedUntil' | 'emailVerifiedAt'>,
  now: Date,
): AdminUserStatus {
  if (user.isDisabled) return 'DISABLED';
  if (user.lockedUntil && user.lockedUntil > now) return 'LOCKED';
  if (!isEmailVerified(user)) return 'UNVERIFIED';
  return 'ACTIVE';
}

/** The message login shows an unverified account (SECURITY, 401). */
export const EMAIL_NOT_VERIFIED_MESSAGE =
  'Please confirm your email address first: open the link we sent you when you signed up.';
