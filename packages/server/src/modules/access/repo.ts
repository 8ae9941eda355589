import type { AccessUser, Permission, StudyRole, UserStudyAccess } from '@trialbase/domain';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { sites } from '../sites/tables';
import { studies } from '../studies/tables';
import { users } from '../users/tables';
import { studyAccess } from './tables';

export type StudyAccessRow = typeof studyAccess.$inferSelect;

/**
 * The staff account with this e-mail (stored lowercase), or undefined: whom an invitation or a
 * permission look-up is about. Read here from the accounts table rather than through the users
 * module, which itself asks this module for permissions (issue 14 item 8: no module cycle).
 */
export async function findAccountByEmail(
  db: Executor,
  email: string,
): Promise<typeof users.$inferSelect | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

/**
 * Every study a user may enter, with role and sites. Crosses studies on purpose: it answers
 * "what may this user do" at each request, so a change of access applies without re-login.
 */
export async function listActiveAccessForUserAcrossStudies(
  db: Executor,
  userId: string,
): Promise<UserStudyAccess[]> {
  const rows = await db
    .select()
    .from(studyAccess)
    .where(and(eq(studyAccess.userId, userId), eq(studyAccess.status, 'ACTIVE')));
  return rows.map((row) => ({
    studyId: row.studyId,
    role: row.role as StudyRole,
    permissions: row.extraPermissions as Permission[],
    siteIds: row.siteIds,
  }));
}

/** The permission view of a signed-in user (spec 000 §6): system permissions plus study access. */
export async function loadAccessUser(
  db: Executor,
  user: { id: string; systemPermissions: string[] },
): Promise<AccessUser> {
  return {
    systemPermissions: user.systemPermissions as Permission[],
    studyAccess: await listActiveAccessForUserAcrossStudies(db, user.id),
  };
}

/** A study row as the access screens need it (live studies only). */
export async function findLiveStudy(db: Executor, studyId: string) {
  const [row] = await db
    .select({
      id: studies.id,
      name: studies.name,
      status: studies.status,
      primaryLanguage: studies.primaryLanguage,
    })
    .from(studies)
    .where(and(eq(studies.id, studyId), isNull(studies.deletedAt)));
  return row;
}

/** The ids of the study's sites among `siteIds` (to refuse sites of other studies). */
export async function listStudySiteIds(db: Executor, studyId: string, siteIds: string[]): Promise<string[]> {
  if (siteIds.length === 0) return [];
  const rows = await db
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.studyId, studyId), inArray(sites.id, siteIds)));
  return rows.map((row) => row.id);
}

/** Names of the given sites of a study, ordered by name (for the invitation email). */
export async function listStudySiteNames(
  db: Executor,
  studyId: string,
  siteIds: string[],
): Promise<string[]> {
  if (siteIds.length === 0) return [];
  const rows = await db
    .select({ name: sites.name })
    .from(sites)
    .where(and(eq(sites.studyId, studyId), inArray(sites.id, siteIds)))
    .orderBy(sites.name);
  return rows.map((row) => row.name);
}

/** The access rows of a study that are not revoked, oldest first. */
export async function listStudyAccess(db: Executor, studyId: string): Promise<StudyAccessRow[]> {
  return db
    .select()
    .from(studyAccess)
    .where(and(eq(studyAccess.studyId, studyId), ne(studyAccess.status, 'REVOKED')))
    .orderBy(studyAccess.createdAt, studyAccess.id);
}

export async function findStudyAccess(
  db: Executor,
  studyId: string,
  accessId: string,
): Promise<StudyAccessRow | undefined> {
  const [row] = await db
    .select()
    .from(studyAccess)
    .where(and(eq(studyAccess.studyId, studyId), eq(studyAccess.id, accessId)));
  return row;
}

/** The live (invited or active) access of an email in a study, if any. */
export async function findLiveAccessByEmail(
  db: Executor,
  studyId: string,
  email: string,
): Promise<StudyAccessRow | undefined> {
  const [row] = await db
    .select()
    .from(studyAccess)
    .where(
      and(
        eq(studyAccess.studyId, studyId),
        eq(studyAccess.email, email.toLowerCase()),
        ne(studyAccess.status, 'REVOKED'),
      ),
    );
  return row;
}

export async function insertStudyAccess(db: Executor, row: StudyAccessRow): Promise<void> {
  await db.insert(studyAccess).values(row);
}

export async function updateStudyAccess(
  db: Executor,
  studyId: string,
  accessId: string,
  patch: Partial<Pick<StudyAccessRow, 'role' | 'siteIds' | 'status' | 'updatedAt'>>,
): Promise<StudyAccessRow | undefined> {
  const [row] = await db
    .update(studyAccess)
    .set(patch)
    .where(and(eq(studyAccess.studyId, studyId), eq(studyAccess.id, accessId)))
    .returning();
  return row;
}

/** Names of the given users (for the access list's name and "invited by" columns). */
export async function listUserNames(db: Executor, userIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, `${row.firstName} ${row.lastName}`.trim()]));
}

/**
 * The live studies among `studyIds`, by id. Crosses studies on purpose: GET /me/access
 * names every study the caller may enter.
 */
export async function listLiveStudiesByIdAcrossStudies(db: Executor, studyIds: string[]) {
  const ids = [...new Set(studyIds)];
  if (ids.length === 0) return new Map<string, { id: string; name: string; status: string }>();
  const rows = await db
    .select({ id: studies.id, name: studies.name, status: studies.status })
    .from(studies)
    .where(and(inArray(studies.id, ids), isNull(studies.deletedAt)));
  return new Map(rows.map((row) => [row.id, row]));
}
