import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { users } from './tables';

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
