/**
 * Saving translated texts (spec 001 §5 limits, §6 canEdit, §7 PUT translations; issue 18 items 4
 * and 5): one use case, one transaction. Every edit is checked first; one bad edit and nothing is
 * written. Each form, process or rule whose texts changed is written once, with one audit event.
 *
 * Forms: translations change the form's draft, exactly as a text edit in the builder does (spec 001
 * §4: texts stay editable in every status that allows editing): the draft's revision goes up and it
 * is no longer the published version, so participants see the texts once a version is published.
 */
import {
  applyTranslationEdits,
  checkTranslationEdits,
  editProblemsAsIssues,
  type FormTemplate,
  type Process,
  type TranslationArea,
  type TranslationChange,
  type TranslationEditProblem,
  type TranslationSlot,
  type TranslationUnitEdit,
} from '@trialbase/domain';
import { AppError } from '../../../platform/errors';
import type { UseCaseContext } from '../../../platform/use-case';
import { sanitizeRichText } from '../../forms/sanitize';
import { toDocument } from '../../processes/documents';
import { type TranslationStudy, updateFormDraft, updateProcessDocument, updateRuleDocument } from '../repo';
import {
  assertTranslationEditable,
  assertTranslationLanguage,
  type LoadedGroup,
  loadGroups,
  requireTranslationStudy,
} from './load';

export type TranslationVia = 'EDITOR' | 'XLIFF';

/** Texts the builders sanitise are sanitised here too (DESIGN.md rich text; processes sanitise subject texts). */
function storedTarget(slot: TranslationSlot, target: string): string {
  if (target.trim() === '') return '';
  return slot.format === 'RICH' || slot.kind === 'DATA_EVENT_SUBJECT_TEXT'
    ? sanitizeRichText(target)
    : target;
}

function changesAsSnapshot(
  language: string,
  changes: readonly TranslationChange[],
  side: 'before' | 'after',
) {
  return { language, texts: Object.fromEntries(changes.map((c) => [c.id, c[side]])) };
}

async function writeGroup(
  ctx: UseCaseContext,
  study: TranslationStudy,
  group: LoadedGroup,
  language: string,
  changes: TranslationChange[],
  via: TranslationVia,
): Promise<void> {
  const before = { ...changesAsSnapshot(language, changes, 'before'), via };
  const after = { ...changesAsSnapshot(language, changes, 'after'), via };
  const revision = (group.row.revision ?? 0) + 1;
  if (group.area === 'FORMS') {
    const form = { ...(group.document as FormTemplate), published: false };
    await updateFormDraft(ctx.tx, study.id, group.row.id, { document: form, revision, updatedAt: ctx.now });
    await ctx.audit({
      action: 'FORM_TRANSLATION_UPDATED',
      entityType: 'FORM_TEMPLATE',
      entityId: group.row.id,
      studyId: study.id,
      before,
      after,
    });
  } else if (group.area === 'PATHWAYS') {
    const document = { ...group.row.document, ...toDocument(group.document as Process) };
    await updateProcessDocument(ctx.tx, study.id, group.row.id, { document, revision, updatedAt: ctx.now });
    await ctx.audit({
      action: 'PROCESS_TRANSLATION_UPDATED',
      entityType: 'PROCESS',
      entityId: group.row.id,
      studyId: study.id,
      before,
      after,
    });
  } else {
    const raw = group.row.document as { action?: Record<string, unknown> };
    const message = (group.document as { action: { message: Record<string, string> } }).action.message;
    const document = { ...raw, action: { ...(raw.action ?? {}), message } };
    await updateRuleDocument(ctx.tx, study.id, group.row.id, { document, updatedAt: ctx.now });
    await ctx.audit({
      action: 'VALIDATION_RULE_TRANSLATION_UPDATED',
      entityType: 'VALIDATION_RULE',
      entityId: group.row.id,
      studyId: study.id,
      before,
      after,
    });
  }
}

/**
 * Spec 001 §7 PUT translations (and per area): checks the language, the study status and every edit
 * against the units of `areas`, then writes each changed form, process or rule with its audit event.
 * Returns the groups as written (reloaded views are the caller's) and how many texts changed.
 */
export async function saveTranslations(
  ctx: UseCaseContext,
  input: {
    studyId: string;
    language: string;
    areas: readonly TranslationArea[];
    edits: readonly TranslationUnitEdit[];
    via: TranslationVia;
    questionnaireTemplateId?: string;
  },
  refuse: (problems: TranslationEditProblem[]) => AppError = refusedSaveError,
): Promise<{ study: TranslationStudy; changed: number }> {
  const study = await requireTranslationStudy(ctx.tx, input.studyId);
  assertTranslationLanguage(study, input.language);
  assertTranslationEditable(study);
  const groups = await loadGroups(ctx.tx, study, input.language, input.areas, {
    lock: true,
    questionnaireTemplateId: input.questionnaireTemplateId,
  });
  const units = groups.flatMap((g) => g.view.units);
  const problems = checkTranslationEdits(units, input.edits);
  if (problems.length > 0) throw refuse(problems);
  const slotsById = new Map(groups.flatMap((g) => g.slots.map((s) => [s.id, s] as const)));
  const targets = new Map(
    input.edits.map((e) => [e.id, storedTarget(slotsById.get(e.id) as TranslationSlot, e.target)]),
  );
  let changed = 0;
  for (const group of groups) {
    const changes = applyTranslationEdits(group.slots, input.language, targets);
    if (changes.length === 0) continue;
    changed += changes.length;
    await writeGroup(ctx, study, group, input.language, changes, input.via);
  }
  return { study, changed };
}

/** A refused save as the API says it: 400 VALIDATION, an issue per edit at `units.<i>.id|target`. */
export function refusedSaveError(problems: readonly TranslationEditProblem[]): AppError {
  return new AppError('VALIDATION', 'Some translations were refused; nothing was saved.', {
    context: {
      issues: editProblemsAsIssues(problems),
    },
  });
}
