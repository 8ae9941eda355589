/**
 * Loading what a study has to translate (spec 001 §3 translation resources; issue 18 item 4): the
 * study and its languages, and per area the groups (forms, processes, rules) with their slots over
 * documents this request owns, so a save can write straight into them.
 */
import {
  countUnits,
  type FormTemplate,
  FormTemplateSchema,
  isSupportedLanguage,
  listFormSlots,
  listProcessSlots,
  listRuleSlots,
  type Process,
  presentUnits,
  type StudyStatus,
  studyEditScope,
  type TranslationArea,
  type TranslationGroup,
  type TranslationSlot,
  ValidationRuleSchema,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { AppError, notFound, validationError } from '../../../platform/errors';
import { readDocument } from '../../forms/documents';
import { readProcess } from '../../processes/documents';
import {
  findTranslationStudy,
  listFormDraftRows,
  listProcessRows,
  listRuleRows,
  type TranslationStudy,
} from '../repo';

/** A group as loaded: its view, its slots over the owned document, and how to store the document. */
export type LoadedGroup = {
  view: TranslationGroup;
  slots: TranslationSlot[];
  area: TranslationArea;
  /** The row as read, for the write and the audit's before. */
  row: { id: string; revision: number | null; document: Record<string, unknown> };
  /** The owned document the slots write into (a form, a process, or a rule's raw document). */
  document: FormTemplate | Process | { action: { message: Record<string, string> } };
};

/** The live study, or 404. */
export async function requireTranslationStudy(db: Executor, studyId: string): Promise<TranslationStudy> {
  const study = await findTranslationStudy(db, studyId);
  if (!study) throw notFound('The study');
  return study;
}

/**
 * The language of a translation call must be one of the study's languages other than the primary
 * one (the primary language is the source): 400 at `language` otherwise.
 */
export function assertTranslationLanguage(study: TranslationStudy, language: string): void {
  if (!isSupportedLanguage(language) || !study.languages.includes(language)) {
    throw validationError(
      [{ path: ['language'], message: 'NOT_STUDY_LANGUAGE', params: { language } }],
      'The language is not one of the study’s languages.',
    );
  }
  if (language === study.primaryLanguage) {
    throw validationError(
      [{ path: ['language'], message: 'PRIMARY_LANGUAGE', params: { language } }],
      'The primary language is the source of translations, not a target.',
    );
  }
}

/** Spec 001 §4 / 000 §4: texts stay editable in every status that lets forms and processes change. */
export function isTranslationEditable(study: TranslationStudy): boolean {
  return studyEditScope(study.status as StudyStatus).settings;
}

/** STUDY_STATUS_MISMATCH where the study is read-only (locked, completed, anonymized, delete requested). */
export function assertTranslationEditable(study: TranslationStudy): void {
  if (!isTranslationEditable(study)) {
    throw new AppError('VALIDATION', 'Translations cannot be changed in the study’s current status.', {
      id: 'STUDY_STATUS_MISMATCH',
      context: { status: study.status },
    });
  }
}

type LoadOptions = { lock?: boolean; questionnaireTemplateId?: string };

function groupView(
  base: Omit<TranslationGroup, 'units' | 'counts'>,
  slots: TranslationSlot[],
  study: TranslationStudy,
  language: string,
): TranslationGroup {
  const units = presentUnits(slots, { primary: study.primaryLanguage, target: language });
  return { ...base, units, counts: countUnits(units) };
}

async function loadForms(db: Executor, study: TranslationStudy, language: string, options: LoadOptions) {
  const rows = await listFormDraftRows(db, study.id, options);
  return rows.map((row): LoadedGroup => {
    const document = structuredClone(readDocument(row.document)) as FormTemplate;
    document.id = row.id;
    const slots = listFormSlots(document);
    return {
      area: 'FORMS',
      row,
      document,
      slots,
      view: groupView(
        {
          type: 'FORM',
          id: row.id,
          name: row.name,
          revision: row.revision,
          formId: row.id,
          questionOrder: null,
        },
        slots,
        study,
        language,
      ),
    };
  });
}

/** Route 001 §2 `questionnaireTemplateId`: the processes with the form in any event or unscheduled selection. */
function usesForm(process: Process, formId: string): boolean {
  const lists = [
    ...process.dataEvents.flatMap((e) => [e.forms, e.optionalForms]),
    ...[process.unexpectedVisit, process.discontinueDataEvent, process.externalDataEvent].flatMap((u) => [
      u.selectedQts,
      u.selectedOptionalQts,
    ]),
  ];
  return lists.some((list) => list.includes(formId));
}

async function loadProcesses(db: Executor, study: TranslationStudy, language: string, options: LoadOptions) {
  const rows = await listProcessRows(db, study.id, options);
  return rows.flatMap((row): LoadedGroup[] => {
    const document = structuredClone(readProcess(row));
    if (options.questionnaireTemplateId && !usesForm(document, options.questionnaireTemplateId)) return [];
    const slots = listProcessSlots(document, language);
    return [
      {
        area: 'PATHWAYS',
        row,
        document,
        slots,
        view: groupView(
          {
            type: 'PROCESS',
            id: row.id,
            name: row.name,
            revision: row.revision,
            formId: null,
            questionOrder: null,
          },
          slots,
          study,
          language,
        ),
      },
    ];
  });
}

async function loadRules(db: Executor, study: TranslationStudy, language: string, options: LoadOptions) {
  const rows = await listRuleRows(db, study.id, options);
  const forms = await listFormDraftRows(db, study.id);
  const formsById = new Map(
    forms.map((f) => [
      f.id,
      { name: f.name, form: FormTemplateSchema.safeParse({ ...f.document, id: f.id }) },
    ]),
  );
  return rows.flatMap((row): LoadedGroup[] => {
    const parsed = ValidationRuleSchema.safeParse({ ...row.document, id: row.id });
    if (!parsed.success) return [];
    const rule = { ...parsed.data, id: row.id };
    const form = formsById.get(row.formId);
    const question = form?.form.success
      ? form.form.data.questions.find((q) => q.id === row.questionId)
      : undefined;
    const slots = listRuleSlots(rule, question);
    return [
      {
        area: 'RULES',
        row: { id: row.id, revision: null, document: row.document },
        document: rule as unknown as LoadedGroup['document'],
        slots,
        view: groupView(
          {
            type: 'VALIDATION_RULE',
            id: row.id,
            name: form?.name ?? '',
            revision: null,
            formId: row.formId,
            questionOrder: question?.order ?? null,
          },
          slots,
          study,
          language,
        ),
      },
    ];
  });
}

/** The groups of the areas asked for, in the order forms, processes, rules. */
export async function loadGroups(
  db: Executor,
  study: TranslationStudy,
  language: string,
  areas: readonly TranslationArea[],
  options: LoadOptions = {},
): Promise<LoadedGroup[]> {
  const groups: LoadedGroup[] = [];
  if (areas.includes('FORMS')) groups.push(...(await loadForms(db, study, language, options)));
  if (areas.includes('PATHWAYS')) groups.push(...(await loadProcesses(db, study, language, options)));
  if (areas.includes('RULES')) groups.push(...(await loadRules(db, study, language, options)));
  return groups;
}
