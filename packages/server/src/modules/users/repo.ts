import { and, desc, eq, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import { sessions } from '../../platform/auth/tables';
import type { Executor } from '../../platform/db/client';
import { notifications, users, userTableSettings, userTokens } from './tables';

export type UserRow = typeof users.$inferSelect;

/** Looks a staff user up by email (stored lowercase). Users are global, not study-owned. */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function countUsers(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

export async function insertUser(db: Executor, row: typeof users.$inferInsert): Promise<void> {
  await db.insert(users).values(row);
}

export async function updateUser(db: Executor, id: string, patch: Partial<UserRow>): Promise<void> {
  await db.update(users).set(patch).where(eq(users.id, id));
}

/** True when the error is the unique-email violation (two sign-ups racing for one address). */
export function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Ends every live session of a user, except `exceptSessionId` (AC-3, password change). */
export async function revokeUserSessions(
  db: Executor,
  userId: string,
  now: Date,
  exceptSessionId?: string,
): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return revoked.length;
}

export type UserTokenPurpose = (typeof userTokens.$inferSelect)['purpose'];

/** Stores an emailed link by the SHA-256 of its secret (the id); the secret itself is never kept. */
export async function insertUserToken(db: Executor, row: typeof userTokens.$inferInsert): Promise<void> {
  await db.insert(userTokens).values(row);
}

/** Finds an emailed link by the hash of its secret, locking it so it is consumed once. */
export async function findUserTokenForUpdate(db: Executor, id: string, purpose: UserTokenPurpose) {
  const [row] = await db
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.id, id), eq(userTokens.purpose, purpose)))
    .limit(1)
    .for('update');
  return row;
}

/** Consumes one link and voids the user's other open links of the same purpose. */
export async function consumeUserTokens(
  db: Executor,
  userId: string,
  purpose: UserTokenPurpose,
  now: Date,
): Promise<void> {
  await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
}

/** Staff users for the admin list, newest first; `search` matches email or names. Users are global. */
export async function listUsers(
  db: Executor,
  input: { search?: string; limit: number; offset: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const term = input.search ? `%${input.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = term
    ? or(
        ilike(users.email, term),
        ilike(users.firstName, term),
        ilike(users.lastName, term),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, term),
      )
    : undefined;
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(input.limit)
    .offset(input.offset);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
  return { rows, total: count?.n ?? 0 };
}

export type NotificationRow = typeof notifications.$inferSelect;

export async function listNotifications(
  db: Executor,
  userId: string,
  input: { limit: number; unreadOnly: boolean },
): Promise<{ rows: NotificationRow[]; unread: number }> {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), input.unreadOnly ? isNull(notifications.readAt) : undefined))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(input.limit);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return { rows, unread: count?.n ?? 0 };
}

export async function findNotification(db: Executor, id: string): Promise<NotificationRow | undefined> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id)).limit(1);
  return row;
}

export async function setNotificationRead(db: Executor, id: string, readAt: Date | null): Promise<void> {
  await db.update(notifications).set({ readAt }).where(eq(notifications.id, id));
}

export type TableSettingsRow = typeof userTableSettings.$inferSelect;

/** One user's table settings in one study (keyed by study first, like all study data). */
export async function findTableSettings(
  db: Executor,
  studyId: string,
  userId: string,
): Promise<TableSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(userTableSettings)
    .where(and(eq(userTableSettings.studyId, studyId), eq(userTableSettings.userId, userId)))
    .limit(1);
  return row;
}

export async function upsertTableSettings(
  db: Executor,
  studyId: string,
  row: TableSettingsRow,
): Promise<void> {
  await db
    .insert(userTableSettings)
    .values({ ...row, studyId })
    .onConflictDoUpdate({
      target: [userTableSettings.userId, userTableSettings.studyId],
      set: { settings: row.settings, updatedAt: row.updatedAt },
    });
}
