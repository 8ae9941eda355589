/**
 * Form imports (issue 27 items 1–3, 5): a REDCap dictionary, FHIR Questionnaire or ODM file becomes
 * forms of the study in one transaction, every form created with the checks of any new form and
 * audited, the import itself audited once; a failing form undoes them all. A dry run does the same
 * work and rolls it back, so the preview shows exactly what the commit would do.
 */
import {
  collectShowRules,
  convertFhirQuestionnaire,
  convertOdmMetadata,
  convertRedcapDictionary,
  type FormTemplateDocument,
  IMPORT_FILE_EXTENSIONS,
  IMPORT_MAX_CHARS,
  type ImportConversion,
  type ImportFormSummary,
  type ImportRequest,
  type ImportResult,
  type ImportSource,
  type LanguageCode,
} from '@trialbase/domain';
import { AppError } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import {
  assertStructureEditable,
  copyWithNewIds,
  createForm,
  formName,
  listFormNames,
  readDocument,
  requireFormStudy,
  uniqueTitle,
} from '../../forms/api';
import { parseXmlTree } from '../xml-tree';

/** Thrown at the end of a dry run to roll its transaction back; carries the result out. */
export class DryRunRollback extends Error {
  constructor(readonly result: ImportResult) {
    super('dry run');
  }
}

/**
 * Why a file or form is refused (issue 27 item 5): `context.reason` IMPORT_<code> and, on the
 * field, the catalog key of its text (web `server-errors.json`, SERVER_ERRORS.REASON.IMPORT_<code>),
 * so the apps say it in the user's language; the top-level message stays English for API clients.
 */
export const importReason = (code: string) => `IMPORT_${code}`;
const reasonKey = (code: string) => `SERVER_ERRORS.REASON.${importReason(code)}`;

function refuseFile(
  field: 'content' | 'fileName',
  code: string,
  params: Record<string, string | number>,
  message: string,
  extra: Record<string, unknown> = {},
): AppError {
  return new AppError('VALIDATION', message, {
    context: {
      reason: importReason(code),
      issues: [{ path: [field], message: reasonKey(code), params }],
      ...extra,
    },
  });
}

/** Issue 27 item 5: size and type of the file, before anything is read. */
function assertFile(source: ImportSource, input: ImportRequest): void {
  if (input.content.length > IMPORT_MAX_CHARS) {
    throw refuseFile(
      'content',
      'FILE_TOO_LARGE',
      { max: IMPORT_MAX_CHARS },
      `The file is larger than ${IMPORT_MAX_CHARS} characters.`,
    );
  }
  const extensions = IMPORT_FILE_EXTENSIONS[source];
  if (!extensions.some((e) => input.fileName.toLowerCase().endsWith(e))) {
    throw refuseFile(
      'fileName',
      'FILE_TYPE',
      { expected: extensions.join(', ') },
      `The file must be a ${extensions.join(', ')} file.`,
    );
  }
  if (input.content.trim() === '') throw refuseFile('content', 'FILE_EMPTY', {}, 'The file is empty.');
}

function convert(source: ImportSource, content: string, language: LanguageCode): ImportConversion {
  switch (source) {
    case 'REDCAP':
      return convertRedcapDictionary(content, { language });
    case 'FHIR':
      return convertFhirQuestionnaire(content, { language });
    case 'ODM': {
      const tree = parseXmlTree(content);
      return tree ? convertOdmMetadata(tree, { language }) : { ok: false, error: 'NOT_XML' };
    }
  }
}

function summaryOf(form: FormTemplateDocument): ImportFormSummary {
  return {
    id: form.id,
    title: form.title,
    questionCount: form.questions.length,
    showRuleCount: collectShowRules(form).length,
    calculatedCount: form.questions.filter((q) => q.type === 'CALCULATED').length,
  };
}

/** Prefixes a failing form's issues with its place in the import, so the report can point at it. */
function withFormPlace(err: unknown, index: number, title: string): unknown {
  if (!(err instanceof AppError)) return err;
  const issues = (err.context?.issues ?? []).map((i) => ({ ...i, path: ['forms', index, ...i.path] }));
  return new AppError(err.type, err.message, {
    ...(err.id ? { id: err.id } : {}),
    context: {
      ...err.context,
      // The form's own reason stays readable beside the import's.
      ...(err.context?.reason ? { formReason: err.context.reason } : {}),
      reason: importReason('FORM_FAILED'),
      issues,
      form: title,
      formIndex: index,
    },
  });
}

/**
 * Issue 27: converts the file and creates every form in this transaction (FORM_TEMPLATE_CREATED
 * each, FORMS_IMPORTED once). With `dryRun` it throws DryRunRollback with the same result.
 */
export async function importForms(
  ctx: UseCaseContext,
  input: { studyId: string; source: ImportSource; request: ImportRequest },
): Promise<ImportResult> {
  const { source, request } = input;
  assertFile(source, request);
  const study = await requireFormStudy(ctx.tx, input.studyId);
  assertStructureEditable(study);
  const conversion = convert(source, request.content, study.primaryLanguage as LanguageCode);
  if (!conversion.ok) {
    throw refuseFile(
      'content',
      conversion.error,
      conversion.detail ? { detail: conversion.detail } : {},
      'The file cannot be imported.',
      { report: conversion.report ?? [] },
    );
  }
  const taken = await listFormNames(ctx.tx, study.id);
  const created: FormTemplateDocument[] = [];
  for (const [index, draft] of conversion.forms.entries()) {
    const doc = copyWithNewIds(draft, newId(ctx.now), ctx.now);
    doc.title = uniqueTitle(doc.title, study.primaryLanguage, taken);
    try {
      const row = await createForm(ctx, study, doc, { imported: { source, fileName: request.fileName } });
      created.push(readDocument(row.document));
      taken.push(formName(doc.title, study.primaryLanguage));
    } catch (err) {
      throw withFormPlace(err, index, formName(doc.title, study.primaryLanguage));
    }
  }
  const result: ImportResult = {
    source,
    dryRun: request.dryRun,
    forms: created.map(summaryOf),
    report: conversion.report,
  };
  if (request.dryRun) throw new DryRunRollback(result);
  const count = (status: string) => conversion.report.filter((l) => l.status === status).length;
  await ctx.audit({
    action: 'FORMS_IMPORTED',
    entityType: 'FORM_IMPORT',
    entityId: null,
    studyId: study.id,
    after: {
      source,
      fileName: request.fileName,
      formIds: created.map((f) => f.id),
      imported: count('IMPORTED'),
      approximate: count('APPROXIMATE'),
      leftOut: count('LEFT_OUT'),
    },
  });
  return result;
}
