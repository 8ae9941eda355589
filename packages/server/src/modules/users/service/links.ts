import { createHash } from 'node:crypto';
import type { FieldIssue } from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { validationError } from '../../../platform/errors';
import { newSecret } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import { findUserTokenForUpdate, insertUserToken, type UserTokenPurpose } from '../repo';

/** Link lifetimes (spec 000 §2 signup / forgot): verification 48 h, reset 1 h, first password 48 h. */
export const VERIFY_EMAIL_TTL_MINUTES = 48 * 60;
export const RESET_PASSWORD_TTL_MINUTES = 60;
export const SET_PASSWORD_TTL_MINUTES = 48 * 60;

/** Emailed links are stored by the SHA-256 of their secret, never the secret itself. */
export function hashLinkSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Creates a single-use emailed link for a user; returns the secret to put in the email only. */
export async function issueLink(
  ctx: UseCaseContext,
  input: { userId: string; purpose: UserTokenPurpose; ttlMinutes: number },
): Promise<string> {
  const secret = newSecret();
  await insertUserToken(ctx.tx, {
    id: hashLinkSecret(secret),
    userId: input.userId,
    purpose: input.purpose,
    createdAt: ctx.now,
    expiresAt: new Date(ctx.now.getTime() + input.ttlMinutes * 60_000),
    usedAt: null,
  });
  return secret;
}

function linkIssue(message: string): FieldIssue[] {
  return [{ path: ['token'], message }];
}

/**
 * Finds the live link for `secret` (locked for this transaction) or refuses with a 400 on
 * `token`: unknown or already used links are invalid, old ones expired.
 */
export async function requireLiveLink(db: Executor, secret: string, purpose: UserTokenPurpose, now: Date) {
  const token = await findUserTokenForUpdate(db, hashLinkSecret(secret), purpose);
  if (!token || token.usedAt) {
    throw validationError(linkIssue('ACCOUNTS.LINK.INVALID'), 'This link is not valid or was already used.');
  }
  if (token.expiresAt <= now) {
    throw validationError(linkIssue('ACCOUNTS.LINK.EXPIRED'), 'This link has expired. Ask for a new one.');
  }
  return token;
}

/** The absolute address of an app page for emails: PUBLIC_URL when configured, else the caller's origin. */
export function appLink(baseUrl: string, path: string, secret: string): string {
  const url = new URL(path, baseUrl);
  url.searchParams.set('token', secret);
  return url.toString();
}
