import { type ChangePasswordRequest, checkPasswordStrength, type FieldIssue } from '@trialbase/domain';
import { hashPassword, verifyPassword } from '../../../platform/auth/passwords';
import { clearFailures, loginEmailKey, reserve } from '../../../platform/auth/throttle';
import type { Db } from '../../../platform/db/client';
import { AppError, validationError } from '../../../platform/errors';
import { runUseCase, SYSTEM_ACTOR } from '../../../platform/use-case';
import { activateInvitationsForUser } from '../../access/service/access-grants';
import {
  consumeUserTokens,
  findUserByEmail,
  findUserById,
  revokeUserSessions,
  type UserRow,
  updateUser,
} from '../repo';
import { queuePasswordChangedEmail, queueResetEmail } from './emails';
import { appLink, issueLink, RESET_PASSWORD_TTL_MINUTES, requireLiveLink } from './links';

/** Reset requests: 3 per email and 20 per address an hour (the email limit stays silent). */
const FORGOT_EMAIL_POLICY = { maxFailures: 3, windowMinutes: 60, blockMinutes: 60 };
const FORGOT_IP_POLICY = { maxFailures: 20, windowMinutes: 60, blockMinutes: 60 };
/** Wrong current passwords on the change form, per user. */
const CHANGE_POLICY = { maxFailures: 5, windowMinutes: 15, blockMinutes: 15 };

/**
 * Forgot password (spec 000 §2 forgot): queues a single-use reset link valid 1 h when the
 * email belongs to an enabled account. The caller answers 204 whatever happened here, so
 * nobody learns which accounts exist; the per-address limit is the only visible refusal.
 */
export async function requestPasswordReset(
  db: Db,
  input: { email: string; ip: string | null; baseUrl: string },
  now: Date = new Date(),
): Promise<void> {
  const ipKey = `forgot:ip:${input.ip ?? 'unknown'}`;
  const emailKey = `forgot:email:${input.email}`;
  // Issue 17: each request reserves its use of both limits in one statement each before it is
  // served, so a burst gets exactly the limits through (the email's refusal stays silent).
  const address = await reserve(db, ipKey, now, FORGOT_IP_POLICY);
  if (!address.allowed) {
    throw new AppError('RATE_LIMITED', 'Too many requests from this address. Try again later.');
  }
  const mailbox = await reserve(db, emailKey, now, FORGOT_EMAIL_POLICY);
  if (!mailbox.allowed) return;
  await runUseCase(
    db,
    SYSTEM_ACTOR,
    async (ctx) => {
      const user = await findUserByEmail(ctx.tx, input.email);
      if (!user || user.isDisabled) return;
      const secret = await issueLink(ctx, {
        userId: user.id,
        purpose: 'RESET_PASSWORD',
        ttlMinutes: RESET_PASSWORD_TTL_MINUTES,
      });
      await ctx.audit({
        action: 'USER_PASSWORD_RESET_REQUESTED',
        entityType: 'USER',
        entityId: user.id,
        after: { ip: input.ip, expiresInMinutes: RESET_PASSWORD_TTL_MINUTES },
      });
      await queueResetEmail(ctx, user, appLink(input.baseUrl, '/authentication/reset', secret));
    },
    now,
  );
}

async function userOfResetLink(db: Db, secret: string, now: Date): Promise<UserRow> {
  const token = await requireLiveLink(db, secret, 'RESET_PASSWORD', now);
  const user = await findUserById(db, token.userId);
  if (!user || user.isDisabled) {
    throw validationError([{ path: ['token'], message: 'ACCOUNTS.LINK.INVALID' }], 'This link is not valid.');
  }
  return user;
}

/**
 * Reset password from the emailed link (spec 000 §2 forgot, DESIGN.md security model):
 * sets the password, consumes the link, ends every session and clears the lockout. The
 * link reached the mailbox, so it also confirms the email.
 */
export async function resetPassword(
  db: Db,
  input: { token: string; password: string },
  now: Date = new Date(),
): Promise<{ email: string }> {
  const candidate = await userOfResetLink(db, input.token, now);
  const issues = checkPasswordStrength(input.password, { email: candidate.email });
  if (issues.length) throw validationError(issues, 'The password is not strong enough.');
  const passwordHash = await hashPassword(input.password);
  return runUseCase(
    db,
    { type: 'USER', id: candidate.id },
    async (ctx) => {
      // Again under the row lock: of two racing resets with one link, only one wins.
      await requireLiveLink(ctx.tx, input.token, 'RESET_PASSWORD', ctx.now);
      const wasLocked = candidate.lockedUntil !== null && candidate.lockedUntil > ctx.now;
      await consumeUserTokens(ctx.tx, candidate.id, 'RESET_PASSWORD', ctx.now);
      await updateUser(ctx.tx, candidate.id, {
        passwordHash,
        passwordChangedAt: ctx.now,
        failedLoginCount: 0,
        lockedUntil: null,
        emailVerifiedAt: candidate.emailVerifiedAt ?? ctx.now,
        updatedAt: ctx.now,
      });
      await clearFailures(ctx.tx, loginEmailKey(candidate.email));
      const revokedSessions = await revokeUserSessions(ctx.tx, candidate.id, ctx.now);
      await ctx.audit({
        action: 'USER_PASSWORD_RESET',
        entityType: 'USER',
        entityId: candidate.id,
        after: { revokedSessions, unlocked: wasLocked },
      });
      if (!candidate.emailVerifiedAt) {
        await ctx.audit({
          action: 'USER_EMAIL_VERIFIED',
          entityType: 'USER',
          entityId: candidate.id,
          before: { emailVerifiedAt: null },
          after: { emailVerifiedAt: ctx.now.toISOString(), by: 'RESET_LINK' },
        });
        await activateInvitationsForUser(ctx, candidate);
      }
      return { email: candidate.email };
    },
    now,
  );
}

function wrongCurrentPassword(): AppError {
  const issues: FieldIssue[] = [{ path: ['currentPassword'], message: 'ACCOUNTS.PASSWORD.CURRENT_WRONG' }];
  return new AppError('EXTENDED_VALIDATION', 'The current password is not correct. Nothing was changed.', {
    context: { issues },
  });
}

/**
 * Change own password (spec 001 §2 profile, password tab): the current password is
 * required, the new one follows the strength rule, and the user's other sessions end.
 */
export async function changeOwnPassword(
  db: Db,
  input: ChangePasswordRequest & { user: UserRow; sessionId: string },
  now: Date = new Date(),
): Promise<void> {
  const { user } = input;
  const key = `pw:${user.id}`;
  // Reserved before the check (issue 17), so concurrent wrong passwords get exactly the limit.
  if (!(await reserve(db, key, now, CHANGE_POLICY)).allowed) {
    throw new AppError('EXCEED_NO_ATTEMPTS', 'Too many wrong passwords. Wait a few minutes and try again.');
  }
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw wrongCurrentPassword();
  await clearFailures(db, key);
  const issues = checkPasswordStrength(input.newPassword, { email: user.email, path: ['newPassword'] });
  if (input.newPassword === input.currentPassword) {
    issues.push({ path: ['newPassword'], message: 'ACCOUNTS.PASSWORD_RULES.SAME_AS_CURRENT' });
  }
  if (issues.length) throw validationError(issues, 'The new password is not acceptable.');
  const passwordHash = await hashPassword(input.newPassword);
  await runUseCase(
    db,
    { type: 'USER', id: user.id },
    async (ctx) => {
      await updateUser(ctx.tx, user.id, { passwordHash, passwordChangedAt: ctx.now, updatedAt: ctx.now });
      const revokedSessions = await revokeUserSessions(ctx.tx, user.id, ctx.now, input.sessionId);
      await ctx.audit({
        action: 'USER_PASSWORD_CHANGED',
        entityType: 'USER',
        entityId: user.id,
        after: { revokedSessions },
      });
      await queuePasswordChangedEmail(ctx, user);
    },
    now,
  );
}
