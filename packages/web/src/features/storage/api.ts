import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { storageEndpoints } from '@trialbase/domain';
import { call } from '../../app/http';

export const storageKeys = {
  list: (studyId: string) => ['storage', studyId] as const,
};

/** GET /api/study/{studyId}/storage (spec 001 §7): the removed items, newest first. */
export function useStorage(studyId: string) {
  return useQuery({
    queryKey: storageKeys.list(studyId),
    queryFn: ({ signal }) => call(storageEndpoints.list, { params: { studyId }, signal }),
    staleTime: 0,
  });
}

/** PUT /api/study/{studyId}/{type}/{id}/isRemoved: restores an item, with a reason. */
export function useRestoreItem(studyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { type: string; id: string; reason: string }) =>
      call(storageEndpoints.restore, {
        params: { studyId, type: input.type, id: input.id },
        body: { reason: input.reason },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['storage', studyId] }),
  });
}
