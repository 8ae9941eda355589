// Which database engine runs the full API suite and which the parity suite (issue 15 item 2).
// Shared by vitest.config.ts and scripts/test.mjs, so the run and its summary agree.

/** The test tags that put a test in the parity suite: what may behave differently per engine. */
export const PARITY_TAGS = [
  { name: 'routes', description: 'calls every /api route (the authorization sweep, the endpoint list)' },
  {
    name: 'locking',
    description: 'row locks (FOR UPDATE / FOR SHARE, SKIP LOCKED) and the conflicts they guard',
  },
  { name: 'concurrency', description: 'requests or jobs racing each other over the same rows' },
  {
    name: 'transactions',
    description: 'a refused or failed use case writes nothing; its audit event commits with it',
  },
  { name: 'json', description: 'queries over jsonb columns (->>, @>, jsonb_set)' },
  { name: 'search', description: 'text search and matching (ILIKE, lower(), patterns)' },
  { name: 'engine', description: 'migrations, persistence across restarts, the job queue' },
];

/** The vitest tags filter of the parity suite: any one of the parity tags. */
export const PARITY_FILTER = PARITY_TAGS.map((tag) => tag.name).join(' || ');

/**
 * The engines to test and what each runs. TRIALBASE_TEST_ENGINES lists the engines (default both);
 * with one, it runs the full suite. With both, TRIALBASE_TEST_FULL_ENGINE picks the one that runs
 * everything (`postgres`, `pglite`, or `both` for everything twice); unset, it alternates by UTC
 * day (even day numbers PostgreSQL, odd PGlite), so over two days every test meets both engines.
 */
export function apiSuitePlan(env = process.env, now = new Date()) {
  const engines = (env.TRIALBASE_TEST_ENGINES ?? 'pglite,postgres')
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e === 'pglite' || e === 'postgres');
  if (engines.length === 0) throw new Error('TRIALBASE_TEST_ENGINES names no engine (pglite, postgres)');
  if (engines.length === 1) return { full: engines, parity: [] };
  const chosen = env.TRIALBASE_TEST_FULL_ENGINE;
  if (chosen === 'both') return { full: engines, parity: [] };
  let full = chosen;
  if (full !== 'pglite' && full !== 'postgres') {
    const day = Math.floor(now.getTime() / 86_400_000);
    full = day % 2 === 0 ? 'postgres' : 'pglite';
  }
  return { full: [full], parity: engines.filter((e) => e !== full) };
}
