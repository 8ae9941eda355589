import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { forgetSession } from './auth-state';
import { isHttpError } from './http';
import { currentPath, loginPathFor, navigateTo } from './navigation';
import { showErrorToast } from './notify';
import { SESSION_QUERY_KEY, SHELL_QUERY_ROOTS } from './query-keys';
import { isExemptFrom401, isExemptFrom404 } from './url-rules';

export type HttpReaction =
  | 'network-toast'
  | 'login'
  | 'forbidden'
  | 'forbidden-in-place'
  | 'not-found'
  | 'server-toast'
  | 'none';

/**
 * Meta a query or mutation can carry: `localErrors` means the screen shows its own errors;
 * `secondary` means the page can live without this call (a filter's options, a side panel),
 * so a 403 on it is shown in place and does not send the user out of the study.
 */
export type RequestMeta = { localErrors?: boolean; secondary?: boolean };

/**
 * Spec 000 §8 and 002 §8: what the app does with a failed call. A 401 that reaches this
 * point had no session to renew (or the user gave up re-authenticating). A 403 on the page's
 * own (primary) call bounces to the study list as 000 §8 says; on a secondary call it stays
 * on the page, which shows `ForbiddenInPlace` where that part would be (issue 12).
 */
export function classifyHttpError(
  status: number,
  apiUrl: string,
  pagePath: string,
  meta?: RequestMeta,
): HttpReaction {
  if (status <= 0) return 'network-toast';
  if (status === 401) return isExemptFrom401(apiUrl, pagePath) ? 'none' : 'login';
  if (status === 403) return meta?.secondary ? 'forbidden-in-place' : 'forbidden';
  if (status === 404) return isExemptFrom404(apiUrl, pagePath) ? 'none' : 'not-found';
  if (status >= 500) return 'server-toast';
  return 'none';
}

let lastForbiddenAt = 0;

function handleForbidden(queryClient: QueryClient): void {
  const now = Date.now();
  if (now - lastForbiddenAt < 2_000) return;
  lastForbiddenAt = now;
  showErrorToast(i18next.t('ERRORS.403'), 'http-403');
  queryClient.removeQueries({ predicate: (query) => !SHELL_QUERY_ROOTS.has(query.queryKey[0]) });
  if (window.location.pathname !== '/study') navigateTo('/study');
}

/** Called for every failed query and mutation (see query-client.ts). */
export function handleHttpError(error: unknown, queryClient: QueryClient, meta?: RequestMeta): void {
  if (!isHttpError(error)) {
    if (error instanceof Error && error.name === 'AbortError') return;
    // An answer that does not match its schema: a server/client mismatch, not the user's fault.
    showErrorToast(i18next.t('ERRORS.500'), 'http-500');
    return;
  }
  const reaction = classifyHttpError(error.status, error.url, window.location.pathname, meta);
  if (meta?.localErrors && reaction !== 'network-toast') return;
  switch (reaction) {
    case 'network-toast':
    case 'server-toast':
      showErrorToast(i18next.t('ERRORS.500'), 'http-500');
      return;
    case 'login':
      forgetSession();
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
      if (!window.location.pathname.startsWith('/authentication')) navigateTo(loginPathFor(currentPath()));
      return;
    case 'forbidden':
      handleForbidden(queryClient);
      return;
    case 'forbidden-in-place':
      return;
    case 'not-found':
      navigateTo('/404', { replace: true });
      return;
    case 'none':
      return;
  }
}

/** A refused call (403): a secondary query's component shows `ForbiddenInPlace` for it. */
export function isForbiddenError(error: unknown): boolean {
  return isHttpError(error) && error.status === 403;
}
