import { checkPasswordStrength, type SignupRequest } from '@trialbase/domain';
import { hashPassword } from '../../../platform/auth/passwords';
import { release, reserve } from '../../../platform/auth/throttle';
import type { Db } from '../../../platform/db/client';
import { AppError, validationError } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import { runUseCase, SYSTEM_ACTOR } from '../../../platform/use-case';
import { activateInvitationsForUser } from '../../access/service/access-grants';
import {
  consumeUserTokens,
  findUserByEmail,
  findUserById,
  insertUser,
  isUniqueViolation,
  updateUser,
} from '../repo';
import { queueVerificationEmail } from './emails';
import { appLink, issueLink, requireLiveLink, VERIFY_EMAIL_TTL_MINUTES } from './links';

/** Sign-ups per client address: generous for a shared clinic network, closed to scripts. */
const SIGNUP_IP_POLICY = { maxFailures: 20, windowMinutes: 60, blockMinutes: 60 };

export function duplicateEmailError(): AppError {
  // ES-7: an email belongs to one account for ever; say no more than that.
  return new AppError('CONFLICT', 'An account with this email address already exists.', {
    context: { issues: [{ path: ['email'], message: 'ACCOUNTS.EMAIL_TAKEN' }] },
  });
}

/**
 * Staff sign-up (spec 000 §2 signup): an enabled but unverified account, and a single-use
 * verification link (48 h) through the outbox. Emails are never reused (STANDARDS.md ES-7).
 */
export async function signUp(
  db: Db,
  input: SignupRequest & { ip: string | null; baseUrl: string },
  now: Date = new Date(),
) {
  const ipKey = `signup:ip:${input.ip ?? 'unknown'}`;
  // Issue 17: the sign-up reserves its use of the address's limit in one statement before
  // anything else, so a burst gets exactly the limit through; a sign-up that fails gives it back.
  const reservation = await reserve(db, ipKey, now, SIGNUP_IP_POLICY);
  if (!reservation.allowed) {
    throw new AppError('RATE_LIMITED', 'Too many sign-ups from this address. Try again later.');
  }
  try {
    return await createAccount(db, input, now);
  } catch (error) {
    await release(db, reservation);
    throw error;
  }
}

async function createAccount(
  db: Db,
  input: SignupRequest & { ip: string | null; baseUrl: string },
  now: Date,
): Promise<{ email: string }> {
  const issues = checkPasswordStrength(input.password, { email: input.email });
  if (issues.length) throw validationError(issues, 'The password is not strong enough.');
  if (await findUserByEmail(db, input.email)) throw duplicateEmailError();
  const passwordHash = await hashPassword(input.password);
  const id = newId(now);
  try {
    await runUseCase(
      db,
      { type: 'USER', id },
      async (ctx) => {
        await insertUser(ctx.tx, {
          id,
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          passwordHash,
          systemPermissions: [],
          language: input.language ?? null,
          isDisabled: false,
          emailVerifiedAt: null,
          passwordChangedAt: ctx.now,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        });
        await ctx.audit({
          action: 'USER_SIGNED_UP',
          entityType: 'USER',
          entityId: id,
          after: { email: input.email, firstName: input.firstName, lastName: input.lastName },
        });
        const secret = await issueLink(ctx, {
          userId: id,
          purpose: 'VERIFY_EMAIL',
          ttlMinutes: VERIFY_EMAIL_TTL_MINUTES,
        });
        await queueVerificationEmail(ctx, input, appLink(input.baseUrl, '/authentication/verify', secret));
      },
      now,
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmailError();
    throw error;
  }
  return { email: input.email };
}

/**
 * Confirms an email from its single-use link (spec 000 §2 signup) and turns the study
 * invitations waiting for that address into active access.
 */
export async function verifyEmail(db: Db, input: { token: string }, now: Date = new Date()) {
  return runUseCase(
    db,
    SYSTEM_ACTOR,
    async (ctx) => {
      const token = await requireLiveLink(ctx.tx, input.token, 'VERIFY_EMAIL', ctx.now);
      const user = await findUserById(ctx.tx, token.userId);
      if (!user || user.isDisabled) {
        throw validationError(
          [{ path: ['token'], message: 'ACCOUNTS.LINK.INVALID' }],
          'This link is not valid.',
        );
      }
      await consumeUserTokens(ctx.tx, user.id, 'VERIFY_EMAIL', ctx.now);
      if (!user.emailVerifiedAt) {
        await updateUser(ctx.tx, user.id, { emailVerifiedAt: ctx.now, updatedAt: ctx.now });
        await ctx.audit({
          action: 'USER_EMAIL_VERIFIED',
          entityType: 'USER',
          entityId: user.id,
          before: { emailVerifiedAt: null },
          after: { emailVerifiedAt: ctx.now.toISOString() },
        });
        await activateInvitationsForUser(ctx, user);
      }
      return { email: user.email };
    },
    now,
  );
}
