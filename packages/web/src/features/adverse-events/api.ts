import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AeListQuery,
  type AeSignAction,
  type AeStudySettings,
  type AmendAeRequest,
  adverseEventEndpoints,
  type CreateAeRequest,
  type UpdateAeRequest,
  type VerificationRound,
} from '@trialbase/domain';
import { extendedValidationHeaders } from '../../app/extended-validation';
import { call } from '../../app/http';
import { gatedQueryOptions, type QueryGate } from '../../app/query-gate';

export const aeKeys = {
  all: (studyId: string) => ['adverse-events', studyId] as const,
  list: (studyId: string, query: AeListQuery) => ['adverse-events', studyId, 'list', query] as const,
  ofSubject: (studyId: string, subjectId: string) =>
    ['adverse-events', studyId, 'subject', subjectId] as const,
  detail: (studyId: string, aeId: string, isAudit: boolean) =>
    ['adverse-events', studyId, 'detail', aeId, isAudit] as const,
  settings: (studyId: string) => ['adverse-events', studyId, 'settings'] as const,
};

/** The clock moves on its own: lists and records refresh each minute while open. */
const CLOCK_REFRESH_MS = 60_000;

/** GET /studies/{studyId}/ae (issue 20 item 2): filtered by site, subject, serious, status, outcome, overdue. */
export function useAeList(studyId: string, query: AeListQuery, gate?: QueryGate) {
  return useQuery({
    queryKey: aeKeys.list(studyId, query),
    queryFn: ({ signal }) => call(adverseEventEndpoints.list, { params: { studyId }, query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: CLOCK_REFRESH_MS,
    ...gatedQueryOptions(gate),
  });
}

/** GET /studies/{studyId}/subjects/{subjectId}/listAe (spec 001 §2 subject view AE tab, AE reference questions). */
export function useSubjectAes(studyId: string, subjectId: string | undefined, gate?: QueryGate) {
  return useQuery({
    queryKey: aeKeys.ofSubject(studyId, subjectId ?? ''),
    queryFn: ({ signal }) =>
      call(adverseEventEndpoints.listOfSubject, { params: { studyId, subjectId: subjectId ?? '' }, signal }),
    refetchInterval: CLOCK_REFRESH_MS,
    ...gatedQueryOptions(gate, subjectId !== undefined && subjectId !== ''),
  });
}

/** GET /studies/{studyId}/ae/{aeId}?isAudit: one AE with signatures, amendments and abilities. */
export function useAe(studyId: string, aeId: string, isAudit = false) {
  return useQuery({
    queryKey: aeKeys.detail(studyId, aeId, isAudit),
    queryFn: ({ signal }) =>
      call(adverseEventEndpoints.get, {
        params: { studyId, aeId },
        query: isAudit ? { isAudit: 'true' } : {},
        signal,
      }),
    refetchInterval: CLOCK_REFRESH_MS,
    enabled: aeId !== '',
  });
}

function useInvalidateAes(studyId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: aeKeys.all(studyId) });
}

type Signed<T> = T & { password: string | undefined };

/** POST /studies/{studyId}/ae (Extended-Validation header). */
export function useCreateAe(studyId: string) {
  const invalidate = useInvalidateAes(studyId);
  return useMutation({
    mutationFn: ({ body, password }: Signed<{ body: CreateAeRequest }>) =>
      call(adverseEventEndpoints.create, {
        params: { studyId },
        body,
        headers: extendedValidationHeaders(password),
      }),
    onSuccess: invalidate,
  });
}

/** PUT /studies/{studyId}/ae/{aeId} (Extended-Validation header): before the first signature. */
export function useUpdateAe(studyId: string, aeId: string) {
  const invalidate = useInvalidateAes(studyId);
  return useMutation({
    mutationFn: ({ body, password }: Signed<{ body: UpdateAeRequest }>) =>
      call(adverseEventEndpoints.update, {
        params: { studyId, aeId },
        body,
        headers: extendedValidationHeaders(password),
      }),
    onSuccess: invalidate,
  });
}

const SIGN_ENDPOINTS = {
  classification: adverseEventEndpoints.signClassification,
  followUp: adverseEventEndpoints.signFollowUp,
  initialSponsor: adverseEventEndpoints.signInitialSponsor,
  finalSponsor: adverseEventEndpoints.signFinalSponsor,
} as const satisfies Record<AeSignAction, unknown>;

/** PUT .../signClassification|signFollowUp|signInitialSponsor|signFinalSponsor (Extended-Validation header). */
export function useSignAe(studyId: string, aeId: string) {
  const invalidate = useInvalidateAes(studyId);
  return useMutation({
    mutationFn: ({ action, comment, password }: Signed<{ action: AeSignAction; comment: string | null }>) =>
      call(SIGN_ENDPOINTS[action], {
        params: { studyId, aeId },
        body: { comment },
        headers: extendedValidationHeaders(password),
      }),
    onSuccess: invalidate,
  });
}

/** POST /study/{studyId}/ae/{aeId}/amend (Extended-Validation header): a change with its reason. */
export function useAmendAe(studyId: string, aeId: string) {
  const invalidate = useInvalidateAes(studyId);
  return useMutation({
    mutationFn: ({ body, password }: Signed<{ body: AmendAeRequest }>) =>
      call(adverseEventEndpoints.amend, {
        params: { studyId, aeId },
        body,
        headers: extendedValidationHeaders(password),
      }),
    onSuccess: invalidate,
  });
}

/** PUT /studies/{studyId}/aes/{aeId}/verification/{verificationType}. */
export function useVerifyAe(studyId: string, aeId: string) {
  const invalidate = useInvalidateAes(studyId);
  return useMutation({
    mutationFn: ({ round, verified }: { round: VerificationRound; verified: boolean }) =>
      call(adverseEventEndpoints.verify, {
        params: { studyId, aeId, verificationType: round },
        body: { verified },
      }),
    onSuccess: invalidate,
  });
}

/** GET /studies/{studyId}/aeSettings: safety contacts and sponsor involvement. */
export function useAeSettings(studyId: string, gate?: QueryGate) {
  return useQuery({
    queryKey: aeKeys.settings(studyId),
    queryFn: ({ signal }) => call(adverseEventEndpoints.settings, { params: { studyId }, signal }),
    ...gatedQueryOptions(gate, studyId !== ''),
  });
}

/** PUT /studies/{studyId}/aeSettings. */
export function useUpdateAeSettings(studyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AeStudySettings) =>
      call(adverseEventEndpoints.updateSettings, { params: { studyId }, body }),
    onSuccess: (data) => queryClient.setQueryData(aeKeys.settings(studyId), data),
  });
}
