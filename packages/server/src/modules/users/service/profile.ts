import {
  type AccessUser,
  isSystemAdmin,
  TABLE_SETTINGS_MAX_BYTES,
  type UpdateOwnProfileRequest,
  type UserBasic,
} from '@trialbase/domain';
import type { Db, Executor } from '../../../platform/db/client';
import { forbidden, notFound, validationError } from '../../../platform/errors';
import { runUseCase } from '../../../platform/use-case';
import { listActiveAccessForUserAcrossStudies } from '../../access/api';
import {
  findNotification,
  findUserById,
  setNotificationRead,
  type UserRow,
  updateUser,
  upsertTableSettings,
} from '../repo';

/** Own-only calls (spec 001 §7 User): anybody else's id is refused, admins included. */
export function assertOwn(callerId: string, userId: string): void {
  if (callerId !== userId) throw forbidden('You can only do this for your own account.');
}

/**
 * Other-user lookup (spec 000 §3, `GET /user/{id}/viewBasic`): email, names and the role the
 * caller may see, i.e. the user's role in a study they share (or in `studyId` when given and
 * visible to the caller), null otherwise. Only colleagues are visible (issue 17 item 3): a user
 * who shares no study with the caller is "not found", like an unknown id, unless the caller is
 * a system admin or asks about themselves.
 */
export async function viewBasicUser(
  db: Executor,
  input: { caller: AccessUser; callerId: string; userId: string; studyId?: string },
): Promise<UserBasic> {
  const user = await findUserById(db, input.userId);
  if (!user) throw notFound('The user');
  const theirs = await listActiveAccessForUserAcrossStudies(db, user.id);
  const isAdmin = isSystemAdmin(input.caller);
  const visible = (studyId: string) => isAdmin || input.caller.studyAccess.some((a) => a.studyId === studyId);
  if (!isAdmin && user.id !== input.callerId && !theirs.some((a) => visible(a.studyId))) {
    throw notFound('The user');
  }
  const shared = theirs.find((a) =>
    input.studyId ? a.studyId === input.studyId && visible(a.studyId) : visible(a.studyId),
  );
  return {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: shared?.role ?? null,
  };
}

const PROFILE_FIELDS = ['firstName', 'lastName', 'language', 'phone', 'title', 'organisation'] as const;

/** Update own profile (spec 001 §7 `PUT /user/{id}/updateOwn`): names, language, phone, title, organisation. */
export async function updateOwnProfile(db: Db, input: { user: UserRow; changes: UpdateOwnProfileRequest }) {
  const { user, changes } = input;
  return runUseCase(db, { type: 'USER', id: user.id }, async (ctx) => {
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const field of PROFILE_FIELDS) {
      if (user[field] !== changes[field]) {
        before[field] = user[field];
        after[field] = changes[field];
      }
    }
    // Notification settings (issue 19 item 4): left out means unchanged.
    if (changes.queryNotifications !== undefined && changes.queryNotifications !== user.queryNotifications) {
      before.queryNotifications = user.queryNotifications;
      after.queryNotifications = changes.queryNotifications;
    }
    if (Object.keys(after).length === 0) return user;
    await updateUser(ctx.tx, user.id, { ...after, updatedAt: ctx.now });
    await ctx.audit({ action: 'USER_PROFILE_UPDATED', entityType: 'USER', entityId: user.id, before, after });
    return { ...user, ...after, updatedAt: ctx.now } as UserRow;
  });
}

/** Marks one of the caller's notifications read or unread (spec 001 §7 `PUT /notification/{id}`). */
export async function markNotification(
  db: Db,
  input: { userId: string; notificationId: string; read: boolean },
) {
  return runUseCase(db, { type: 'USER', id: input.userId }, async (ctx) => {
    const row = await findNotification(ctx.tx, input.notificationId);
    // Somebody else's notification is "not found": its existence is not the caller's business.
    if (!row || row.userId !== input.userId) throw notFound('The notification');
    const readAt = input.read ? (row.readAt ?? ctx.now) : null;
    if ((row.readAt === null) !== (readAt === null)) {
      await setNotificationRead(ctx.tx, row.id, readAt);
      await ctx.audit({
        action: 'NOTIFICATION_READ',
        entityType: 'NOTIFICATION',
        entityId: row.id,
        studyId: row.studyId,
        before: { readAt: row.readAt?.toISOString() ?? null },
        after: { readAt: readAt?.toISOString() ?? null },
      });
    }
    return { ...row, readAt };
  });
}

/** Saves the caller's table settings in a study (spec 001 §3 user table settings), at most 64 KB. */
export async function saveTableSettings(
  db: Db,
  input: { userId: string; studyId: string; settings: Record<string, unknown> },
) {
  const size = new TextEncoder().encode(JSON.stringify(input.settings)).length;
  if (size > TABLE_SETTINGS_MAX_BYTES) {
    throw validationError([
      {
        path: ['tableSettings'],
        message: 'ACCOUNTS.TABLE_SETTINGS_TOO_LARGE',
        params: { max: TABLE_SETTINGS_MAX_BYTES, size },
      },
    ]);
  }
  return runUseCase(db, { type: 'USER', id: input.userId }, async (ctx) => {
    const row = {
      userId: input.userId,
      studyId: input.studyId,
      settings: input.settings,
      updatedAt: ctx.now,
    };
    await upsertTableSettings(ctx.tx, input.studyId, row);
    await ctx.audit({
      action: 'TABLE_SETTINGS_SAVED',
      entityType: 'USER_TABLE_SETTINGS',
      entityId: input.userId,
      studyId: input.studyId,
      after: { bytes: size },
    });
    return row;
  });
}
