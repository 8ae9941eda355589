/** Template libraries: the user's own templates, the system library and the EQ-5D form (spec 001 §7). */
import { buildEq5dForm, type FormTemplateView, type FormType, type LibraryTemplate } from '@trialbase/domain';
import type { Db } from '../../../platform/db/client';
import { notFound } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import { runUseCase, SYSTEM_ACTOR, type UseCaseContext } from '../../../platform/use-case';
import { copyWithNewIds, readDocument, uniqueTitle } from '../documents';
import { systemLibraryForms } from '../library-forms';
import { presentForm } from '../presenters';
import {
  countSystemTemplates,
  deleteUserTemplate as deleteUserTemplateRow,
  findSystemTemplate,
  findUserTemplate,
  insertSystemTemplates,
  insertUserTemplate,
  listFormNames,
  listSystemTemplates,
  listUserTemplates as listUserTemplateRows,
} from '../repo';
import { formLocks, requireForm, requireFormStudy } from './guards';
import { createForm } from './save-form';

type TemplateRow = {
  id: string;
  name: string;
  type: string;
  document: Record<string, unknown>;
  createdAt: Date;
};

function presentTemplate(row: TemplateRow): LibraryTemplate {
  const document = readDocument(row.document);
  return {
    id: row.id,
    name: row.name,
    type: row.type as FormType,
    questionCount: document.questions.length,
    createdAt: row.createdAt.toISOString(),
    document,
  };
}

function userIdOf(ctx: UseCaseContext): string {
  if (!ctx.actor.id) throw notFound('The user');
  return ctx.actor.id;
}

/** Spec 001 §7 userSave: a copy of the study's form in the caller's own templates. */
export async function saveFormToUserTemplates(
  ctx: UseCaseContext,
  input: { studyId: string; formId: string },
): Promise<LibraryTemplate> {
  const row = await requireForm(ctx.tx, input.studyId, input.formId);
  const template = {
    id: newId(ctx.now),
    userId: userIdOf(ctx),
    name: row.name,
    type: row.type,
    document: row.document,
    createdAt: ctx.now,
  };
  await insertUserTemplate(ctx.tx, template);
  await ctx.audit({
    action: 'USER_FORM_TEMPLATE_SAVED',
    entityType: 'USER_FORM_TEMPLATE',
    entityId: template.id,
    studyId: input.studyId,
    after: { name: template.name, type: template.type, sourceFormId: row.id },
  });
  return presentTemplate(template);
}

/** Spec 001 §7 GET userTemplates: the caller's own templates, newest first. */
export async function listUserTemplates(db: Db, userId: string): Promise<LibraryTemplate[]> {
  return (await listUserTemplateRows(db, userId)).map(presentTemplate);
}

/** Spec 001 §7 DELETE userTemplate/{id}: only the caller's own (another user's id is not found). */
export async function deleteUserTemplate(ctx: UseCaseContext, input: { id: string }): Promise<void> {
  const userId = userIdOf(ctx);
  const row = await findUserTemplate(ctx.tx, userId, input.id);
  if (!row) throw notFound('The template');
  await deleteUserTemplateRow(ctx.tx, userId, input.id);
  await ctx.audit({
    action: 'USER_FORM_TEMPLATE_DELETED',
    entityType: 'USER_FORM_TEMPLATE',
    entityId: row.id,
    before: { name: row.name, type: row.type },
  });
}

/** Seeds the system library once (spec 001 §7): concurrent first calls insert each row once. */
async function seedSystemLibrary(db: Db): Promise<void> {
  if ((await countSystemTemplates(db)) > 0) return;
  await runUseCase(db, SYSTEM_ACTOR, async (ctx) => {
    const forms = systemLibraryForms();
    const inserted = await insertSystemTemplates(
      ctx.tx,
      forms.map((f) => ({ ...f, document: f.document, isActive: true, createdAt: ctx.now })),
    );
    if (inserted > 0) {
      await ctx.audit({
        action: 'SYSTEM_FORM_TEMPLATES_SEEDED',
        entityType: 'SYSTEM_FORM_TEMPLATE',
        entityId: null,
        after: { ids: forms.map((f) => f.id) },
      });
    }
  });
}

/** Spec 001 §7 GET /system/formTemplates/active: the active ready forms, optionally of one type. */
export async function listSystemFormTemplates(
  db: Db,
  input: { type?: FormType | undefined },
): Promise<LibraryTemplate[]> {
  await seedSystemLibrary(db);
  return (await listSystemTemplates(db, input.type)).map(presentTemplate);
}

/** Spec 001 §7 loadFromProfile: a copy of a user (or system) template as a new form of the study. */
export async function loadTemplateIntoStudy(
  ctx: UseCaseContext,
  input: { studyId: string; templateId: string; source: 'USER' | 'SYSTEM' },
): Promise<FormTemplateView> {
  const study = await requireFormStudy(ctx.tx, input.studyId);
  const template =
    input.source === 'USER'
      ? await findUserTemplate(ctx.tx, userIdOf(ctx), input.templateId)
      : await findSystemTemplate(ctx.tx, input.templateId);
  if (!template) throw notFound('The template');
  const doc = copyWithNewIds(readDocument(template.document), newId(ctx.now), ctx.now);
  doc.title = uniqueTitle(doc.title, study.primaryLanguage, await listFormNames(ctx.tx, study.id));
  const row = await createForm(ctx, study, doc, { loadedFrom: { source: input.source, id: template.id } });
  return presentForm(row, formLocks(study, doc, false), false);
}

/** Spec 001 §7 addEQ5DTemplateToStudy: the study's one EQ-5D-5L form (QUESTIONNAIRE_EXISTS for a second). */
export async function addEq5dToStudy(
  ctx: UseCaseContext,
  input: { studyId: string },
): Promise<FormTemplateView> {
  const study = await requireFormStudy(ctx.tx, input.studyId);
  const doc = buildEq5dForm(newId(ctx.now));
  doc.title = uniqueTitle(doc.title, study.primaryLanguage, await listFormNames(ctx.tx, study.id));
  const row = await createForm(ctx, study, doc, { template: 'EQ-5D-5L' });
  return presentForm(row, formLocks(study, doc, false), false);
}
