import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accessEndpoints, type InviteAccess, type UpdateAccess } from '@trialbase/domain';
import { MY_ACCESS_QUERY_KEY } from '../../app/abilities';
import { call } from '../../app/http';

export const accessKeys = {
  list: (studyId: string) => ['study-access', studyId] as const,
};

/** Issue 4: who may work in the study (invited and active). */
export function useStudyAccess(studyId: string) {
  return useQuery({
    queryKey: accessKeys.list(studyId),
    queryFn: ({ signal }) => call(accessEndpoints.list, { params: { studyId }, signal }),
  });
}

function useAfterChange(studyId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: accessKeys.list(studyId) }),
      // The caller may have changed their own access: refresh the side menu at once.
      queryClient.invalidateQueries({ queryKey: MY_ACCESS_QUERY_KEY }),
    ]);
}

/** Issue 4: invites an email with a role, study-wide or for sites. */
export function useInviteAccess(studyId: string) {
  const afterChange = useAfterChange(studyId);
  return useMutation({
    mutationFn: (body: InviteAccess) => call(accessEndpoints.invite, { params: { studyId }, body }),
    meta: { localErrors: true },
    onSuccess: afterChange,
  });
}

/** Issue 4: changes the role or the sites of an access. */
export function useUpdateAccess(studyId: string) {
  const afterChange = useAfterChange(studyId);
  return useMutation({
    mutationFn: ({ accessId, body }: { accessId: string; body: UpdateAccess }) =>
      call(accessEndpoints.update, { params: { studyId, accessId }, body }),
    meta: { localErrors: true },
    onSuccess: afterChange,
  });
}

/** Issue 4: revokes an access; it stops at the user's next request. */
export function useRevokeAccess(studyId: string) {
  const afterChange = useAfterChange(studyId);
  return useMutation({
    mutationFn: (accessId: string) => call(accessEndpoints.revoke, { params: { studyId, accessId } }),
    meta: { localErrors: true },
    onSuccess: afterChange,
  });
}
