import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FormListSchema,
  type ProcessDetail,
  ProcessDetailSchema,
  type ProcessSummary,
  ProcessSummarySchema,
  type ProcessWrite,
} from '@trialbase/domain';
import { z } from 'zod';
import { apiRequest, withQuery } from '../../app/http';
import { gatedQueryOptions, type QueryGate } from '../../app/query-gate';
import { formKeys } from '../forms/api';

export type { ProcessDetail, ProcessSummary };

export const processKeys = {
  all: (studyId: string) => ['processes', studyId] as const,
  list: (studyId: string) => ['processes', studyId, 'list'] as const,
  detail: (studyId: string, id: string) => ['processes', studyId, 'detail', id] as const,
};

const base = (studyId: string) => `/api/studies/${studyId}/pathway`;
const ProcessListSchema = z.array(ProcessSummarySchema);

/** GET /studies/{studyId}/pathway (spec 001 §7): the study's processes. */
export function useProcessList(studyId: string, gate?: QueryGate) {
  return useQuery({
    queryKey: processKeys.list(studyId),
    queryFn: ({ signal }) => apiRequest(base(studyId), { schema: ProcessListSchema, signal }),
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
      apiRequest(withQuery(`/api/studies/${studyId}/questionnairetemplate`, { withVersions: 'true' }), {
        schema: FormListSchema,
        signal,
      }),
    ...gatedQueryOptions(gate),
  });
}

/** GET /studies/{studyId}/pathway/{id}: the process with its locks (spec 001 §4). */
export function useProcess(studyId: string, id: string | undefined) {
  return useQuery({
    queryKey: processKeys.detail(studyId, id ?? 'new'),
    queryFn: ({ signal }) => apiRequest(`${base(studyId)}/${id}`, { schema: ProcessDetailSchema, signal }),
    enabled: id !== undefined,
  });
}

/** GET /studies/{studyId}/pathway/{id} once, outside the cache (the editor's "load their version"). */
export function fetchProcess(studyId: string, id: string) {
  return apiRequest(`${base(studyId)}/${id}`, { schema: ProcessDetailSchema });
}

/** POST /studies/{studyId}/pathway when new, PUT /studies/{studyId}/pathway/{id} otherwise. */
export function useSaveProcess(studyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | undefined; body: ProcessWrite }) =>
      apiRequest(id ? `${base(studyId)}/${id}` : base(studyId), {
        method: id ? 'PUT' : 'POST',
        body,
        schema: ProcessDetailSchema,
      }),
    meta: { localErrors: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(processKeys.detail(studyId, saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: processKeys.list(studyId) });
    },
  });
}

function useProcessAction(studyId: string, call: (id: string) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: { localErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: processKeys.all(studyId) }),
  });
}

/** DELETE /studies/{studyId}/pathway/{id}. */
export function useDeleteProcess(studyId: string) {
  return useProcessAction(studyId, (id) => apiRequest(`${base(studyId)}/${id}`, { method: 'DELETE' }));
}

/** POST /studies/{studyId}/pathway/{id}/duplicate. */
export function useDuplicateProcess(studyId: string) {
  return useProcessAction(studyId, (id) =>
    apiRequest(`${base(studyId)}/${id}/duplicate`, { method: 'POST', body: {} }),
  );
}
