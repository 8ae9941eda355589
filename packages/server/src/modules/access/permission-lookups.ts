import {
  type AccessUser,
  abilitiesFor,
  hasPermission,
  isAdminLite,
  isSystemAdmin,
  type MyAccess,
  PERMISSIONS,
  type Permission,
  type StudyRole,
  type UserStudyPermissions,
} from '@trialbase/domain';
import type { Executor } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import {
  findAccountByEmail,
  findLiveAccessByEmail,
  findLiveStudy,
  listLiveStudiesByIdAcrossStudies,
  loadAccessUser,
} from './repo';

/**
 * Spec 001 §7 GET /study/{studyId}/permissions/{userEmail}: the named user's role, sites
 * and effective permissions in the study (system-level ones included).
 */
export async function getUserStudyPermissions(
  db: Executor,
  input: { studyId: string; email: string },
): Promise<UserStudyPermissions> {
  const email = input.email.trim().toLowerCase();
  if (!(await findLiveStudy(db, input.studyId))) throw notFound('The study');
  const user = await findAccountByEmail(db, email);
  const access = await findLiveAccessByEmail(db, input.studyId, email);
  if (!user && !access) throw notFound('A user with this email in this study');
  const accessUser: AccessUser = user
    ? await loadAccessUser(db, user)
    : { systemPermissions: [], studyAccess: [] };
  return {
    studyId: input.studyId,
    email,
    isSystemAdmin: isSystemAdmin(accessUser),
    role: (access?.role as StudyRole | undefined) ?? null,
    siteIds: access?.siteIds ?? null,
    status: access?.status ?? null,
    permissions: PERMISSIONS.filter((permission) =>
      hasPermission(accessUser, permission, { studyId: input.studyId }),
    ),
  };
}

/**
 * Spec 000 §6, §9 (collaborator permission refresh): the caller's studies with role, sites
 * and computed abilities, plus what they hold at system level. Read fresh at every call.
 */
export async function getMyAccess(
  db: Executor,
  user: { id: string; systemPermissions: string[] },
): Promise<MyAccess> {
  const accessUser = await loadAccessUser(db, user);
  const studies = await listLiveStudiesByIdAcrossStudies(
    db,
    accessUser.studyAccess.map((access) => access.studyId),
  );
  return {
    userId: user.id,
    isSystemAdmin: isSystemAdmin(accessUser),
    isAdminLite: isAdminLite(accessUser),
    systemAbilities: abilitiesFor(accessUser, {}),
    studies: accessUser.studyAccess.flatMap((access) => {
      const study = studies.get(access.studyId);
      if (!study) return [];
      return [
        {
          studyId: study.id,
          studyName: study.name,
          studyStatus: study.status,
          role: access.role,
          siteIds: access.siteIds === 'ALL' ? 'ALL' : [...access.siteIds],
          abilities: abilitiesFor(accessUser, { studyId: study.id }),
        },
      ];
    }),
  };
}

/**
 * Spec 001 §7: who may read a user's study permissions: any member of the study (or a
 * system-level holder) for their own email, holders of `manage` for anyone's.
 */
export function canReadUserPermissions(
  accessUser: AccessUser,
  input: { studyId: string; callerEmail: string; userEmail: string; manage: Permission },
): boolean {
  if (hasPermission(accessUser, input.manage, { studyId: input.studyId })) return true;
  if (input.callerEmail.toLowerCase() !== input.userEmail.trim().toLowerCase()) return false;
  return (
    isSystemAdmin(accessUser) || accessUser.studyAccess.some((access) => access.studyId === input.studyId)
  );
}
