import type { StoredPublicSubmitResult } from '@trialbase/domain';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

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

/**
 * Spec 002 §7 idempotent submit (issue 14 item 4): each participant submit key of a link, with the
 * fingerprint of what was sent and the first result, which a retry with the same key is answered with.
 * The unique key makes a second insert of the same key a conflict, never a second submit.
 */
export const publicSubmissions = pgTable(
  'public_submission',
  {
    studyId: text('study_id').notNull(),
    id: text('id').notNull(),
    tokenId: text('token_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    questionnaireId: text('questionnaire_id').notNull(),
    /** SHA-256 of the submitted content without the key and the link. */
    fingerprint: text('fingerprint').notNull(),
    result: jsonb('result').$type<StoredPublicSubmitResult>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.id] }),
    uniqueIndex('public_submission_key_idx').on(t.studyId, t.tokenId, t.idempotencyKey),
  ],
);
