import type { StudyRole } from '@trialbase/domain';
import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** Folders of a study's file vault (issue 28 item 3); names unique among live folders. */
export const fileVaultFolders = pgTable(
  'file_vault_folder',
  {
    studyId: text('study_id').notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.id] }),
    uniqueIndex('file_vault_folder_name_key')
      .on(t.studyId, sql`lower(${t.name})`)
      .where(sql`${t.removedAt} is null`),
  ],
);

/**
 * A document of the vault (issue 28 item 3): its title and visibility (null: all sites / all
 * roles); its versions are rows of `file_vault_version`. Removal is soft, with who, when and why.
 */
export const fileVaultDocuments = pgTable(
  'file_vault_document',
  {
    studyId: text('study_id').notNull(),
    id: text('id').notNull(),
    folderId: text('folder_id').notNull(),
    title: text('title').notNull(),
    siteIds: jsonb('site_ids').$type<string[] | null>(),
    roles: jsonb('roles').$type<StudyRole[] | null>(),
    currentVersion: integer('current_version').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: text('removed_by'),
    removedReason: text('removed_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.id] }),
    index('file_vault_document_folder_idx').on(t.studyId, t.folderId),
  ],
);

/** One version of a document: the checked bytes with their SHA-256, never changed after. */
export const fileVaultVersions = pgTable(
  'file_vault_version',
  {
    studyId: text('study_id').notNull(),
    id: text('id').notNull(),
    documentId: text('document_id').notNull(),
    version: integer('version').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    comment: text('comment'),
    data: bytea('data').notNull(),
    uploadedBy: text('uploaded_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.id] }),
    uniqueIndex('file_vault_version_key').on(t.studyId, t.documentId, t.version),
  ],
);

/** The installation's HMAC key for the vault's download tokens, made on first use (like the e-consent key). */
export const fileVaultSecrets = pgTable('file_vault_secret', {
  id: text('id').primaryKey(),
  secret: bytea('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
