import { boolean, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Per-study API keys (spec 001 §2 API access): the key is shown once and stored as a
 * SHA-256 hash; `prefix` identifies it in lists. Renewing revokes the old key.
 */
export const apiKeys = pgTable(
  'api_key',
  {
    studyId: text('study_id').notNull(),
    id: text('id').notNull(),
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    /** The API user setting viewIdentifiable: may the key read identifying subject fields. */
    viewIdentifiable: boolean('view_identifiable').notNull().default(false),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.studyId, t.id] }), index('api_key_hash_idx').on(t.keyHash)],
);
