/** Queries of form templates, their versions, template libraries and study images; scoped by study first. */
import { and, asc, count, desc, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { studies } from '../studies/tables';
import {
  formTemplates,
  formTemplateVersions,
  studyImages,
  systemFormTemplates,
  userFormTemplates,
} from './tables';

export type FormRow = typeof formTemplates.$inferSelect;
export type FormVersionRow = typeof formTemplateVersions.$inferSelect;

/** The live study with what the form rules need (status, languages, modules, settings). */
export async function findFormStudy(db: Executor, studyId: string) {
  const [row] = await db
    .select({
      id: studies.id,
      status: studies.status,
      primaryLanguage: studies.primaryLanguage,
      modules: studies.modules,
      settings: studies.settings,
      createdBy: studies.createdBy,
      amendmentStartedAt: studies.amendmentStartedAt,
    })
    .from(studies)
    .where(and(eq(studies.id, studyId), isNull(studies.deletedAt)));
  return row ?? null;
}

const live = (studyId: string) => and(eq(formTemplates.studyId, studyId), isNull(formTemplates.deletedAt));

export async function listForms(db: Executor, studyId: string): Promise<FormRow[]> {
  return db
    .select()
    .from(formTemplates)
    .where(live(studyId))
    .orderBy(asc(formTemplates.createdAt), asc(formTemplates.id));
}

export async function findForm(
  db: Executor,
  studyId: string,
  formId: string,
  options: { lock?: boolean } = {},
): Promise<FormRow | null> {
  const query = db
    .select()
    .from(formTemplates)
    .where(and(live(studyId), eq(formTemplates.id, formId)));
  // FOR UPDATE: a save checks the revision and writes while no other save can (issue 13 item 8).
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Whether any form (live or deleted, any study) has this id: form ids are unique across studies. */
export async function isFormIdTakenAnywhere(db: Executor, formId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: formTemplates.id })
    .from(formTemplates)
    .where(eq(formTemplates.id, formId));
  return row !== undefined;
}

export async function countForms(db: Executor, studyId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(formTemplates).where(live(studyId));
  return row?.n ?? 0;
}

/** A live form other than `exceptId` whose name matches case-insensitively. */
export async function findFormByName(db: Executor, studyId: string, name: string, exceptId: string) {
  const [row] = await db
    .select({ id: formTemplates.id })
    .from(formTemplates)
    .where(
      and(live(studyId), ne(formTemplates.id, exceptId), sql`lower(${formTemplates.name}) = lower(${name})`),
    );
  return row ?? null;
}

export async function listFormNames(db: Executor, studyId: string): Promise<string[]> {
  const rows = await db.select({ name: formTemplates.name }).from(formTemplates).where(live(studyId));
  return rows.map((r) => r.name);
}

/** A live form other than `exceptId` of this type, or the default AE form when `isDefaultAe`. */
export async function findSingletonForm(
  db: Executor,
  studyId: string,
  input: { type?: string; isDefaultAe?: boolean; exceptId: string },
) {
  const condition = input.isDefaultAe
    ? eq(formTemplates.isDefaultAeForm, true)
    : eq(formTemplates.type, input.type ?? '');
  const [row] = await db
    .select({ id: formTemplates.id })
    .from(formTemplates)
    .where(and(live(studyId), ne(formTemplates.id, input.exceptId), condition));
  return row ?? null;
}

export async function insertForm(db: Executor, row: typeof formTemplates.$inferInsert): Promise<void> {
  await db.insert(formTemplates).values(row);
}

export async function updateForm(
  db: Executor,
  studyId: string,
  formId: string,
  values: Partial<typeof formTemplates.$inferInsert>,
): Promise<void> {
  await db
    .update(formTemplates)
    .set(values)
    .where(and(live(studyId), eq(formTemplates.id, formId)));
}

export async function listVersions(
  db: Executor,
  studyId: string,
  formId?: string,
): Promise<FormVersionRow[]> {
  const where = formId
    ? and(eq(formTemplateVersions.studyId, studyId), eq(formTemplateVersions.formId, formId))
    : eq(formTemplateVersions.studyId, studyId);
  return db
    .select()
    .from(formTemplateVersions)
    .where(where)
    .orderBy(asc(formTemplateVersions.major), asc(formTemplateVersions.minor));
}

export async function findVersion(
  db: Executor,
  studyId: string,
  formId: string,
  major: number,
  minor: number,
) {
  const [row] = await db
    .select()
    .from(formTemplateVersions)
    .where(
      and(
        eq(formTemplateVersions.studyId, studyId),
        eq(formTemplateVersions.formId, formId),
        eq(formTemplateVersions.major, major),
        eq(formTemplateVersions.minor, minor),
      ),
    );
  return row ?? null;
}

export async function latestVersion(db: Executor, studyId: string, formId: string) {
  const [row] = await db
    .select()
    .from(formTemplateVersions)
    .where(and(eq(formTemplateVersions.studyId, studyId), eq(formTemplateVersions.formId, formId)))
    .orderBy(desc(formTemplateVersions.major), desc(formTemplateVersions.minor))
    .limit(1);
  return row ?? null;
}

export async function insertVersion(
  db: Executor,
  row: typeof formTemplateVersions.$inferInsert,
): Promise<void> {
  await db.insert(formTemplateVersions).values(row);
}

/** Question templates live in the study's settings document under this key (no table of their own yet). */
export const QUESTION_TEMPLATES_KEY = 'questionTemplates';

/** Replaces only the study settings' question templates, leaving every other setting untouched. */
export async function saveQuestionTemplates(
  db: Executor,
  studyId: string,
  templates: unknown[],
): Promise<void> {
  await db
    .update(studies)
    .set({
      settings: sql`jsonb_set(${studies.settings}, ${`{${QUESTION_TEMPLATES_KEY}}`}::text[], ${JSON.stringify(templates)}::jsonb, true)`,
    })
    .where(eq(studies.id, studyId));
}

/** A user's own templates (not study data: scoped by user, not study). */
export async function listUserTemplates(db: Executor, userId: string) {
  return db
    .select()
    .from(userFormTemplates)
    .where(eq(userFormTemplates.userId, userId))
    .orderBy(desc(userFormTemplates.createdAt));
}

export async function findUserTemplate(db: Executor, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(userFormTemplates)
    .where(and(eq(userFormTemplates.userId, userId), eq(userFormTemplates.id, id)));
  return row ?? null;
}

export async function insertUserTemplate(
  db: Executor,
  row: typeof userFormTemplates.$inferInsert,
): Promise<void> {
  await db.insert(userFormTemplates).values(row);
}

export async function deleteUserTemplate(db: Executor, userId: string, id: string): Promise<void> {
  await db
    .delete(userFormTemplates)
    .where(and(eq(userFormTemplates.userId, userId), eq(userFormTemplates.id, id)));
}

/** The system library crosses studies by nature: it belongs to no study. */
export async function listSystemTemplates(db: Executor, type?: string) {
  const where = type
    ? and(eq(systemFormTemplates.isActive, true), eq(systemFormTemplates.type, type))
    : eq(systemFormTemplates.isActive, true);
  return db.select().from(systemFormTemplates).where(where).orderBy(asc(systemFormTemplates.name));
}

export async function countSystemTemplates(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(systemFormTemplates);
  return row?.n ?? 0;
}

export async function findSystemTemplate(db: Executor, id: string) {
  const [row] = await db
    .select()
    .from(systemFormTemplates)
    .where(and(eq(systemFormTemplates.id, id), eq(systemFormTemplates.isActive, true)));
  return row ?? null;
}

/** Inserts the seed rows; rows already there (a concurrent first use) are left alone. */
export async function insertSystemTemplates(db: Executor, rows: (typeof systemFormTemplates.$inferInsert)[]) {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(systemFormTemplates)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: systemFormTemplates.id });
  return inserted.length;
}

const imageMeta = {
  id: studyImages.id,
  fileName: studyImages.fileName,
  contentType: studyImages.contentType,
  size: studyImages.size,
  createdAt: studyImages.createdAt,
};

export async function listImages(db: Executor, studyId: string) {
  return db
    .select(imageMeta)
    .from(studyImages)
    .where(eq(studyImages.studyId, studyId))
    .orderBy(asc(studyImages.createdAt));
}

export async function findImage(db: Executor, studyId: string, imageId: string) {
  const [row] = await db
    .select()
    .from(studyImages)
    .where(and(eq(studyImages.studyId, studyId), eq(studyImages.id, imageId)));
  return row ?? null;
}

export async function insertImage(db: Executor, row: typeof studyImages.$inferInsert): Promise<void> {
  await db.insert(studyImages).values(row);
}

/**
 * Issue 23 item 1: the question ids of the form's versions published before `at` (the amendment's
 * start); null when none was published before it (the form is the amendment's own).
 */
export async function findQuestionIdsPublishedBefore(
  db: Executor,
  studyId: string,
  formId: string,
  at: Date,
): Promise<Set<string> | null> {
  const rows = await db
    .select({ document: formTemplateVersions.document })
    .from(formTemplateVersions)
    .where(
      and(
        eq(formTemplateVersions.studyId, studyId),
        eq(formTemplateVersions.formId, formId),
        lt(formTemplateVersions.publishedAt, at),
      ),
    );
  if (rows.length === 0) return null;
  const ids = new Set<string>();
  for (const row of rows) {
    const questions = (row.document as { questions?: { id?: unknown }[] }).questions ?? [];
    for (const q of questions) if (typeof q.id === 'string') ids.add(q.id);
  }
  return ids;
}
