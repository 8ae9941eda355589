import { sql } from 'drizzle-orm';
import {
  boolean,
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

/**
 * Form templates (spec 001 §3 Form, §7 Form templates). `document` is the working draft
 * (the domain FormTemplate, autosaved); published versions are copied to
 * `form_template_version`, which a trigger keeps immutable.
 */
export const formTemplates = pgTable(
  'form_template',
  {
    studyId: text('study_id').notNull(),
    id: text('id').notNull(),
    /** Title in the study's primary language, for uniqueness and lists. */
    name: text('name').notNull(),
    type: text('type').notNull(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    versionMajor: integer('version_major').notNull().default(1),
    versionMinor: integer('version_minor').notNull().default(0),
    /**
     * Issue 13 item 8: the draft's edit revision, raised by every saved change. A save names the
     * revision it started from and is refused (409) when another save came first.
     */
    revision: integer('revision').notNull().default(1),
    isDefaultAeForm: boolean('is_default_ae_form').notNull().default(false),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.id] }),
    uniqueIndex('form_template_name_key')
      .on(t.studyId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('form_template_id_key').on(t.id),
  ],
);

/** Published versions of a form: never updated or deleted (a trigger refuses it). */
export const formTemplateVersions = pgTable(
  'form_template_version',
  {
    studyId: text('study_id').notNull(),
    formId: text('form_id').notNull(),
    major: integer('major').notNull(),
    minor: integer('minor').notNull(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    publishedBy: text('published_by').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.studyId, t.formId, t.major, t.minor] })],
);

/** A user's own saved form templates ("save to my templates", profile forms tab). Not study data. */
export const userFormTemplates = pgTable(
  'user_form_template',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('user_form_template_user_idx').on(t.userId)],
);

/** The system library of ready forms (GET /system/formTemplates/active). */
export const systemFormTemplates = pgTable('system_form_template', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type').notNull(),
  document: jsonb('document').$type<Record<string, unknown>>().notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** Study images (spec 000 §7): possibility images, chart images. Stored in the database, never in the web root. */
export const studyImages = pgTable(
  'study_image',
  {
    studyId: text('study_id').notNull(),
    id: text('id').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.studyId, t.id] })],
);
