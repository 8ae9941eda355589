import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authEndpoints, type LoginRequest, type Session } from '@trialbase/domain';
import { forgetSession, rememberSession } from '../../app/auth-state';
import { call, isHttpError } from '../../app/http';
import { SESSION_QUERY_KEY, SHELL_QUERY_ROOTS } from '../../app/query-keys';

/** The current session, or null when nobody is signed in (401). */
async function fetchSession(signal: AbortSignal): Promise<Session | null> {
  try {
    const session = await call(authEndpoints.session, { signal });
    rememberSession(session);
    return session;
  } catch (error) {
    if (isHttpError(error) && error.status === 401) {
      forgetSession();
      return null;
    }
    throw error;
  }
}

export function useSession() {
  return useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: 5 * 60_000,
    retry: false,
    meta: { localErrors: true },
  });
}

export function login(credentials: LoginRequest): Promise<Session> {
  return call(authEndpoints.login, { body: credentials });
}

/** Staff login (spec 000 §2 authentication.login); the screen shows 400/401/423 itself. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    meta: { localErrors: true },
    onSuccess: (session) => {
      rememberSession(session);
      // Nothing cached for a previous user may show to this one.
      queryClient.removeQueries({ predicate: (query) => !SHELL_QUERY_ROOTS.has(query.queryKey[0]) });
      queryClient.setQueryData(SESSION_QUERY_KEY, session);
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(authEndpoints.logout),
    meta: { localErrors: true },
    onSettled: () => {
      forgetSession();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'system' });
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
    },
  });
}
