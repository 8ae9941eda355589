import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiUserSettings, integrationEndpoints, StudyInfoSchema } from '@trialbase/domain';
import { extendedValidationHeaders } from '../../app/extended-validation';
import { call } from '../../app/http';

export const integrationKeys = {
  access: (studyId: string) => ['integrations', studyId, 'apiKey'] as const,
  studyInfo: (studyId: string) => ['integrations', studyId, 'studyInfo'] as const,
};

/** Spec 001 §2 API access: the key's metadata, the API user setting and the caller's abilities. */
export function useApiAccess(studyId: string) {
  return useQuery({
    queryKey: integrationKeys.access(studyId),
    queryFn: ({ signal }) => call(integrationEndpoints.get, { params: { studyId }, signal }),
  });
}

/** Spec 001 §2: the study information an API user needs (shown as JSON or text). */
export function useStudyInfo(studyId: string, enabled: boolean) {
  return useQuery({
    queryKey: integrationKeys.studyInfo(studyId),
    // The JSON form (no ?format=text): the endpoint answers either; the page reads the object.
    queryFn: async ({ signal }) =>
      StudyInfoSchema.parse(await call(integrationEndpoints.studyInfo, { params: { studyId }, signal })),
    enabled,
  });
}

/** Spec 001 §2: renews the key; `password` is the extended-validation password when asked. */
export function renewApiKey(studyId: string, password: string | undefined) {
  return call(integrationEndpoints.renew, {
    params: { studyId },
    headers: extendedValidationHeaders(password),
  });
}

/** Spec 001 §3 API user: saves viewIdentifiable and dataFeed (issue 26 item 4). */
export function useSaveApiUserSettings(studyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ApiUserSettings) =>
      call(integrationEndpoints.saveSettings, { params: { studyId }, body: settings }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.access(studyId) }),
  });
}
