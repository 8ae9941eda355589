import type { AuditActor } from '@trialbase/domain';
import { dummyPasswordHash, verifyPassword } from '../../../platform/auth/passwords';
import { createSession, revokeSession } from '../../../platform/auth/sessions';
import {
  block,
  clearFailures,
  loginEmailKey,
  release,
  reserve,
  type ThrottlePolicy,
} from '../../../platform/auth/throttle';
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

function ipPolicy(config: Config): ThrottlePolicy {
  // An address may try several accounts; allow more than one account's worth before blocking it.
  return {
    maxFailures: config.loginMaxFailures * 4,
    windowMinutes: config.loginLockMinutes,
    blockMinutes: config.loginLockMinutes,
  };
}

/** Failures per email, counted until a login succeeds (or a day passes), then the lock. */
function accountPolicy(config: Config): ThrottlePolicy {
  return {
    maxFailures: config.loginMaxFailures,
    windowMinutes: 24 * 60,
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
 * address and per email. Issue 17: each attempt first reserves its use of both limits in one
 * statement each, so concurrent wrong passwords get exactly the limit checked; the email's
 * limit and its lock are the same for an email without an account, so the lockout tells
 * nothing about who has one. A successful login gives its use of the address back but does not
 * clear the address's count (an attacker's own account does not reset it). Failures are counted
 * outside the login's transaction, so a refused login still counts.
 */
export async function login(deps: Deps, input: LoginInput, now: Date = new Date()) {
  const { db, config } = deps;
  // The email first: while it is locked, the attempt does not count against the address.
  const account = await reserve(db, loginEmailKey(input.email), now, accountPolicy(config));
  if (!account.allowed) throw lockedError(account.blockedUntil);
  const address = await reserve(db, ipKey(input.ip), now, ipPolicy(config));
  if (!address.allowed) {
    await release(db, account);
    throw new AppError('RATE_LIMITED', 'Too many failed logins from this address. Try again later.', {
      context: { retryAfter: address.blockedUntil.toISOString() },
    });
  }
  const user = await findUserByEmail(db, input.email);
  if (user?.lockedUntil && user.lockedUntil > now) {
    await release(db, address);
    await release(db, account);
    throw lockedError(user.lockedUntil);
  }
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !passwordOk || user.isDisabled) {
    const locked = await recordFailedLogin(deps, user ?? null, input, account.count, now);
    if (locked) throw lockedError(locked);
    throw new AppError('SECURITY', INVALID_CREDENTIALS);
  }
  // After the password check, so that the answer reveals nothing about unknown accounts.
  if (!isEmailVerified(user)) {
    await release(db, address);
    await release(db, account);
    throw new AppError('SECURITY', EMAIL_NOT_VERIFIED_MESSAGE, { context: { reason: 'EMAIL_NOT_VERIFIED' } });
  }
  const actor: AuditActor = { type: 'USER', id: user.id };
  return runUseCase(
    db,
    actor,
    async (ctx) => {
      await updateUser(ctx.tx, user.id, { failedLoginCount: 0, lockedUntil: null, lastLoginAt: ctx.now });
      // The account's count starts again; the address's does not (only this use goes back).
      await clearFailures(ctx.tx, loginEmailKey(input.email));
      await release(ctx.tx, address);
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

/**
 * Records a failed login (its uses of the limits are already counted): the audit event, and the
 * lock when this failure filled the email's window, for an account (USER_LOCKED, shown to the
 * administrators) and for an unknown email alike. Returns the lock time when it locked.
 */
async function recordFailedLogin(
  deps: Deps,
  user: UserRow | null,
  input: LoginInput,
  failures: number,
  now: Date,
): Promise<Date | null> {
  const { db, config } = deps;
  return runUseCase(
    db,
    user ? { type: 'USER', id: user.id } : SYSTEM_ACTOR,
    async (ctx) => {
      await ctx.audit({
        action: 'USER_LOGIN_FAILED',
        entityType: 'USER',
        entityId: user?.id ?? null,
        after: { email: input.email, ip: input.ip },
      });
      if (failures < config.loginMaxFailures) {
        if (user) await updateUser(ctx.tx, user.id, { failedLoginCount: failures });
        return null;
      }
      const lockedUntil = await block(ctx.tx, loginEmailKey(input.email), ctx.now, accountPolicy(config));
      if (!user) return lockedUntil;
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
