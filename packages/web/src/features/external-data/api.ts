import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ExternalDataRequest,
  externalDataEndpoints as ed,
  enrollmentEndpoints,
  subjectEndpoints,
} from '@trialbase/domain';
import { extendedValidationHeaders } from '../../app/extended-validation';
import { call } from '../../app/http';

export const externalDataKeys = {
  all: (studyId: string) => ['external-data', studyId] as const,
  choices: (studyId: string) => ['external-data', studyId, 'choices'] as const,
  dates: (studyId: string, siteId: string) => ['external-data', studyId, 'dates', siteId] as const,
  subjects: (studyId: string, siteId: string) => ['external-data', studyId, 'subjects', siteId] as const,
};

/** Issue 28 item 4: the processes with an external data event, its forms and their questions. */
export function useExternalDataChoices(studyId: string) {
  return useQuery({
    queryKey: externalDataKeys.choices(studyId),
    queryFn: ({ signal }) => call(ed.choices, { params: { studyId }, signal }),
    meta: { localErrors: true },
    retry: false,
  });
}

/** Spec 001 §7 getImportedDates: the external events recorded at the site (imports carry their id). */
export function useImportedDates(studyId: string, siteId: string | null) {
  return useQuery({
    queryKey: externalDataKeys.dates(studyId, siteId ?? ''),
    queryFn: ({ signal }) =>
      call(enrollmentEndpoints.unscheduledImportedDates, {
        params: { studyId, siteId: siteId ?? '' },
        query: { type: 'TYPE_EXTERNAL' },
        signal,
      }),
    enabled: siteId !== null,
  });
}

/** The site's subjects in short, to show subject ids beside the imported dates. */
export function useSiteSubjects(studyId: string, siteId: string | null) {
  return useQuery({
    queryKey: externalDataKeys.subjects(studyId, siteId ?? ''),
    queryFn: ({ signal }) =>
      call(subjectEndpoints.lightList, { params: { studyId, siteId: siteId ?? '' }, signal }),
    enabled: siteId !== null,
    meta: { secondary: true },
  });
}

/** The dry run: every row checked, nothing saved. */
export function usePreviewExternalData(studyId: string) {
  return useMutation({
    mutationFn: (body: ExternalDataRequest) => call(ed.preview, { params: { studyId }, body }),
  });
}

/** The import: all rows or none (400 with context.rowIssues). */
export function useImportExternalData(studyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ExternalDataRequest) => call(ed.import, { params: { studyId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: externalDataKeys.all(studyId) }),
  });
}

/** Deletes an import's data with a reason, signed with the password. */
export function useDeleteExternalImport(studyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { importId: string; reason: string; password: string | undefined }) =>
      call(ed.deleteImport, {
        params: { studyId, importId: input.importId },
        query: { reason: input.reason },
        headers: extendedValidationHeaders(input.password),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: externalDataKeys.all(studyId) }),
  });
}
