/** Creating and autosaving form drafts (spec 001 §5 authoring limits, §4 editing locks, §7 autosave). */
import {
  type FieldIssue,
  type FormSave,
  type FormTemplateDocument,
  type FormTemplateView,
  formStructureLockIssues,
  isQuestionTypeAvailable,
  type StudyStatus,
  validateFormTemplate,
  withAmendmentEditability,
} from '@trialbase/domain';
import { AppError, validationError } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import { formName, readDocument } from '../documents';
import type { FormUsage } from '../form-usage';
import { presentForm } from '../presenters';
import {
  countForms,
  type FormRow,
  findForm,
  findFormByName,
  findQuestionIdsPublishedBefore,
  findSingletonForm,
  insertForm,
  isFormIdTakenAnywhere,
  updateForm,
} from '../repo';
import { sanitizeFormDocument } from '../sanitize';
import {
  assertFormsEditable,
  assertStructureEditable,
  type FormStudy,
  formLocks,
  requireFormStudy,
} from './guards';

/** Our choice (spec leaves it unshown): at most 500 live forms per study (TOO_MANY_QUESTIONNAIRES). */
export const MAX_FORMS_PER_STUDY = 500;

/**
 * Spec 001 §5 plus paid modules (000 §6): every authoring issue of the draft, with field paths.
 * Reference question types are authorable with their module only; the caller's permissions open
 * them for filling (000 §6 "module or permission"), not for a form every filler receives.
 */
export function authoringIssuesOf(study: FormStudy, form: FormTemplateDocument): FieldIssue[] {
  const issues = validateFormTemplate(form);
  form.questions.forEach((q, i) => {
    if (!isQuestionTypeAvailable(study, q.type)) {
      issues.push({ path: ['questions', i, 'type'], message: 'NOT_ALLOWED', params: { module: q.type } });
    }
  });
  if (form.isDefaultAeForm && form.type !== 'TYPE_AE') {
    issues.push({ path: ['isDefaultAeForm'], message: 'NOT_ALLOWED' });
  }
  return issues;
}

/** DUPLICATE_NAME on `title`, QUESTIONNAIRE_EXISTS for a second EQ-5D or default AE form. */
async function assertUnique(ctx: UseCaseContext, study: FormStudy, form: FormTemplateDocument, name: string) {
  if (await findFormByName(ctx.tx, study.id, name, form.id)) {
    throw new AppError('VALIDATION', 'A form with this name already exists in the study.', {
      id: 'DUPLICATE_NAME',
      context: { issues: [{ path: ['title'], message: 'DUPLICATE' }] },
    });
  }
  const singleton =
    (form.type === 'TYPE_EQ_5D' &&
      (await findSingletonForm(ctx.tx, study.id, { type: 'TYPE_EQ_5D', exceptId: form.id }))) ||
    (form.isDefaultAeForm &&
      (await findSingletonForm(ctx.tx, study.id, { isDefaultAe: true, exceptId: form.id })));
  if (singleton) {
    throw new AppError('CONFLICT', 'The study already has this form.', {
      id: 'QUESTIONNAIRE_EXISTS',
      context: { formId: singleton.id, type: form.type },
    });
  }
}

/** Spec 001 §4: type locked (production, amendment of a not fully editable form, stratification), AE type in a process. */
function typeLockIssues(
  study: FormStudy,
  before: FormTemplateDocument,
  after: FormTemplateDocument,
  isUsed: boolean,
) {
  if (before.type === after.type) return [];
  const locks = formLocks(study, before, isUsed);
  if (locks.isTypeLocked) return [{ path: ['type'], message: 'TYPE_LOCKED' }];
  if (locks.isAeTypeLocked && (before.type === 'TYPE_AE' || after.type === 'TYPE_AE')) {
    return [{ path: ['type'], message: 'AE_TYPE_LOCKED' }];
  }
  return [];
}

/**
 * Spec 001 §7 / §5: creates a new form in the study from a complete document (autosave of a new
 * form, duplicate, library copies). Checks limits, uniqueness and the study status; audited.
 */
export async function createForm(
  ctx: UseCaseContext,
  study: FormStudy,
  input: FormTemplateDocument,
  origin: Record<string, unknown> = {},
): Promise<FormRow> {
  assertStructureEditable(study);
  const id = input.id && !(await isFormIdTakenAnywhere(ctx.tx, input.id)) ? input.id : newId(ctx.now);
  const form: FormTemplateDocument = {
    ...sanitizeFormDocument(withoutRevision(input)),
    id,
    version: { major: 1, minor: 0 },
    published: false,
    isUsedInProcess: false,
  };
  const issues = authoringIssuesOf(study, form);
  if (issues.length > 0) throw validationError(issues);
  if ((await countForms(ctx.tx, study.id)) >= MAX_FORMS_PER_STUDY) {
    throw new AppError('CONFLICT', `A study can hold at most ${MAX_FORMS_PER_STUDY} forms.`, {
      id: 'TOO_MANY_QUESTIONNAIRES',
      context: { max: MAX_FORMS_PER_STUDY },
    });
  }
  const name = formName(form.title, study.primaryLanguage);
  await assertUnique(ctx, study, form, name);
  const row: FormRow = {
    studyId: study.id,
    id,
    name,
    type: form.type,
    document: form,
    versionMajor: 1,
    versionMinor: 0,
    revision: 1,
    isDefaultAeForm: form.isDefaultAeForm,
    createdBy: ctx.actor.id ?? 'system',
    createdAt: ctx.now,
    updatedAt: ctx.now,
    deletedAt: null,
  };
  await insertForm(ctx.tx, row);
  await ctx.audit({
    action: 'FORM_TEMPLATE_CREATED',
    entityType: 'FORM_TEMPLATE',
    entityId: id,
    studyId: study.id,
    after: { ...origin, name, type: form.type, document: form },
  });
  return row;
}

/** The document without the save's revision, which is a column of the row, not part of the form. */
function withoutRevision(input: FormTemplateDocument | FormSave): FormTemplateDocument {
  const { revision: _revision, ...document } = input as FormSave;
  return document;
}

/**
 * Issue 13 item 8: a save that names a revision other than the stored one started from a draft
 * someone else has saved over since: 409, so the builder can offer their version or keep its own.
 */
function assertRevision(existing: FormRow, revision: number | undefined): void {
  if (revision === undefined || revision === existing.revision) return;
  throw new AppError('CONFLICT', 'The form was changed by someone else. Reload it or keep your version.', {
    context: { reason: 'VERSION_MISMATCH', expected: existing.revision, received: revision },
  });
}

/**
 * Spec 001 §7 autosave: updates the draft in place; a changed draft is no longer the published one
 * and has the next revision.
 */
async function updateDraft(
  ctx: UseCaseContext,
  usage: FormUsage,
  study: FormStudy,
  existing: FormRow,
  input: FormSave,
) {
  const isUsed = await usage.isFormUsedInAnyProcess(ctx.tx, study.id, existing.id);
  // Issue 23 item 1: in an amendment, fully editable is what the amendment added (exact, by its start).
  const preAmendment =
    study.status === 'AMENDMENT' && study.amendmentStartedAt
      ? await findQuestionIdsPublishedBefore(ctx.tx, study.id, existing.id, study.amendmentStartedAt)
      : undefined;
  const exact = (doc: FormTemplateDocument) =>
    preAmendment === undefined ? doc : withAmendmentEditability(doc, preAmendment);
  const before = exact(readDocument(existing.document));
  const form: FormTemplateDocument = exact({
    ...sanitizeFormDocument(withoutRevision(input)),
    id: existing.id,
    version: { major: existing.versionMajor, minor: existing.versionMinor },
    isUsedInProcess: isUsed,
    published: before.published,
  });
  const issues = [
    ...typeLockIssues(study, before, form, isUsed),
    ...formStructureLockIssues(study.status as StudyStatus, before, form),
    ...authoringIssuesOf(study, form),
  ];
  if (issues.length > 0) throw validationError(issues);
  if (JSON.stringify(form) === JSON.stringify(before)) return { row: existing, isUsed };
  form.published = false;
  const name = formName(form.title, study.primaryLanguage);
  await assertUnique(ctx, study, form, name);
  const values = {
    name,
    type: form.type,
    document: form,
    isDefaultAeForm: form.isDefaultAeForm,
    revision: existing.revision + 1,
    updatedAt: ctx.now,
  };
  await updateForm(ctx.tx, study.id, existing.id, values);
  await ctx.audit({
    action: 'FORM_TEMPLATE_UPDATED',
    entityType: 'FORM_TEMPLATE',
    entityId: existing.id,
    studyId: study.id,
    before: { name: existing.name, type: existing.type, document: before },
    after: { name, type: form.type, document: form },
  });
  return { row: { ...existing, ...values }, isUsed };
}

/**
 * Spec 001 §7 POST questionnairetemplate: create when the id is missing or unknown, else update the
 * draft; the row stays locked from the revision check to the write (issue 13 item 8).
 */
export async function autosaveForm(
  ctx: UseCaseContext,
  usage: FormUsage,
  input: { studyId: string; form: FormSave },
): Promise<{ form: FormTemplateView; isCreated: boolean }> {
  const study = await requireFormStudy(ctx.tx, input.studyId);
  assertFormsEditable(study);
  const existing = input.form.id ? await findForm(ctx.tx, study.id, input.form.id, { lock: true }) : null;
  if (!existing) {
    const row = await createForm(ctx, study, input.form);
    return {
      form: presentForm(row, formLocks(study, readDocument(row.document), false), false),
      isCreated: true,
    };
  }
  assertRevision(existing, input.form.revision);
  const { row, isUsed } = await updateDraft(ctx, usage, study, existing, input.form);
  return {
    form: presentForm(row, formLocks(study, readDocument(row.document), isUsed), isUsed),
    isCreated: false,
  };
}
