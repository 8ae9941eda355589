/** Reading translations: the per-area resources and the overview (spec 001 §2, §3, §7 Translations). */
import {
  addCounts,
  countUnits,
  type LanguageCode,
  presentUnits,
  TRANSLATION_AREAS,
  type TranslationArea,
  type TranslationOverview,
  type TranslationOverviewRow,
  type TranslationResource,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import type { TranslationStudy } from '../repo';
import {
  assertTranslationLanguage,
  isTranslationEditable,
  type LoadedGroup,
  loadGroups,
  requireTranslationStudy,
} from './load';

/** The resource answer of one area from loaded groups. */
export function presentResource(
  study: TranslationStudy,
  area: TranslationArea,
  language: string,
  groups: readonly LoadedGroup[],
): TranslationResource {
  const views = groups.filter((g) => g.area === area).map((g) => g.view);
  return {
    area,
    language: language as LanguageCode,
    primaryLanguage: study.primaryLanguage as LanguageCode,
    isEditable: isTranslationEditable(study),
    groups: views,
    counts: addCounts(views.map((v) => v.counts)),
  };
}

/**
 * Spec 001 §7 GET translate/forms|pathways/{language}, GET validationRules/translations/{language}:
 * every text of the area in the primary language beside the language.
 */
export async function getTranslationResource(
  db: Executor,
  input: { studyId: string; language: string; area: TranslationArea; questionnaireTemplateId?: string },
): Promise<TranslationResource> {
  const study = await requireTranslationStudy(db, input.studyId);
  assertTranslationLanguage(study, input.language);
  const groups = await loadGroups(db, study, input.language, [input.area], {
    questionnaireTemplateId: input.questionnaireTemplateId,
  });
  return presentResource(study, input.area, input.language, groups);
}

/**
 * One overview row (spec 001 §3 summary row) in a language, from groups loaded in any language: the
 * units are counted again in `language` (slots are the same in every language).
 */
export function overviewRow(
  study: TranslationStudy,
  language: string,
  groups: readonly LoadedGroup[],
): TranslationOverviewRow {
  const countsOf = (area: TranslationArea) =>
    addCounts(
      groups
        .filter((g) => g.area === area)
        .map((g) => countUnits(presentUnits(g.slots, { primary: study.primaryLanguage, target: language }))),
    );
  const areas = { FORMS: countsOf('FORMS'), PATHWAYS: countsOf('PATHWAYS'), RULES: countsOf('RULES') };
  return { language: language as LanguageCode, ...addCounts(Object.values(areas)), areas };
}

/**
 * Spec 001 §2/§7 GET /study/{studyId}/translations: per study language other than the primary one
 * (in the study's order), total, completed, untranslated and progress; paged from 1.
 */
export async function getTranslationOverview(
  db: Executor,
  input: { studyId: string; page: number; pageSize: number },
): Promise<TranslationOverview> {
  const study = await requireTranslationStudy(db, input.studyId);
  const languages = study.languages.filter((l) => l !== study.primaryLanguage);
  const pageLanguages = languages.slice((input.page - 1) * input.pageSize, input.page * input.pageSize);
  const groups =
    pageLanguages.length > 0 ? await loadGroups(db, study, study.primaryLanguage, TRANSLATION_AREAS) : [];
  const items = pageLanguages.map((language) => overviewRow(study, language, groups));
  return {
    primaryLanguage: study.primaryLanguage as LanguageCode,
    isEditable: isTranslationEditable(study),
    items,
    total: languages.length,
    page: input.page,
    pageSize: input.pageSize,
  };
}
