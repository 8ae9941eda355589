import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { LanguageCodeSchema } from '../common/languages';
import { TimestampSchema } from '../common/timestamps';

/** Spec 000 §9: eight skins are offered; battleship-grey is the default. */
export const USER_SKINS = [
  'battleship-grey',
  'ocean-blue',
  'forest-green',
  'sunset-orange',
  'royal-purple',
  'crimson-red',
  'slate',
  'high-contrast',
] as const;
export const UserSkinSchema = z.enum(USER_SKINS);
export type UserSkin = z.infer<typeof UserSkinSchema>;
export const DEFAULT_USER_SKIN = 'battleship-grey' satisfies UserSkin;

/** Staff account states: LOCKED after too many failed logins (000 §8 ACCOUNT_LOCKED), DISABLED by an admin. */
export const USER_STATUSES = ['ACTIVE', 'LOCKED', 'DISABLED'] as const;
export const UserStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof UserStatusSchema>;

/** Staff name limits, as on sign-up (DESIGN.md decisions: first name 64, last name 32). */
export const USER_FIRST_NAME_MAX_LENGTH = 64;
export const USER_LAST_NAME_MAX_LENGTH = 32;
export const USER_EMAIL_MAX_LENGTH = 128;

/**
 * A staff user (spec 000 §1 staff roles, §3 profile lookup, 001 §7 user calls). Study roles
 * live in the study's access list; `systemPermissions` are system-level grants (000 §6).
 */
export const StaffUserSchema = z.object({
  id: IdSchema,
  email: z.string().trim().toLowerCase().max(USER_EMAIL_MAX_LENGTH).pipe(z.email()),
  firstName: z.string().trim().min(1).max(USER_FIRST_NAME_MAX_LENGTH),
  lastName: z.string().trim().min(1).max(USER_LAST_NAME_MAX_LENGTH),
  title: z.string().max(128).nullable(),
  phone: z.string().max(32).nullable(),
  language: LanguageCodeSchema,
  skin: UserSkinSchema,
  status: UserStatusSchema,
  systemPermissions: z.array(z.string()),
  ssoOnly: z.boolean(),
  failedLoginCount: z.number().int().nonnegative(),
  lockedUntil: TimestampSchema.nullable(),
  lastLoginTime: TimestampSchema.nullable(),
  passwordChangedTime: TimestampSchema.nullable(),
  createdTime: TimestampSchema,
  updatedTime: TimestampSchema,
});
export type StaffUser = z.infer<typeof StaffUserSchema>;

/** Spec 000 §3 other-user profile lookup (`GET /user/{id}/viewBasic`): email, names, role. */
export const UserBasicSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.string().nullable(),
});
export type UserBasic = z.infer<typeof UserBasicSchema>;

/** Spec 001 §7 `PUT /notification/{notificationId}`: an in-app notice to a user. */
export const UserNotificationSchema = z.object({
  id: IdSchema,
  userId: IdSchema,
  studyId: IdSchema.nullable(),
  type: z.string().min(1).max(64),
  message: z.string().max(10000),
  read: z.boolean(),
  createdTime: TimestampSchema,
});
export type UserNotification = z.infer<typeof UserNotificationSchema>;

/** Spec 001 §3 user table settings, per user and study. */
export const UserTableSettingsSchema = z.object({
  userId: IdSchema,
  studyId: IdSchema,
  tableSettings: z.record(z.string(), z.unknown()),
});
export type UserTableSettings = z.infer<typeof UserTableSettingsSchema>;

/** Spec 000 §6 / 002 §5: the printed name used on electronic signatures. */
export function userDisplayName(user: Pick<StaffUser, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}
