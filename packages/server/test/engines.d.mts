// Types of test/engines.mjs (plain JavaScript so scripts/test.mjs can import it without a build).
export type ApiEngine = 'pglite' | 'postgres';
export declare const PARITY_TAGS: { name: string; description: string }[];
export declare const PARITY_FILTER: string;
export declare function apiSuitePlan(
  env?: Record<string, string | undefined>,
  now?: Date,
): { full: ApiEngine[]; parity: ApiEngine[] };
