import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type TranslationArea,
  type TranslationOverviewQuery,
  type TranslationUnitEdit,
  translationEndpoints,
} from '@trialbase/domain';
import { call, endpointUrl } from '../../app/http';

export const translationKeys = {
  all: (studyId: string) => ['translations', studyId] as const,
  overview: (studyId: string, query: TranslationOverviewQuery) =>
    ['translations', studyId, 'overview', query] as const,
  resource: (studyId: string, area: TranslationArea, language: string, formId?: string) =>
    ['translations', studyId, area, language, formId ?? null] as const,
};

/** GET /study/{studyId}/translations: a page of study languages with their counts (spec 001 §2). */
export function useTranslationOverview(studyId: string, query: TranslationOverviewQuery) {
  return useQuery({
    queryKey: translationKeys.overview(studyId, query),
    queryFn: ({ signal }) => call(translationEndpoints.overview, { params: { studyId }, query, signal }),
    placeholderData: keepPreviousData,
  });
}

const GETTERS = {
  FORMS: translationEndpoints.getForms,
  PATHWAYS: translationEndpoints.getPathways,
  RULES: translationEndpoints.getRules,
} as const;

/** The texts of one area (forms, processes or rules) in the primary language beside `language`. */
export function useTranslationResource(
  studyId: string,
  area: TranslationArea,
  language: string | null,
  questionnaireTemplateId?: string,
) {
  return useQuery({
    queryKey: translationKeys.resource(studyId, area, language ?? '', questionnaireTemplateId),
    queryFn: ({ signal }) => {
      const params = { studyId, language: language ?? '' };
      if (area === 'PATHWAYS') {
        return call(GETTERS.PATHWAYS, { params, query: { questionnaireTemplateId }, signal });
      }
      return call(GETTERS[area], { params, signal });
    },
    enabled: language !== null && language !== '',
  });
}

/** PUT of one area's changed units; the screen shows field errors itself. */
export function useSaveTranslations(
  studyId: string,
  area: TranslationArea,
  language: string,
  formId?: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (units: TranslationUnitEdit[]) => {
      const params = { studyId, language };
      const body = { units };
      if (area === 'FORMS') return call(translationEndpoints.saveForms, { params, body });
      if (area === 'RULES') return call(translationEndpoints.saveRules, { params, body });
      return call(translationEndpoints.savePathways, {
        params,
        query: { questionnaireTemplateId: formId },
        body,
      });
    },
    meta: { localErrors: true },
    onSuccess: async (resource) => {
      queryClient.setQueryData(translationKeys.resource(studyId, area, language, formId), resource);
      await queryClient.invalidateQueries({ queryKey: translationKeys.all(studyId) });
    },
  });
}

/** The address of a language's XLIFF 2.0 file (a plain download; the session cookie goes along). */
export function xliffUrl(studyId: string, language: string): string {
  return endpointUrl(translationEndpoints.exportXliff, { studyId, language });
}

/** PUT …/translations/{language}/xliff: imports a file, every unit checked, all or nothing. */
export function useImportXliff(studyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ language, xliff }: { language: string; xliff: string }) =>
      call(translationEndpoints.importXliff, { params: { studyId, language }, body: { xliff } }),
    meta: { localErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: translationKeys.all(studyId) }),
  });
}
