import type { AuditActor } from '@trialbase/domain';
import { dummyPasswordHash, verifyPassword } from '../../../platform/auth/passwords';
import { createSession, revokeSession } from '../../../platform/auth/sessions';
import { blockedUntil, clearFailures, recordFailure } from '../../../platform/auth/throttle';
import type { Config } from '../../../platform/config';
import type { Db } from '../../../platform/db/client';
import { AppError } from '../../../platform/errors';
import { runUseCase, SYSTEM_ACTOR } from '../../../platform/use-case';
import { EMAIL_NOT_VERIFIED_MESSAGE, isEmailVerified } from '../../users/account-state';
import { findUserByEmail, type UserRow, updateUser } from '../../users/api';

type Deps = { db: Db; config: Config };
type LoginInput = { email: string; password: string; ip: string | null; userAgent: string | null };

const INVALID_CREDENTIALS = 'The email or password is not correct.';

function ipKey(ip: string | null): string {
  return `ip:${ip ?? 'unknown'}`;
}

function ipPolicy(config: Config) {
  // An address may try several accounts; allow more than one account's worth before blocking it.
  return {
    maxFailures: config.loginMaxFailures * 4,
    windowMinutes: config.loginLockMinutes,
    blockMinutes: config.loginLockMinutes,
  };
}

function lockedError(until: Date): AppError {
  return new AppError(
    'ACCOUNT_LOCKED',
    'This account is locked after too many failed logins. Try again later.',
    {
      context: { lockedUntil: until.toISOString() },
    },
  );
}

/**
 * Staff login (spec 000 §2 authentication.login, §8 ACCOUNT_LOCKED): throttled per client
 * address and per account; repeated failures lock the account for a while. Failures are
 * recorded in their own transaction so that a refused login still counts.
 */
export async function login(deps: Deps, input: LoginInput, now: Date = new Date()) {
  const { db, config } = deps;
  const ipBlock = await blockedUntil(db, ipKey(input.ip), now);
  if (ipBlock) {
    throw new AppError('RATE_LIMITED', 'Too many failed logins from this address. Try again later.', {
      context: { retryAfter: ipBlock.toISOString() },
    });
  }
  const user = await findUserByEmail(db, input.email);
  if (!user) {
    await verifyPassword(await dummyPasswordHash(), input.password);
    await recordFailedLogin(deps, null, input, now);
    throw new AppError('SECURITY', INVALID_CREDENTIALS);
  }
  if (user.lockedUntil && user.lockedUntil > now) throw lockedError(user.lockedUntil);
  const passwordOk = await verifyPassword(user.passwordHash, input.password);
  if (!passwordOk || user.isDisabled) {
    const lockedUntil = await recordFailedLogin(deps, user, input, now);
    if (lockedUntil) throw lockedError(lockedUntil);
    throw new AppError('SECURITY', INVALID_CREDENTIALS);
  }
  // After the password check, so that the answer reveals nothing about unknown accounts.
  if (!isEmailVerified(user)) {
    throw new AppError('SECURITY', EMAIL_NOT_VERIFIED_MESSAGE, { context: { reason: 'EMAIL_NOT_VERIFIED' } });
  }
  const actor: AuditActor = { type: 'USER', id: user.id };
  return runUseCase(
    db,
    actor,
    async (ctx) => {
      await updateUser(ctx.tx, user.id, { failedLoginCount: 0, lockedUntil: null, lastLoginAt: ctx.now });
      await clearFailures(ctx.tx, ipKey(input.ip));
      const { secret, session } = await createSession(ctx.tx, {
        userId: user.id,
        now: ctx.now,
        ttlMinutes: config.sessionTtlMinutes,
        ip: input.ip,
        userAgent: input.userAgent,
      });
      await ctx.audit({
        action: 'USER_LOGIN_SUCCEEDED',
        entityType: 'USER',
        entityId: user.id,
        after: { ip: input.ip, userAgent: input.userAgent },
      });
      return { secret, session, user: { ...user, lastLoginAt: ctx.now } };
    },
    now,
  );
}

/** Counts a failed login against the account and the address; returns the lock time when this failure locks the account. */
async function recordFailedLogin(
  deps: Deps,
  user: UserRow | null,
  input: LoginInput,
  now: Date,
): Promise<Date | null> {
  const { db, config } = deps;
  return runUseCase(
    db,
    user ? { type: 'USER', id: user.id } : SYSTEM_ACTOR,
    async (ctx) => {
      await recordFailure(ctx.tx, ipKey(input.ip), ctx.now, ipPolicy(config));
      await ctx.audit({
        action: 'USER_LOGIN_FAILED',
        entityType: 'USER',
        entityId: user?.id ?? null,
        after: { email: input.email, ip: input.ip },
      });
      if (!user) return null;
      const failures = user.failedLoginCount + 1;
      if (failures < config.loginMaxFailures) {
        await updateUser(ctx.tx, user.id, { failedLoginCount: failures });
        return null;
      }
      const lockedUntil = new Date(ctx.now.getTime() + config.loginLockMinutes * 60_000);
      await updateUser(ctx.tx, user.id, { failedLoginCount: 0, lockedUntil });
      await ctx.audit({
        action: 'USER_LOCKED',
        entityType: 'USER',
        entityId: user.id,
        before: { lockedUntil: null },
        after: { lockedUntil: lockedUntil.toISOString(), failures },
      });
      return lockedUntil;
    },
    now,
  );
}

/** Ends the caller's session (logout), with its audit event. */
export async function logout(db: Db, input: { sessionId: string; userId: string }, now: Date = new Date()) {
  await runUseCase(
    db,
    { type: 'USER', id: input.userId },
    async (ctx) => {
      await revokeSession(ctx.tx, input.sessionId, ctx.now);
      await ctx.audit({ action: 'USER_LOGGED_OUT', entityType: 'SESSION', entityId: input.userId });
    },
    now,
  );
}
