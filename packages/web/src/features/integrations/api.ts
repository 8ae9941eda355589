import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiAccessSchema,
  type ApiUserSettings,
  ApiUserSettingsSchema,
  RenewedApiKeySchema,
  StudyInfoSchema,
} from '@trialbase/domain';
import { extendedValidationHeaders } from '../../app/extended-validation';
import { apiRequest } from '../../app/http';

export const integrationKeys = {
  access: (studyId: string) => ['integrations', studyId, 'apiKey'] as const,
  studyInfo: (studyId: string) => ['integrations', studyId, 'studyInfo'] as const,
};

const base = (studyId: string) => `/api/studies/${encodeURIComponent(studyId)}/apiKey`;

/** Spec 001 §2 API access: the key's metadata, the API user setting and the caller's abilities. */
export function useApiAccess(studyId: string) {
  return useQuery({
    queryKey: integrationKeys.access(studyId),
    queryFn: ({ signal }) => apiRequest(base(studyId), { schema: ApiAccessSchema, signal }),
  });
}

/** Spec 001 §2: the study information an API user needs (shown as JSON or text). */
export function useStudyInfo(studyId: string, enabled: boolean) {
  return useQuery({
    queryKey: integrationKeys.studyInfo(studyId),
    queryFn: ({ signal }) => apiRequest(`${base(studyId)}/studyInfo`, { schema: StudyInfoSchema, signal }),
    enabled,
  });
}

/** Spec 001 §2: renews the key; `password` is the extended-validation password when asked. */
export function renewApiKey(studyId: string, password: string | undefined) {
  return apiRequest(`${base(studyId)}/renew`, {
    method: 'POST',
    schema: RenewedApiKeySchema,
    headers: extendedValidationHeaders(password),
  });
}

/** Spec 001 §3 API user: saves viewIdentifiable. */
export function useSaveApiUserSettings(studyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ApiUserSettings) =>
      apiRequest(`${base(studyId)}/settings`, {
        method: 'PUT',
        body: settings,
        schema: ApiUserSettingsSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.access(studyId) }),
  });
}
