import { hashPassword } from '../../platform/auth/passwords';
import type { Db } from '../../platform/db/client';
import { newId, newSecret } from '../../platform/ids';
import { runUseCase, SYSTEM_ACTOR } from '../../platform/use-case';
import { countUsers, insertUser } from './repo';

/**
 * On first start with no users, creates the system admin from TRIALBASE_ADMIN_EMAIL /
 * TRIALBASE_ADMIN_PASSWORD, or with a generated password that is returned to be printed once.
 */
export async function bootstrapSystemAdmin(
  db: Db,
  input: { email: string | null; password: string | null },
): Promise<{ email: string; generatedPassword: string | null } | null> {
  const email = (input.email ?? 'admin@trialbase.local').trim().toLowerCase();
  const generatedPassword = input.password ? null : newSecret(12);
  const password = input.password ?? generatedPassword!;
  const passwordHash = await hashPassword(password);
  return runUseCase(db, SYSTEM_ACTOR, async (ctx) => {
    if ((await countUsers(ctx.tx)) > 0) return null;
    const id = newId(ctx.now);
    await insertUser(ctx.tx, {
      id,
      email,
      firstName: 'System',
      lastName: 'Administrator',
      passwordHash,
      systemPermissions: ['SYSTEM_ALL'],
      language: null,
      isDisabled: false,
      emailVerifiedAt: ctx.now,
      failedLoginCount: 0,
      lockedUntil: null,
      lastLoginAt: null,
      passwordChangedAt: ctx.now,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    });
    await ctx.audit({
      action: 'SYSTEM_ADMIN_BOOTSTRAPPED',
      entityType: 'USER',
      entityId: id,
      after: { email, systemPermissions: ['SYSTEM_ALL'] },
    });
    return { email, generatedPassword };
  });
}
