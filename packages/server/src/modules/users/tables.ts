import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Staff user accounts (spec 001 §7 User). System-level permissions live on the account. */
export const users = pgTable(
  'app_user',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    systemPermissions: jsonb('system_permissions').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    language: text('language'),
    isDisabled: boolean('is_disabled').notNull().default(false),
    /** Set when the user confirmed their email (sign-up link); admin-created users start verified. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    phone: text('phone'),
    title: text('title'),
    organisation: text('organisation'),
    /** Notification settings for query emails (issue 19): IMMEDIATE, DAILY_DIGEST or NONE. */
    queryNotifications: text('query_notifications').notNull().default('IMMEDIATE'),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('app_user_email_key').on(t.email)],
);

/**
 * Single-use emailed links (email verification, password reset, invitations): only the
 * SHA-256 of the secret is stored; a link expires and is consumed on use.
 */
export const userTokens = pgTable(
  'user_token',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    purpose: text('purpose').$type<'VERIFY_EMAIL' | 'RESET_PASSWORD'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('user_token_user_idx').on(t.userId, t.purpose)],
);

/** In-app notifications for a staff user (PUT /notification/{id} marks one read). */
export const notifications = pgTable(
  'notification',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    studyId: text('study_id'),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('notification_user_idx').on(t.userId, t.createdAt)],
);

/** Per user and study table settings (column choice, page size, sort): GET/PUT .../tablesSettings. */
export const userTableSettings = pgTable(
  'user_table_settings',
  {
    userId: text('user_id').notNull(),
    studyId: text('study_id').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.studyId] })],
);
