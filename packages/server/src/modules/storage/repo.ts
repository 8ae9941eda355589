import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { users } from '../users/tables';
import { removedItems } from './tables';

export type RemovedItemRow = typeof removedItems.$inferSelect;

/** The ledger row of a removed item, if it is removed. */
export async function findRemovedItem(db: Executor, studyId: string, type: string, itemId: string) {
  const [row] = await db
    .select()
    .from(removedItems)
    .where(
      and(eq(removedItems.studyId, studyId), eq(removedItems.type, type), eq(removedItems.itemId, itemId)),
    )
    .limit(1);
  return row;
}

export async function insertRemovedItem(db: Executor, row: RemovedItemRow): Promise<void> {
  await db.insert(removedItems).values(row);
}

export async function deleteRemovedItem(db: Executor, studyId: string, type: string, itemId: string) {
  await db
    .delete(removedItems)
    .where(
      and(eq(removedItems.studyId, studyId), eq(removedItems.type, type), eq(removedItems.itemId, itemId)),
    );
}

/** The study's removed items, newest first (the storage page). */
export async function listRemovedItems(db: Executor, studyId: string): Promise<RemovedItemRow[]> {
  return db
    .select()
    .from(removedItems)
    .where(eq(removedItems.studyId, studyId))
    .orderBy(desc(removedItems.removedAt), desc(removedItems.itemId));
}

/** Printed names of the users who removed items (users are not study data: the ids come from the study's rows). */
export async function userNamesOf(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() || r.email]));
}
