import { useQuery } from '@tanstack/react-query';
import { type SystemInfo, systemEndpoints } from '@trialbase/domain';
import { call } from './http';
import { SYSTEM_INFO_QUERY_KEY } from './query-keys';

/** Spec 000 §9: app status is cached 30 s; while in maintenance it is polled to come back. */
export function useSystemInfo() {
  return useQuery<SystemInfo>({
    queryKey: SYSTEM_INFO_QUERY_KEY,
    queryFn: ({ signal }) => call(systemEndpoints.info, { signal }),
    staleTime: 30_000,
    // Every page waits for this answer: do not keep the user waiting on retries.
    retry: false,
    refetchOnWindowFocus: true,
    refetchInterval: (query) => (query.state.data?.maintenanceMode ? 30_000 : false),
    meta: { localErrors: true },
  });
}
