/**
 * A study language out as XLIFF 2.0 and back in (issue 18 item 5, ours: beyond the spec). The
 * export holds every unit of forms, processes and rules; the import checks every unit of the file
 * (known id, once, limits, required, placeholders) and writes all of them or none, in one
 * transaction with the audit events of a save (`via: XLIFF`).
 */
import {
  type LanguageCode,
  normalizeLanguageCode,
  TRANSLATION_AREAS,
  type TranslationEditProblem,
  type TranslationUnitEdit,
  type XliffImportResult,
  type XliffUnitProblem,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { AppError } from '../../../platform/errors';
import type { UseCaseContext } from '../../../platform/use-case';
import { buildXliff, readXliff, type XliffUnit } from '../xliff';
import { assertTranslationLanguage, loadGroups, requireTranslationStudy } from './load';
import { overviewRow } from './read';
import { saveTranslations } from './save';

/** GET .../translations/{language}/xliff: the file's name and text. */
export async function exportXliff(
  db: Executor,
  input: { studyId: string; language: string },
): Promise<{ fileName: string; xliff: string }> {
  const study = await requireTranslationStudy(db, input.studyId);
  assertTranslationLanguage(study, input.language);
  const groups = await loadGroups(db, study, input.language, TRANSLATION_AREAS);
  const xliff = buildXliff({
    sourceLanguage: study.primaryLanguage,
    targetLanguage: input.language,
    groups: groups.map((g) => g.view),
  });
  return { fileName: `study-${study.id}-${study.primaryLanguage}-${input.language}.xlf`, xliff };
}

function fileError(message: string, detail: string): AppError {
  return new AppError('VALIDATION', 'The file is not an XLIFF 2.0 file of this study language.', {
    context: { issues: [{ path: ['xliff'], message, params: { detail } }], units: [] },
  });
}

/** A refused import: every bad unit by id (`context.units`) and as field issues at `units.<unitId>`. */
function refusedImportError(
  problems: readonly TranslationEditProblem[],
  units: readonly XliffUnit[],
): AppError {
  const list: XliffUnitProblem[] = problems.map((p) => ({
    unitId: p.unitId,
    message: p.message,
    params: { ...p.params, line: units[p.index]?.line ?? 0 },
  }));
  return new AppError(
    'VALIDATION',
    `${list.length} unit(s) of the file were refused; nothing was imported.`,
    {
      context: {
        issues: list.map((u) => ({ path: ['units', u.unitId], message: u.message, params: u.params })),
        units: list,
      },
    },
  );
}

/**
 * PUT .../translations/{language}/xliff: reads the file (source language = the study's primary,
 * target = the URL's language), takes every unit with a target, and saves them all or none.
 */
export async function importXliff(
  ctx: UseCaseContext,
  input: { studyId: string; language: string; xliff: string },
): Promise<XliffImportResult> {
  const study = await requireTranslationStudy(ctx.tx, input.studyId);
  assertTranslationLanguage(study, input.language);
  const read = readXliff(input.xliff);
  if (!read.ok) throw fileError(read.error, read.detail);
  if (normalizeLanguageCode(read.sourceLanguage) !== study.primaryLanguage) {
    throw fileError(
      'XLIFF_LANGUAGE_MISMATCH',
      `srcLang ${read.sourceLanguage}, expected ${study.primaryLanguage}`,
    );
  }
  if (normalizeLanguageCode(read.targetLanguage) !== input.language) {
    throw fileError('XLIFF_LANGUAGE_MISMATCH', `trgLang ${read.targetLanguage}, expected ${input.language}`);
  }
  const withTarget = read.units.filter((u) => u.target !== null);
  const edits: TranslationUnitEdit[] = withTarget.map((u) => ({ id: u.id, target: u.target ?? '' }));
  const { changed } = await saveTranslations(
    ctx,
    { studyId: study.id, language: input.language, areas: TRANSLATION_AREAS, edits, via: 'XLIFF' },
    (problems) => refusedImportError(problems, withTarget),
  );
  const groups = await loadGroups(ctx.tx, study, input.language, TRANSLATION_AREAS);
  return {
    language: input.language as LanguageCode,
    changed,
    units: withTarget.length,
    row: overviewRow(study, input.language, groups),
  };
}
