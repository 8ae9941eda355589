import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateStudyRequest,
  type ParticipantSettings,
  ParticipantSettingsSchema,
  type PlanModuleCode,
  StudyDetailSchema,
  StudyImageListSchema,
  type StudyListQuery,
  StudyListSchema,
  StudyOverviewSchema,
  StudySubscriptionSchema,
  type UpdateStudyRequest,
} from '@trialbase/domain';
import { extendedValidationHeaders } from '../../app/extended-validation';
import { apiRequest, withQuery } from '../../app/http';
import { gatedQueryOptions, type QueryGate } from '../../app/query-gate';

export const studyKeys = {
  all: ['studies'] as const,
  list: (query: StudyListQuery) => ['studies', 'list', query] as const,
  detail: (id: string) => ['studies', 'detail', id] as const,
  overview: (id: string) => ['studies', 'overview', id] as const,
  subscription: (id: string) => ['studies', 'subscription', id] as const,
  participantSettings: (id: string) => ['studies', 'participantSettings', id] as const,
  images: (id: string) => ['studies', 'images', id] as const,
};

/** A state-changing call that may carry the signer's password (spec 000 §6 extended validation). */
function sendSigned<T>(
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  body: unknown,
  password: string | null,
  schema: { parse: (data: unknown) => T },
): Promise<T> {
  return apiRequest(url, { method, body, schema, headers: extendedValidationHeaders(password ?? undefined) });
}

export function useStudies(query: StudyListQuery) {
  return useQuery({
    queryKey: studyKeys.list(query),
    queryFn: ({ signal }) =>
      apiRequest(withQuery('/api/study', { q: query.q || undefined, status: query.status }), {
        schema: StudyListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /study/{id}: the study with its modules and the caller's abilities (STUDY_VIEW). */
export function useStudy(id: string, gate?: QueryGate) {
  return useQuery({
    queryKey: studyKeys.detail(id),
    queryFn: ({ signal }) => apiRequest(`/api/study/${id}`, { schema: StudyDetailSchema, signal }),
    ...gatedQueryOptions(gate, id !== ''),
  });
}

export function useStudyOverview(id: string) {
  return useQuery({
    queryKey: studyKeys.overview(id),
    queryFn: ({ signal }) => apiRequest(`/api/study/${id}/overview`, { schema: StudyOverviewSchema, signal }),
  });
}

export function useStudySubscription(id: string) {
  return useQuery({
    queryKey: studyKeys.subscription(id),
    queryFn: ({ signal }) =>
      apiRequest(`/api/study/${id}/subscriptionPlan`, { schema: StudySubscriptionSchema, signal }),
  });
}

function useInvalidateStudies() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: studyKeys.all });
}

/** POST /api/study; the dialog shows field errors itself. */
export function useCreateStudy() {
  const invalidate = useInvalidateStudies();
  return useMutation({
    mutationFn: (body: CreateStudyRequest) =>
      apiRequest('/api/study', { method: 'POST', body, schema: StudyDetailSchema }),
    meta: { localErrors: true },
    onSuccess: () => invalidate(),
  });
}

export function useUpdateStudy(id: string) {
  const invalidate = useInvalidateStudies();
  return useMutation({
    mutationFn: ({ changes, password }: { changes: UpdateStudyRequest; password: string | null }) =>
      sendSigned('PUT', `/api/study/${id}`, changes, password, StudyDetailSchema),
    meta: { localErrors: true },
    onSuccess: () => invalidate(),
  });
}

/** Spec 001 §7 lifecycle calls, each as the spec names it. */
export const STUDY_LIFECYCLE_CALLS = {
  start: { method: 'POST', path: 'start' },
  stop: { method: 'POST', path: 'stop' },
  test: { method: 'POST', path: 'testDrive' },
  backToBuild: { method: 'PUT', path: 'testDrive' },
  requestDelete: { method: 'POST', path: 'requestDelete' },
} as const;
export type StudyLifecycleCall = keyof typeof STUDY_LIFECYCLE_CALLS;

export function useStudyLifecycle(id: string) {
  const invalidate = useInvalidateStudies();
  return useMutation({
    mutationFn: ({ action, password }: { action: StudyLifecycleCall; password: string | null }) => {
      const call = STUDY_LIFECYCLE_CALLS[action];
      return sendSigned(call.method, `/api/study/${id}/${call.path}`, undefined, password, StudyDetailSchema);
    },
    meta: { localErrors: true },
    onSuccess: () => invalidate(),
  });
}

/** POST /api/studies/{studyId}/addons (system administrators). */
export function useEnableModules(id: string) {
  const invalidate = useInvalidateStudies();
  return useMutation({
    mutationFn: (modules: PlanModuleCode[]) =>
      apiRequest(`/api/studies/${id}/addons`, {
        method: 'POST',
        body: { modules },
        schema: StudyDetailSchema,
      }),
    onSuccess: () => invalidate(),
  });
}

export function useApplyEnterpriseCode(id: string) {
  const invalidate = useInvalidateStudies();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest(`/api/study/${id}/${encodeURIComponent(code)}/applyEnterpriseCode`, {
        method: 'POST',
        schema: StudyDetailSchema,
      }),
    meta: { localErrors: true },
    onSuccess: () => invalidate(),
  });
}

/** GET /api/study/{studyId}/participantSettings (spec 002 §3 sign-up fields, §4 gates, §2 logo). */
export function useParticipantSettings(id: string) {
  return useQuery({
    queryKey: studyKeys.participantSettings(id),
    queryFn: ({ signal }) =>
      apiRequest(`/api/study/${id}/participantSettings`, { schema: ParticipantSettingsSchema, signal }),
  });
}

/** PUT /api/study/{studyId}/participantSettings; the card maps field errors itself. */
export function useUpdateParticipantSettings(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ParticipantSettings) =>
      apiRequest(`/api/study/${id}/participantSettings`, {
        method: 'PUT',
        body,
        schema: ParticipantSettingsSchema,
      }),
    meta: { localErrors: true },
    onSuccess: (settings) => queryClient.setQueryData(studyKeys.participantSettings(id), settings),
  });
}

/** GET /api/studies/{studyId}/image: the study images a logo can be picked from (000 §7). */
export function useStudyImages(id: string, enabled: boolean) {
  return useQuery({
    queryKey: studyKeys.images(id),
    queryFn: ({ signal }) => apiRequest(`/api/studies/${id}/image`, { schema: StudyImageListSchema, signal }),
    enabled,
  });
}
