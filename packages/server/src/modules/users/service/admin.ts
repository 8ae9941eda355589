import {
  type AdminCreateUserRequest,
  AdminCreateUserRequestSchema,
  checkPasswordStrength,
} from '@trialbase/domain';
import { hashPassword } from '../../../platform/auth/passwords';
import { clearFailures, loginEmailKey } from '../../../platform/auth/throttle';
import type { Db } from '../../../platform/db/client';
import { AppError, notFound } from '../../../platform/errors';
import { newId, newSecret } from '../../../platform/ids';
import { runUseCase, type UseCaseContext } from '../../../platform/use-case';
import { activateInvitationsForUser } from '../../access/service/access-grants';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  isUniqueViolation,
  revokeUserSessions,
  updateUser,
} from '../repo';
import { queueWelcomeEmail } from './emails';
import { appLink, issueLink, SET_PASSWORD_TTL_MINUTES } from './links';
import { duplicateEmailError } from './staff-sign-up';

/** A temporary password that itself satisfies the strength rule (shown to the admin once). */
function temporaryPassword(email: string): string {
  for (;;) {
    const candidate = `${newSecret(12)}-7a`;
    if (checkPasswordStrength(candidate, { email }).length === 0) return candidate;
  }
}

/**
 * System admin creates a staff account (issue 4 accounts): verified at once, with a
 * temporary password shown once or an emailed set-password link (48 h). Waiting study
 * invitations for the email become active. Emails are never reused (ES-7).
 */
export async function createUserByAdmin(
  db: Db,
  input: { adminId: string; request: AdminCreateUserRequest; baseUrl: string },
  now: Date = new Date(),
) {
  const request = AdminCreateUserRequestSchema.parse(input.request);
  if (await findUserByEmail(db, request.email)) throw duplicateEmailError();
  const temporary = request.passwordMode === 'TEMPORARY' ? temporaryPassword(request.email) : null;
  // With an emailed link nobody knows the initial password, not even the admin.
  const passwordHash = await hashPassword(temporary ?? newSecret());
  const id = newId(now);
  try {
    return await runUseCase(
      db,
      { type: 'USER', id: input.adminId },
      async (ctx) => {
        const row = {
          id,
          email: request.email,
          firstName: request.firstName,
          lastName: request.lastName,
          passwordHash,
          systemPermissions: request.isSystemAdmin ? ['SYSTEM_ALL'] : [],
          language: null,
          isDisabled: false,
          emailVerifiedAt: ctx.now,
          passwordChangedAt: ctx.now,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        };
        await insertUser(ctx.tx, row);
        await ctx.audit({
          action: 'USER_CREATED',
          entityType: 'USER',
          entityId: id,
          after: {
            email: row.email,
            firstName: row.firstName,
            lastName: row.lastName,
            systemPermissions: row.systemPermissions,
            passwordMode: request.passwordMode,
          },
        });
        if (!temporary) {
          const secret = await issueLink(ctx, {
            userId: id,
            purpose: 'RESET_PASSWORD',
            ttlMinutes: SET_PASSWORD_TTL_MINUTES,
          });
          await queueWelcomeEmail(ctx, row, appLink(input.baseUrl, '/authentication/reset', secret));
        }
        await activateInvitationsForUser(ctx, row);
        const user = await findUserById(ctx.tx, id);
        return { user: user!, temporaryPassword: temporary };
      },
      now,
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmailError();
    throw error;
  }
}

async function changeUser<T>(
  db: Db,
  input: { adminId: string; userId: string },
  fn: (ctx: UseCaseContext, user: NonNullable<Awaited<ReturnType<typeof findUserById>>>) => Promise<T>,
) {
  return runUseCase(db, { type: 'USER', id: input.adminId }, async (ctx) => {
    const user = await findUserById(ctx.tx, input.userId);
    if (!user) throw notFound('The user');
    await fn(ctx, user);
    return (await findUserById(ctx.tx, user.id))!;
  });
}

/** Disable an account (STANDARDS.md AC-3): every session of the user ends at once. */
export function disableUser(db: Db, input: { adminId: string; userId: string }) {
  if (input.adminId === input.userId) {
    throw new AppError('PRECONDITION', 'You cannot disable your own account.');
  }
  return changeUser(db, input, async (ctx, user) => {
    const revokedSessions = await revokeUserSessions(ctx.tx, user.id, ctx.now);
    if (user.isDisabled && revokedSessions === 0) return;
    await updateUser(ctx.tx, user.id, { isDisabled: true, updatedAt: ctx.now });
    await ctx.audit({
      action: 'USER_DISABLED',
      entityType: 'USER',
      entityId: user.id,
      before: { isDisabled: user.isDisabled },
      after: { isDisabled: true, revokedSessions },
    });
  });
}

/** Enable a disabled account again; the user logs in afresh. */
export function enableUser(db: Db, input: { adminId: string; userId: string }) {
  return changeUser(db, input, async (ctx, user) => {
    if (!user.isDisabled) return;
    await updateUser(ctx.tx, user.id, { isDisabled: false, updatedAt: ctx.now });
    await ctx.audit({
      action: 'USER_ENABLED',
      entityType: 'USER',
      entityId: user.id,
      before: { isDisabled: true },
      after: { isDisabled: false },
    });
  });
}

/** Unlock an account locked by failed logins (spec 000 §8 ACCOUNT_LOCKED): clears lock and count. */
export function unlockUser(db: Db, input: { adminId: string; userId: string }) {
  return changeUser(db, input, async (ctx, user) => {
    if (user.lockedUntil === null && user.failedLoginCount === 0) return;
    await updateUser(ctx.tx, user.id, { lockedUntil: null, failedLoginCount: 0, updatedAt: ctx.now });
    // The lock and the count live under the login email's throttle key (issue 17).
    await clearFailures(ctx.tx, loginEmailKey(user.email));
    await ctx.audit({
      action: 'USER_UNLOCKED',
      entityType: 'USER',
      entityId: user.id,
      before: {
        lockedUntil: user.lockedUntil?.toISOString() ?? null,
        failedLoginCount: user.failedLoginCount,
      },
      after: { lockedUntil: null, failedLoginCount: 0 },
    });
  });
}
