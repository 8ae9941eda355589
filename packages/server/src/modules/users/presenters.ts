import type { AdminUser, NotificationItem, OwnProfile, SessionUser } from '@trialbase/domain';
import { adminUserStatus, isEmailVerified } from './account-state';
import type { NotificationRow, UserRow } from './repo';

/** What the browser may see of the signed-in user (never the hash, lock state or counters). */
export function presentSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isSystemAdmin: user.systemPermissions.includes('SYSTEM_ALL'),
    language: user.language,
  };
}

/** The signed-in user's own profile (`GET /user/{id}/viewOwn`): no hash, counters or lock state. */
export function presentOwnProfile(user: UserRow): OwnProfile {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    language: user.language,
    phone: user.phone,
    title: user.title,
    organisation: user.organisation,
    isSystemAdmin: user.systemPermissions.includes('SYSTEM_ALL'),
    isEmailVerified: isEmailVerified(user),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    passwordChangedAt: user.passwordChangedAt.toISOString(),
    createdAt: user.createdAt.toISOString(),
    queryNotifications: user.queryNotifications as OwnProfile['queryNotifications'],
  };
}

/** A user as system admins see them in the user list (never the password hash). */
export function presentAdminUser(user: UserRow, now: Date): AdminUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    status: adminUserStatus(user, now),
    isSystemAdmin: user.systemPermissions.includes('SYSTEM_ALL'),
    isEmailVerified: isEmailVerified(user),
    lockedUntil: user.lockedUntil && user.lockedUntil > now ? user.lockedUntil.toISOString() : null,
    failedLoginCount: user.failedLoginCount,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}

export function presentNotification(row: NotificationRow): NotificationItem {
  return {
    id: row.id,
    studyId: row.studyId,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}
