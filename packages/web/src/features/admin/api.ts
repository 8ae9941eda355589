import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminEndpoints } from '@trialbase/domain';
import { call } from '../../app/http';

export const adminKeys = {
  outbox: (limit: number, offset: number) => ['admin', 'outbox', { limit, offset }] as const,
  auditVerification: ['admin', 'audit', 'verify'] as const,
};

/** The mail and SMS outbox, newest first (system administrators only). */
export function useOutbox(limit: number, offset: number) {
  return useQuery({
    queryKey: adminKeys.outbox(limit, offset),
    queryFn: ({ signal }) => call(adminEndpoints.outbox, { query: { limit, offset }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Recomputes every audit hash chain on the server (STANDARDS.md AT-*). */
export function useAuditVerification() {
  return useQuery({
    queryKey: adminKeys.auditVerification,
    queryFn: ({ signal }) => call(adminEndpoints.verifyAudit, { signal }),
    staleTime: 0,
  });
}
