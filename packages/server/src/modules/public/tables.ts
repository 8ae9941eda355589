import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One-time passwords of the public flows (spec 002: token links with OTP, sign-up, unsubscribe).
 * Codes are random, stored as a hash, expire, are single-use, and count failures (captcha after 3).
 */
export const oneTimePasswords = pgTable(
  'one_time_password',
  {
    studyId: text('study_id').notNull(),
    id: text('id').notNull(),
    /** TOKEN (link with OTP), SIGNUP (public sign-up), UNSUBSCRIBE. */
    purpose: text('purpose').notNull(),
    /** The token id, subject id or enrollment id the code is for. */
    subjectRef: text('subject_ref').notNull(),
    channel: text('channel').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failures: integer('failures').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.id] }),
    index('one_time_password_ref_idx').on(t.studyId, t.purpose, t.subjectRef),
  ],
);

/**
 * A participant's short-lived access after validating a link (and its one-time password when the
 * event asks for one): the browser holds a secret whose SHA-256 is `id`, scoped to one token.
 */
export const participantSessions = pgTable(
  'participant_session',
  {
    id: text('id').primaryKey(),
    studyId: text('study_id').notNull(),
    tokenId: text('token_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('participant_session_token_idx').on(t.studyId, t.tokenId)],
);
