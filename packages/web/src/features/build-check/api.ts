import { useQuery } from '@tanstack/react-query';
import { buildCheckEndpoints } from '@trialbase/domain';
import { call } from '../../app/http';

export const buildCheckKeys = {
  report: (studyId: string) => ['build-check', studyId] as const,
};

/** GET /study/{studyId}/buildCheck (issue 23 item 3): run afresh whenever a screen shows it. */
export function useBuildCheck(studyId: string, isEnabled = true) {
  return useQuery({
    queryKey: buildCheckKeys.report(studyId),
    queryFn: ({ signal }) => call(buildCheckEndpoints.get, { params: { studyId }, signal }),
    enabled: isEnabled && studyId !== '',
    refetchOnMount: 'always',
    staleTime: 0,
  });
}
