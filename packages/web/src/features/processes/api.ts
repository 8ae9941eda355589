import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formEndpoints,
  type ProcessDetail,
  type ProcessSummary,
  type ProcessWrite,
  processEndpoints,
} from '@trialbase/domain';
import { call } from '../../app/http';
import { gatedQueryOptions, type QueryGate } from '../../app/query-gate';
import { formKeys } from '../forms/api';

export type { ProcessDetail, ProcessSummary };

export const processKeys = {
  all: (studyId: string) => ['processes', studyId] as const,
  list: (studyId: string) => ['processes', studyId, 'list'] as const,
  detail: (studyId: string, id: string) => ['processes', studyId, 'detail', id] as const,
};

/** GET /studies/{studyId}/pathway (spec 001 §7): the study's processes. */
export function useProcessList(studyId: string, gate?: QueryGate) {
  return useQuery({
    queryKey: processKeys.list(studyId),
    queryFn: ({ signal }) => call(processEndpoints.list, { params: { studyId }, signal }),
    ...gatedQueryOptions(gate),
  });
}

/**
 * The study's forms, to name the forms a process uses (GET questionnairetemplate, the forms
 * area's list under the same cache entry), gated because a process reader may lack the form list.
 */
export function useProcessForms(studyId: string, gate?: QueryGate) {
  return useQuery({
    queryKey: formKeys.list(studyId),
    queryFn: ({ signal }) =>
      call(formEndpoints.list, { params: { studyId }, query: { withVersions: 'true' }, signal }),
    ...gatedQueryOptions(gate),
  });
}

/** GET /studies/{studyId}/pathway/{id}: the process with its locks (spec 001 §4). */
export function useProcess(studyId: string, id: string | undefined) {
  return useQuery({
    queryKey: processKeys.detail(studyId, id ?? 'new'),
    queryFn: ({ signal }) => call(processEndpoints.get, { params: { studyId, id: id ?? '' }, signal }),
    enabled: id !== undefined,
  });
}

/** GET /studies/{studyId}/pathway/{id} once, outside the cache (the editor's "load their version"). */
export function fetchProcess(studyId: string, id: string) {
  return call(processEndpoints.get, { params: { studyId, id } });
}

/** POST /studies/{studyId}/pathway when new, PUT /studies/{studyId}/pathway/{id} otherwise. */
export function useSaveProcess(studyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | undefined; body: ProcessWrite }) =>
      id
        ? call(processEndpoints.update, { params: { studyId, id }, body })
        : call(processEndpoints.create, { params: { studyId }, body }),
    meta: { localErrors: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(processKeys.detail(studyId, saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: processKeys.list(studyId) });
    },
  });
}

function useProcessAction(studyId: string, action: (id: string) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    meta: { localErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: processKeys.all(studyId) }),
  });
}

/** DELETE /studies/{studyId}/pathway/{id}. */
export function useDeleteProcess(studyId: string) {
  return useProcessAction(studyId, (id) => call(processEndpoints.delete, { params: { studyId, id } }));
}

/** POST /studies/{studyId}/pathway/{id}/duplicate. */
export function useDuplicateProcess(studyId: string) {
  return useProcessAction(studyId, (id) => call(processEndpoints.duplicate, { params: { studyId, id } }));
}
