import type { RequestMeta } from './http-error-handler';

/**
 * How a page asks for a supporting query (issue 12, navigation by ability): `enabled` when the
 * caller's abilities allow the call, so a page never makes a call the user may not make;
 * `secondary` when the page can live without it, so a 403 shows in place (see
 * `classifyHttpError`) instead of sending the user to the study list. The mark travels with
 * the cache entry (its last observer's options), so a page's own data is never marked secondary
 * where another screen shows the same entry at the same time.
 */
export type QueryGate = { enabled?: boolean; secondary?: boolean };

/** The `enabled` and `meta` options of a gated query; `isReady` adds the hook's own condition. */
export function gatedQueryOptions(
  gate: QueryGate | undefined,
  isReady = true,
): { enabled: boolean; meta?: RequestMeta } {
  const enabled = isReady && (gate?.enabled ?? true);
  return gate?.secondary ? { enabled, meta: { secondary: true } } : { enabled };
}
