import { useQuery } from '@tanstack/react-query';
import { amendmentEndpoints } from '@trialbase/domain';
import { call } from '../../app/http';

export const amendmentKeys = {
  impact: (studyId: string) => ['amendments', 'impact', studyId] as const,
};

/** GET /study/{id}/amendment/impact (issue 23 item 2): read afresh whenever the page opens. */
export function useAmendmentImpact(studyId: string) {
  return useQuery({
    queryKey: amendmentKeys.impact(studyId),
    queryFn: ({ signal }) => call(amendmentEndpoints.impact, { params: { id: studyId }, signal }),
    enabled: studyId !== '',
    refetchOnMount: 'always',
    staleTime: 0,
  });
}
