import type { AccessUser, Permission, StudyRole, UserStudyAccess } from '@trialbase/domain';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { studyAccess } from './tables';

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
