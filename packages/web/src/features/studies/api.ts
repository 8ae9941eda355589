import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AmendmentFormVersionChoice,
  type CreateStudyRequest,
  formEndpoints,
  type ParticipantSettings,
  type PlanModuleCode,
  type StudyListQuery,
  studyEndpoints,
  type UpdateStudyRequest,
} from '@trialbase/domain';
import { extendedValidationHeaders } from '../../app/extended-validation';
import { call } from '../../app/http';
import { gatedQueryOptions, type QueryGate } from '../../app/query-gate';

export const studyKeys = {
  all: ['studies'] as const,
  list: (query: StudyListQuery) => ['studies', 'list', query] as const,
  detail: (id: string) => ['studies', 'detail', id] as const,
  overview: (id: string) => ['studies', 'overview', id] as const,
  amendment: (id: string) => ['studies', 'amendment', id] as const,
  subscription: (id: string) => ['studies', 'subscription', id] as const,
  participantSettings: (id: string) => ['studies', 'participantSettings', id] as const,
  images: (id: string) => ['studies', 'images', id] as const,
};

/** The header of a state-changing call that may carry the signer's password (spec 000 §6 extended validation). */
const signed = (password: string | null) => extendedValidationHeaders(password ?? undefined);

export function useStudies(query: StudyListQuery) {
  return useQuery({
    queryKey: studyKeys.list(query),
    queryFn: ({ signal }) =>
      call(studyEndpoints.list, { query: { q: query.q || undefined, status: query.status }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /study/{id}: the study with its modules and the caller's abilities (STUDY_VIEW). */
export function useStudy(id: string, gate?: QueryGate) {
  return useQuery({
    queryKey: studyKeys.detail(id),
    queryFn: ({ signal }) => call(studyEndpoints.get, { params: { id }, signal }),
    ...gatedQueryOptions(gate, id !== ''),
  });
}

export function useStudyOverview(id: string) {
  return useQuery({
    queryKey: studyKeys.overview(id),
    queryFn: ({ signal }) => call(studyEndpoints.overview, { params: { id }, signal }),
  });
}

export function useStudySubscription(id: string) {
  return useQuery({
    queryKey: studyKeys.subscription(id),
    queryFn: ({ signal }) => call(studyEndpoints.plan, { params: { id }, signal }),
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
    mutationFn: (body: CreateStudyRequest) => call(studyEndpoints.create, { body }),
    meta: { localErrors: true },
    onSuccess: () => invalidate(),
  });
}

export function useUpdateStudy(id: string) {
  const invalidate = useInvalidateStudies();
  return useMutation({
    mutationFn: ({ changes, password }: { changes: UpdateStudyRequest; password: string | null }) =>
      call(studyEndpoints.update, { params: { id }, body: changes, headers: signed(password) }),
    meta: { localErrors: true },
    onSuccess: () => invalidate(),
  });
}

/** Spec 001 §7 lifecycle calls, each the domain endpoint the spec names. */
export const STUDY_LIFECYCLE_CALLS = {
  start: studyEndpoints.start,
  stop: studyEndpoints.stop,
  test: studyEndpoints.testDrive,
  backToBuild: studyEndpoints.backToBuild,
  requestDelete: studyEndpoints.requestDelete,
  // Issue 23: these take a reason (`{ reason }`), kept with their audit event.
  lock: studyEndpoints.lock,
  unlock: studyEndpoints.unlock,
  complete: studyEndpoints.complete,
  anonymize: studyEndpoints.anonymize,
  startAmendment: studyEndpoints.startAmendment,
  startNonBlockingAmendment: studyEndpoints.startNonBlockingAmendment,
  finishAmendment: studyEndpoints.finishAmendment,
  discardAmendment: studyEndpoints.discardAmendment,
} as const;
export type StudyLifecycleCall = keyof typeof STUDY_LIFECYCLE_CALLS;

/** The lifecycle calls that ask why (issue 23): the reason goes with the step's audit event. */
export const REASONED_LIFECYCLE_CALLS: ReadonlySet<StudyLifecycleCall> = new Set([
  'lock',
  'unlock',
  'complete',
  'anonymize',
  'startAmendment',
  'startNonBlockingAmendment',
  'finishAmendment',
  'discardAmendment',
]);

export function useStudyLifecycle(id: string) {
  const invalidate = useInvalidateStudies();
  return useMutation({
    mutationFn: ({
      action,
      password,
      reason,
    }: {
      action: StudyLifecycleCall;
      password: string | null;
      reason?: string;
    }) => {
      const endpoint = STUDY_LIFECYCLE_CALLS[action];
      const headers = signed(password);
      if (REASONED_LIFECYCLE_CALLS.has(action)) {
        return call(endpoint as typeof studyEndpoints.lock, {
          params: { id },
          headers,
          body: { reason: reason ?? '' },
        });
      }
      return call(endpoint as typeof studyEndpoints.start, { params: { id }, headers });
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
      call(studyEndpoints.addons, { params: { studyId: id }, body: { modules } }),
    onSuccess: () => invalidate(),
  });
}

export function useApplyEnterpriseCode(id: string) {
  const invalidate = useInvalidateStudies();
  return useMutation({
    mutationFn: (code: string) => call(studyEndpoints.applyEnterpriseCode, { params: { id, code } }),
    meta: { localErrors: true },
    onSuccess: () => invalidate(),
  });
}

/** GET /api/study/{studyId}/participantSettings (spec 002 §3 sign-up fields, §4 gates, §2 logo). */
export function useParticipantSettings(id: string) {
  return useQuery({
    queryKey: studyKeys.participantSettings(id),
    queryFn: ({ signal }) => call(studyEndpoints.participantSettings, { params: { studyId: id }, signal }),
  });
}

/** PUT /api/study/{studyId}/participantSettings; the card maps field errors itself. */
export function useUpdateParticipantSettings(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ParticipantSettings) =>
      call(studyEndpoints.saveParticipantSettings, { params: { studyId: id }, body }),
    meta: { localErrors: true },
    onSuccess: (settings) => queryClient.setQueryData(studyKeys.participantSettings(id), settings),
  });
}

/** GET /api/studies/{studyId}/image: the study images a logo can be picked from (000 §7). */
export function useStudyImages(id: string, enabled: boolean) {
  return useQuery({
    queryKey: studyKeys.images(id),
    queryFn: ({ signal }) => call(formEndpoints.listImages, { params: { studyId: id }, signal }),
    enabled,
  });
}

/** GET /api/study/{id}/amendment (spec 001 §2 amendment summary, issue 23). */
export function useAmendmentSummary(id: string, isEnabled: boolean) {
  return useQuery({
    queryKey: studyKeys.amendment(id),
    queryFn: ({ signal }) => call(studyEndpoints.amendmentSummary, { params: { id }, signal }),
    enabled: isEnabled && id !== '',
  });
}

/** The amendment steps taken from the overview's amendment card (spec 001 §7), each with its reason. */
export const AMENDMENT_STEPS = {
  finishAmendment: studyEndpoints.finishAmendment,
  discardAmendment: studyEndpoints.discardAmendment,
  scheduleAmendment: studyEndpoints.scheduleAmendment,
  rescheduleAmendment: studyEndpoints.rescheduleAmendment,
  cancelAmendmentSchedule: studyEndpoints.cancelAmendmentSchedule,
} as const;
export type AmendmentStep = keyof typeof AMENDMENT_STEPS;

/** One amendment step; the password goes along when the study enables extended validation. */
export function useAmendmentStep(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      step,
      reason,
      scheduledTime,
      password,
    }: {
      step: AmendmentStep;
      reason: string;
      scheduledTime?: string;
      password: string | null;
    }) => {
      const headers = signed(password);
      if (step === 'scheduleAmendment' || step === 'rescheduleAmendment') {
        return call(AMENDMENT_STEPS[step] as typeof studyEndpoints.scheduleAmendment, {
          params: { id },
          headers,
          body: { reason, scheduledTime: scheduledTime ?? '' },
        });
      }
      return call(AMENDMENT_STEPS[step] as typeof studyEndpoints.finishAmendment, {
        params: { id },
        headers,
        body: { reason },
      });
    },
    meta: { localErrors: true },
    // Not awaited: finishing or discarding unmounts the card's steps once the study reloads, and the
    // caller's own onSuccess (its toast) must run first.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: studyKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['build-check', id] });
    },
  });
}

/** PUT /api/study/{id}/amendment/formVersions: the per-form version choice (issue 23). */
export function useAmendmentFormVersions(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      choices,
      reason,
      password,
    }: {
      choices: Record<string, AmendmentFormVersionChoice>;
      reason: string;
      password: string | null;
    }) =>
      call(studyEndpoints.amendmentFormVersions, {
        params: { id },
        headers: signed(password),
        body: { choices, reason },
      }),
    meta: { localErrors: true },
    onSuccess: (summary) => queryClient.setQueryData(studyKeys.amendment(id), summary),
  });
}
