import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isHttpError } from './http';
import { handleHttpError, type RequestMeta } from './http-error-handler';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isHttpError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** Spec 000 §9: default cache expiry 10 minutes. Every failure goes through handleHttpError. */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => handleHttpError(error, queryClient, query.meta),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => handleHttpError(error, queryClient, mutation.meta),
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, gcTime: 10 * 60_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
