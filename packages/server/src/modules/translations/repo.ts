/**
 * The rows study content translation reads and writes (issue 18 item 4): the study's languages,
 * its live form drafts, live processes and validation rules. Translations live in those documents
 * (LocalizedText per language), so this module owns no table; it writes the texts of a language
 * the way the builders do, raising each draft's revision.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { formTemplates } from '../forms/tables';
import { processes } from '../processes/tables';
import { validationRules } from '../rules/tables';
import { studies } from '../studies/tables';

export type TranslationStudy = {
  id: string;
  status: string;
  primaryLanguage: string;
  languages: string[];
};

/** The live study with its languages; null when there is none (deleted studies are not found). */
export async function findTranslationStudy(db: Executor, studyId: string): Promise<TranslationStudy | null> {
  const [row] = await db
    .select({
      id: studies.id,
      status: studies.status,
      primaryLanguage: studies.primaryLanguage,
      languages: studies.languages,
    })
    .from(studies)
    .where(and(eq(studies.id, studyId), isNull(studies.deletedAt)));
  return row ?? null;
}

type Lock = { lock?: boolean };

/** The study's live form drafts in creation order; FOR UPDATE when a save will write them. */
export async function listFormDraftRows(db: Executor, studyId: string, options: Lock = {}) {
  const query = db
    .select({
      id: formTemplates.id,
      name: formTemplates.name,
      document: formTemplates.document,
      revision: formTemplates.revision,
    })
    .from(formTemplates)
    .where(and(eq(formTemplates.studyId, studyId), isNull(formTemplates.deletedAt)))
    .orderBy(asc(formTemplates.createdAt), asc(formTemplates.id));
  return options.lock ? query.for('update') : query;
}
export type FormDraftRow = Awaited<ReturnType<typeof listFormDraftRows>>[number];

/** A translated draft: the document and the next revision; the draft is no longer the published version. */
export async function updateFormDraft(
  db: Executor,
  studyId: string,
  id: string,
  values: { document: Record<string, unknown>; revision: number; updatedAt: Date },
) {
  await db
    .update(formTemplates)
    .set(values)
    .where(and(eq(formTemplates.studyId, studyId), eq(formTemplates.id, id)));
}

/** The study's live processes in creation order; FOR UPDATE when a save will write them. */
export async function listProcessRows(db: Executor, studyId: string, options: Lock = {}) {
  const query = db
    .select({
      id: processes.id,
      name: processes.name,
      document: processes.document,
      revision: processes.revision,
    })
    .from(processes)
    .where(and(eq(processes.studyId, studyId), isNull(processes.deletedAt)))
    .orderBy(asc(processes.createdAt), asc(processes.id));
  return options.lock ? query.for('update') : query;
}
export type ProcessRowOfTranslation = Awaited<ReturnType<typeof listProcessRows>>[number];

export async function updateProcessDocument(
  db: Executor,
  studyId: string,
  id: string,
  values: { document: Record<string, unknown>; revision: number; updatedAt: Date },
) {
  await db
    .update(processes)
    .set(values)
    .where(and(eq(processes.studyId, studyId), eq(processes.id, id)));
}

/** The study's validation rules in creation order; FOR UPDATE when a save will write them. */
export async function listRuleRows(db: Executor, studyId: string, options: Lock = {}) {
  const query = db
    .select({
      id: validationRules.id,
      formId: validationRules.formId,
      questionId: validationRules.questionId,
      document: validationRules.document,
    })
    .from(validationRules)
    .where(eq(validationRules.studyId, studyId))
    .orderBy(asc(validationRules.createdAt), asc(validationRules.id));
  return options.lock ? query.for('update') : query;
}
export type RuleRowOfTranslation = Awaited<ReturnType<typeof listRuleRows>>[number];

export async function updateRuleDocument(
  db: Executor,
  studyId: string,
  id: string,
  values: { document: Record<string, unknown>; updatedAt: Date },
) {
  await db
    .update(validationRules)
    .set(values)
    .where(and(eq(validationRules.studyId, studyId), eq(validationRules.id, id)));
}
