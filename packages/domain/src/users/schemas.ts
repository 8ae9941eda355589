import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { LanguageCodeSchema } from '../common/languages';
import { TimestampSchema } from '../common/timestamps';
import { USER_EMAIL_MAX_LENGTH, USER_FIRST_NAME_MAX_LENGTH, USER_LAST_NAME_MAX_LENGTH } from './model';
import { PASSWORD_MAX_LENGTH } from './password-policy';

// Request and response contracts of staff accounts (spec 000 §2 signup/forgot/profile, 001 §7 User).
// Password strength is checked by `checkPasswordStrength` so its issues carry params.

const EmailSchema = z.string().trim().toLowerCase().max(USER_EMAIL_MAX_LENGTH).pipe(z.email());
const FirstNameSchema = z.string().trim().min(1).max(USER_FIRST_NAME_MAX_LENGTH);
const LastNameSchema = z.string().trim().min(1).max(USER_LAST_NAME_MAX_LENGTH);
const NewPasswordSchema = z.string().max(PASSWORD_MAX_LENGTH + 1);
/** Emailed link secrets are 43 base64url characters; anything else cannot be one of ours. */
const LinkSecretSchema = z.string().trim().min(1).max(128);
const OptionalTextSchema = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((value) => (value ? value : null));

/** `POST /auth/signup` (spec 000 §2 signup): names with the sign-up limits 64 / 32. */
export const SignupRequestSchema = z.object({
  firstName: FirstNameSchema,
  lastName: LastNameSchema,
  email: EmailSchema,
  password: NewPasswordSchema,
  language: LanguageCodeSchema.nullable().optional(),
});
export type SignupRequest = z.infer<typeof SignupRequestSchema>;

/** `POST /auth/verify-email`. */
export const VerifyEmailRequestSchema = z.object({ token: LinkSecretSchema });
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequestSchema>;

/** `POST /auth/forgot-password` (spec 000 §2 forgot): always 204. */
export const ForgotPasswordRequestSchema = z.object({ email: EmailSchema });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequestSchema>;

/** `POST /auth/reset-password`: the emailed link's token and the new password. */
export const ResetPasswordRequestSchema = z.object({ token: LinkSecretSchema, password: NewPasswordSchema });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

/**
 * Profile notification setting for queries (issue 19 item 4): IMMEDIATE sends an email per query
 * raised on the user's sites and per answer to a query the user raised; DAILY_DIGEST sends one email
 * a day listing them instead; NONE sends neither. Needs the query notify permission to matter.
 */
export const QUERY_NOTIFICATION_SETTINGS = ['IMMEDIATE', 'DAILY_DIGEST', 'NONE'] as const;
export const QueryNotificationSettingSchema = z.enum(QUERY_NOTIFICATION_SETTINGS);
export type QueryNotificationSetting = z.infer<typeof QueryNotificationSettingSchema>;

/** `GET /user/{id}/viewOwn` (001 §7 User): the signed-in user's own profile. */
export const OwnProfileSchema = z.object({
  id: IdSchema,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  language: z.string().nullable(),
  phone: z.string().nullable(),
  title: z.string().nullable(),
  organisation: z.string().nullable(),
  isSystemAdmin: z.boolean(),
  isEmailVerified: z.boolean(),
  lastLoginAt: TimestampSchema.nullable(),
  passwordChangedAt: TimestampSchema,
  createdAt: TimestampSchema,
  /** Notification settings: how query emails reach the user (issue 19 item 4). */
  queryNotifications: QueryNotificationSettingSchema,
});
export type OwnProfile = z.infer<typeof OwnProfileSchema>;

/** `PUT /user/{id}/updateOwn`: what a user may change of their own profile. */
export const UpdateOwnProfileRequestSchema = z.object({
  firstName: FirstNameSchema,
  lastName: LastNameSchema,
  language: LanguageCodeSchema.nullable(),
  phone: OptionalTextSchema(32),
  title: OptionalTextSchema(128),
  organisation: OptionalTextSchema(128),
  /** Left out: unchanged. */
  queryNotifications: QueryNotificationSettingSchema.optional(),
});
export type UpdateOwnProfileRequest = z.infer<typeof UpdateOwnProfileRequestSchema>;

/** `POST /user/{id}/changePassword`: the current password is required. */
export const ChangePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  newPassword: NewPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

/** Optional study context of `GET /user/{id}/viewBasic`: the role is then the one in that study. */
export const ViewBasicQuerySchema = z.object({ studyId: IdSchema.optional() });

/** One in-app notification of the signed-in user (`GET /notifications`). */
export const NotificationItemSchema = z.object({
  id: IdSchema,
  studyId: IdSchema.nullable(),
  kind: z.string(),
  title: z.string(),
  body: z.string().nullable(),
  link: z.string().nullable(),
  createdAt: TimestampSchema,
  readAt: TimestampSchema.nullable(),
});
export type NotificationItem = z.infer<typeof NotificationItemSchema>;
export const NotificationListSchema = z.object({
  items: z.array(NotificationItemSchema),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;
export const NotificationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  unreadOnly: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

/** `PUT /notification/{notificationId}`: marks it read (or unread again). */
export const UpdateNotificationRequestSchema = z.object({ read: z.boolean().default(true) });

/** Table settings are free-form but bounded: at most 64 KB of JSON per user and study. */
export const TABLE_SETTINGS_MAX_BYTES = 64 * 1024;
export const TableSettingsRequestSchema = z.object({
  tableSettings: z.record(z.string(), z.unknown()),
});
export const TableSettingsSchema = z.object({
  userId: IdSchema,
  studyId: IdSchema,
  tableSettings: z.record(z.string(), z.unknown()),
  updatedAt: TimestampSchema.nullable(),
});
export type TableSettings = z.infer<typeof TableSettingsSchema>;

/** Staff account states as admins see them (USER_STATUSES plus not yet verified). */
export const ADMIN_USER_STATUSES = ['ACTIVE', 'LOCKED', 'DISABLED', 'UNVERIFIED'] as const;
export type AdminUserStatus = (typeof ADMIN_USER_STATUSES)[number];

/** One row of the admin user list (`GET /admin/users`). */
export const AdminUserSchema = z.object({
  id: IdSchema,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: z.enum(ADMIN_USER_STATUSES),
  isSystemAdmin: z.boolean(),
  isEmailVerified: z.boolean(),
  lockedUntil: TimestampSchema.nullable(),
  failedLoginCount: z.number().int(),
  lastLoginAt: TimestampSchema.nullable(),
  createdAt: TimestampSchema,
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUserListQuerySchema = z.object({
  search: z.string().trim().max(128).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).default(0),
});
export type AdminUserListQuery = z.infer<typeof AdminUserListQuerySchema>;
export const AdminUserListSchema = z.object({ items: z.array(AdminUserSchema), total: z.number().int() });
export type AdminUserList = z.infer<typeof AdminUserListSchema>;

/** How a created account gets its first password: shown once to the admin, or set by the user from an emailed link. */
export const INITIAL_PASSWORD_MODES = ['TEMPORARY', 'EMAIL_LINK'] as const;
export type InitialPasswordMode = (typeof INITIAL_PASSWORD_MODES)[number];

/** `POST /admin/users`. */
export const AdminCreateUserRequestSchema = z.object({
  firstName: FirstNameSchema,
  lastName: LastNameSchema,
  email: EmailSchema,
  passwordMode: z.enum(INITIAL_PASSWORD_MODES),
  isSystemAdmin: z.boolean().default(false),
});
export type AdminCreateUserRequest = z.input<typeof AdminCreateUserRequestSchema>;

/** The created user; `temporaryPassword` is shown once and never stored in clear. */
export const AdminCreateUserResultSchema = z.object({
  user: AdminUserSchema,
  temporaryPassword: z.string().nullable(),
});
export type AdminCreateUserResult = z.infer<typeof AdminCreateUserResultSchema>;
