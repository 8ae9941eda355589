/** Query keys the app shell relies on; they survive the cache clearing after a 403. */
export const SESSION_QUERY_KEY = ['auth', 'session'] as const;
export const SYSTEM_INFO_QUERY_KEY = ['system', 'info'] as const;

export const SHELL_QUERY_ROOTS: ReadonlySet<unknown> = new Set(['auth', 'system']);
