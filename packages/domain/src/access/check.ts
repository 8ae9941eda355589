import { expandPermissions } from './implications';
import { PERMISSIONS, type Permission } from './permissions';
import { permissionsForRole, type StudyRole } from './roles';

/** One study a staff user can work in: a role, study-level extras, and the sites the role covers. */
export type UserStudyAccess = {
  studyId: string;
  role: StudyRole;
  /** Study-level extras: valid study-wide, whatever the sites. */
  permissions?: readonly Permission[];
  siteIds: readonly string[] | 'ALL';
};

/** The part of a staff user that permission checks read (spec 000 §6). */
export type AccessUser = {
  systemPermissions: readonly Permission[];
  studyAccess: readonly UserStudyAccess[];
};

/** Where a check applies: nothing for system-level actions, a study, or a site in a study. */
export type AccessScope = { studyId?: string; siteId?: string };

/** Spec 000 §6: a user holding SYSTEM_ALL is a system admin. */
export function isSystemAdmin(user: AccessUser): boolean {
  return user.systemPermissions.includes('SYSTEM_ALL');
}

/** Spec 000 §6: admin-lite holds both study list and user list but not SYSTEM_ALL. */
export function isAdminLite(user: AccessUser): boolean {
  if (isSystemAdmin(user)) return false;
  const held = expandPermissions(user.systemPermissions);
  return held.has('SYSTEM_STUDY_LIST') && held.has('SYSTEM_USER_LIST');
}

function accessesFor(user: AccessUser, studyId: string): UserStudyAccess[] {
  return user.studyAccess.filter((access) => access.studyId === studyId);
}

function roleCoversSite(access: UserStudyAccess, siteId: string | undefined): boolean {
  if (access.siteIds === 'ALL') return true;
  // Without a site in question, a site-limited role counts; lists must then be filtered by `sitesWithPermission`.
  if (siteId === undefined) return access.siteIds.length > 0;
  return access.siteIds.includes(siteId);
}

/**
 * Spec 000 §6: the check passes at system level, at study level (study-level extras),
 * or through the study role, study-wide or for the site in question. No study in the
 * scope means only system-level permissions count.
 */
export function hasPermission(user: AccessUser, permission: Permission, scope: AccessScope = {}): boolean {
  if (expandPermissions(user.systemPermissions).has(permission)) return true;
  const { studyId, siteId } = scope;
  if (studyId === undefined) return false;
  return accessesFor(user, studyId).some(
    (access) =>
      expandPermissions(access.permissions ?? []).has(permission) ||
      (permissionsForRole(access.role).has(permission) && roleCoversSite(access, siteId)),
  );
}

/**
 * Spec 000 §6: the sites of a study where the user holds a permission: 'ALL' when it
 * is held system-wide, study-wide or through a study-wide role; otherwise the site ids.
 */
export function sitesWithPermission(
  user: AccessUser,
  permission: Permission,
  studyId: string,
): 'ALL' | string[] {
  if (hasPermission(user, permission, {})) return 'ALL';
  const sites = new Set<string>();
  for (const access of accessesFor(user, studyId)) {
    if (expandPermissions(access.permissions ?? []).has(permission)) return 'ALL';
    if (!permissionsForRole(access.role).has(permission)) continue;
    if (access.siteIds === 'ALL') return 'ALL';
    for (const siteId of access.siteIds) sites.add(siteId);
  }
  return [...sites];
}

/**
 * DESIGN.md "abilities": a record of booleans the server sends with a record, one per
 * permission asked (all of them by default), evaluated in the given scope (spec 000 §6).
 */
export function abilitiesFor<P extends Permission = Permission>(
  user: AccessUser,
  scope: AccessScope,
  permissions: readonly P[] = PERMISSIONS as readonly Permission[] as readonly P[],
): Record<P, boolean> {
  const abilities = {} as Record<P, boolean>;
  for (const permission of permissions) abilities[permission] = hasPermission(user, permission, scope);
  return abilities;
}
