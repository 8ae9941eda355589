import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  buildPath,
  type RandomizationSaveBody,
  type RandomizationView,
  randomizationEndpoints,
  type SimulationRequest,
} from '@trialbase/domain';
import { downloadFile } from '../../app/download';
import { extendedValidationHeaders } from '../../app/extended-validation';
import { call } from '../../app/http';
import { gatedQueryOptions, type QueryGate } from '../../app/query-gate';
import { processKeys } from '../processes/api';
import { subjectKeys } from '../subjects/api';

export const randomizationKeys = {
  all: (studyId: string) => ['randomization', studyId] as const,
  process: (studyId: string, processId: string) => ['randomization', studyId, 'process', processId] as const,
  balance: (studyId: string, processId: string) => ['randomization', studyId, 'balance', processId] as const,
  enrollment: (studyId: string, enrollmentId: string) =>
    ['randomization', studyId, 'enrollment', enrollmentId] as const,
};

/** GET .../pathway/{processId}/randomization: the configuration, its locks and what is sealed. */
export function useRandomization(studyId: string, processId: string | undefined, gate?: QueryGate) {
  return useQuery({
    queryKey: randomizationKeys.process(studyId, processId ?? 'none'),
    queryFn: ({ signal }) =>
      call(randomizationEndpoints.get, { params: { studyId, processId: processId ?? '' }, signal }),
    ...gatedQueryOptions(gate, processId !== undefined),
  });
}

function useProcessMutation<T>(
  studyId: string,
  processId: string,
  fn: (body: T) => Promise<RandomizationView>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { localErrors: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(randomizationKeys.process(studyId, processId), saved);
      void queryClient.invalidateQueries({ queryKey: processKeys.detail(studyId, processId) });
      void queryClient.invalidateQueries({ queryKey: processKeys.list(studyId) });
    },
  });
}

/** PUT .../pathway/{processId}/randomization: the configuration with the revision it started from. */
export function useSaveRandomization(studyId: string, processId: string) {
  return useProcessMutation(studyId, processId, (body: RandomizationSaveBody) =>
    call(randomizationEndpoints.save, { params: { studyId, processId }, body }),
  );
}

/** POST .../randomization/list: an uploaded allocation list (CSV: sequence, stratum, group). */
export function useUploadList(studyId: string, processId: string) {
  return useProcessMutation(studyId, processId, (csv: string) =>
    call(randomizationEndpoints.uploadList, { params: { studyId, processId }, body: { csv } }),
  );
}

/** POST .../randomization/simulate: the simulator on the editor's configuration. */
export function useSimulate(studyId: string, processId: string) {
  return useMutation({
    mutationFn: (body: SimulationRequest) =>
      call(randomizationEndpoints.simulate, { params: { studyId, processId }, body }),
    meta: { localErrors: true },
  });
}

/** GET .../randomization/balance (TRIAL_GROUP_VIEW): allocations per group overall, per stratum, per level. */
export function useBalance(studyId: string, processId: string, gate?: QueryGate) {
  return useQuery({
    queryKey: randomizationKeys.balance(studyId, processId),
    queryFn: ({ signal }) => call(randomizationEndpoints.balance, { params: { studyId, processId }, signal }),
    ...gatedQueryOptions(gate),
  });
}

/**
 * GET .../randomization/list/export (ADMIN, audited): the allocation list as a CSV download. A fetch
 * rather than a link, so a refusal shows as an error instead of a page.
 */
export async function downloadAllocationList(studyId: string, processId: string): Promise<void> {
  await downloadFile(buildPath(randomizationEndpoints.exportList, { studyId, processId }), {
    accept: 'text/csv',
    fallbackName: `randomization-${processId}.csv`,
  });
}

/** GET .../enrollments/{enrollmentId}/randomization: the allocation (group only to those who may see it). */
export function useEnrollmentRandomization(studyId: string, enrollmentId: string, isEnabled = true) {
  return useQuery({
    queryKey: randomizationKeys.enrollment(studyId, enrollmentId),
    queryFn: ({ signal }) =>
      call(randomizationEndpoints.ofEnrollment, { params: { studyId, enrollmentId }, signal }),
    enabled: isEnabled,
  });
}

function useEnrollmentMutation<T, R>(studyId: string, subjectId: string, fn: (vars: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { localErrors: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: randomizationKeys.all(studyId) });
      // the subject's trialGroup attribute and its records change with an allocation
      void queryClient.invalidateQueries({ queryKey: subjectKeys.all(studyId) });
      void queryClient.invalidateQueries({ queryKey: subjectKeys.enrollments(studyId, subjectId) });
    },
  });
}

/** POST .../tokens/{tokenId}/startRandomizationDataEvent, signed with the password (spec 001 §7). */
export function useRandomize(studyId: string, subjectId: string) {
  return useEnrollmentMutation(
    studyId,
    subjectId,
    (vars: { enrollmentId: string; tokenId: string; password: string }) =>
      call(randomizationEndpoints.startRandomizationDataEvent, {
        params: { studyId, enrollmentId: vars.enrollmentId, tokenId: vars.tokenId },
        headers: extendedValidationHeaders(vars.password),
      }),
  );
}

/** POST .../enrollments/{enrollmentId}/breakBlind with the reason, signed with the password (spec 001 §7). */
export function useBreakBlind(studyId: string, subjectId: string) {
  return useEnrollmentMutation(
    studyId,
    subjectId,
    (vars: { enrollmentId: string; reason: string; password: string }) =>
      call(randomizationEndpoints.breakBlind, {
        params: { studyId, enrollmentId: vars.enrollmentId },
        body: { reason: vars.reason },
        headers: extendedValidationHeaders(vars.password),
      }),
  );
}
