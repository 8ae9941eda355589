/** Reading, deleting and duplicating forms (spec 001 §7 form templates). */
import type { FormListItem, FormTemplateView } from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { AppError, notFound, validationError } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import { copyWithNewIds, readDocument, uniqueCopyTitle } from '../documents';
import type { FormUsage } from '../form-usage';
import { presentForm, presentListItem, presentVersion } from '../presenters';
import {
  type FormVersionRow,
  findVersion,
  listFormNames,
  listForms,
  listVersions,
  updateForm,
} from '../repo';
import { assertStructureEditable, formLocks, requireForm, requireFormStudy } from './guards';
import { createForm } from './save-form';

/** Spec 001 §7 GET questionnairetemplate: the study's forms; `excludeAe` leaves AE forms out. */
export async function listStudyForms(
  db: Executor,
  usage: FormUsage,
  input: { studyId: string; excludeAe?: boolean | undefined; withVersions?: boolean | undefined },
): Promise<FormListItem[]> {
  await requireFormStudy(db, input.studyId);
  const rows = (await listForms(db, input.studyId)).filter((r) => !input.excludeAe || r.type !== 'TYPE_AE');
  const versions = input.withVersions ? await listVersions(db, input.studyId) : [];
  const byForm = new Map<string, FormVersionRow[]>();
  for (const v of versions) byForm.set(v.formId, [...(byForm.get(v.formId) ?? []), v]);
  return Promise.all(
    rows.map(async (row) =>
      presentListItem(
        row,
        await usage.isFormUsedInAnyProcess(db, input.studyId, row.id),
        input.withVersions ? (byForm.get(row.id) ?? []) : undefined,
      ),
    ),
  );
}

/** Spec 001 §7 GET questionnairetemplate/{formId}: the draft, or with `isOldVersion` a published version. */
export async function getStudyForm(
  db: Executor,
  usage: FormUsage,
  input: {
    studyId: string;
    formId: string;
    isOldVersion?: boolean | undefined;
    major?: number | undefined;
    minor?: number | undefined;
  },
): Promise<FormTemplateView> {
  const study = await requireFormStudy(db, input.studyId);
  const row = await requireForm(db, input.studyId, input.formId);
  if (input.isOldVersion) {
    if (input.major === undefined || input.minor === undefined) {
      throw validationError([
        ...(input.major === undefined ? [{ path: ['querystring', 'major'], message: 'REQUIRED' }] : []),
        ...(input.minor === undefined ? [{ path: ['querystring', 'minor'], message: 'REQUIRED' }] : []),
      ]);
    }
    const version = await findVersion(db, input.studyId, input.formId, input.major, input.minor);
    if (!version) throw notFound('The form version');
    return presentVersion(version);
  }
  const isUsed = await usage.isFormUsedInAnyProcess(db, input.studyId, row.id);
  return presentForm(row, formLocks(study, readDocument(row.document), isUsed), isUsed);
}

/** Spec 001 §7 DELETE: soft delete; refused for the default AE form, an AE form with reports, and forms used in a process. */
export async function deleteStudyForm(
  ctx: UseCaseContext,
  usage: FormUsage,
  input: { studyId: string; formId: string },
) {
  const study = await requireFormStudy(ctx.tx, input.studyId);
  const row = await requireForm(ctx.tx, input.studyId, input.formId);
  assertStructureEditable(study, readDocument(row.document));
  const holdsReports = row.type === 'TYPE_AE' && (await usage.hasAeReports?.(ctx.tx, input.studyId, row.id));
  if (row.isDefaultAeForm || holdsReports) {
    throw new AppError('CONFLICT', 'The active AE form cannot be deleted.', { id: 'DELETE_ACTIVE_AE_FORM' });
  }
  if (await usage.isFormUsedInAnyProcess(ctx.tx, input.studyId, row.id)) {
    throw new AppError('CONFLICT', 'The form is used in a process and cannot be deleted.', {
      id: 'DELETE_QT_FAIL',
    });
  }
  await updateForm(ctx.tx, input.studyId, row.id, { deletedAt: ctx.now, updatedAt: ctx.now });
  await ctx.audit({
    action: 'FORM_TEMPLATE_DELETED',
    entityType: 'FORM_TEMPLATE',
    entityId: row.id,
    studyId: input.studyId,
    before: { name: row.name, type: row.type },
  });
}

/** Spec 001 §7 duplicate: a new draft titled "… (copy)" with new question and possibility ids. */
export async function duplicateStudyForm(
  ctx: UseCaseContext,
  input: { studyId: string; formId: string },
): Promise<FormTemplateView> {
  const study = await requireFormStudy(ctx.tx, input.studyId);
  const source = await requireForm(ctx.tx, input.studyId, input.formId);
  const doc = readDocument(source.document);
  const copy = copyWithNewIds(doc, newId(ctx.now), ctx.now);
  copy.title = uniqueCopyTitle(doc.title, study.primaryLanguage, await listFormNames(ctx.tx, study.id));
  const row = await createForm(ctx, study, copy, { duplicatedFrom: source.id });
  return presentForm(row, formLocks(study, copy, false), false);
}
