import { type EndpointDefinition, endpoints } from '@trialbase/domain';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { changedTables, rowChecksum } from './row-checksum';
import { type ArbitraryOptions, arbitraryOf, jsonSchemaOf } from './schema-arbitrary';

// Issue 17 item 6(b): schema-driven fuzzing of every route. Each endpoint's params, query and
// body are drawn from its own zod schemas (schema-arbitrary.ts), seeded and bounded; every
// answer must be below 500, and a refused state-changing request must leave every row as it was.

export type FuzzOptions = {
  seed: number;
  /** Requests per route. */
  perRoute: number;
  /** Headers of the caller (a signed-in session); public routes get them too. */
  headers: Record<string, string>;
  /** Ids of existing records, offered where a schema wants an id. */
  ids: readonly string[];
  /** Endpoints left out, with the reason, e.g. the caller's own logout. */
  skip?: ReadonlySet<string>;
  /** Called now and then, e.g. to sign the caller in again. */
  every50?: () => Promise<void>;
};

export type FuzzResult = {
  sent: number;
  checkedWrites: number;
  serverErrors: string[];
  partialWrites: string[];
  byStatus: Record<string, number>;
};

type Sampled = { params: Record<string, unknown>; query: Record<string, unknown> | null; body: unknown };

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every endpoint of the domain's table, as `METHOD path` with its definition. */
export function allEndpoints(): { key: string; endpoint: EndpointDefinition }[] {
  return Object.values(endpoints)
    .flatMap((group) => Object.values(group as Record<string, EndpointDefinition>))
    .map((endpoint) => ({ key: `${endpoint.method} ${endpoint.path}`, endpoint }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

function objectArbitrary(schema: EndpointDefinition['params'], options: ArbitraryOptions) {
  if (!schema) return fc.constant(null);
  return arbitraryOf(jsonSchemaOf(schema), options);
}

/** `perRoute` seeded inputs for one endpoint. */
export function sampleInputs(
  endpoint: EndpointDefinition,
  options: ArbitraryOptions,
  seed: number,
  count: number,
) {
  const arbitrary = fc.record({
    params: endpoint.params ? objectArbitrary(endpoint.params, options) : fc.constant({}),
    query: objectArbitrary(endpoint.query, options),
    body: endpoint.body ? objectArbitrary(endpoint.body, options) : fc.constant(undefined),
  });
  return fc.sample(arbitrary, { seed, numRuns: count }) as Sampled[];
}

function segment(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? '');
  return encodeURIComponent(text === '' ? '-' : text);
}

/** The request a sampled input makes: path filled, query encoded, body as JSON. */
export function requestOf(
  endpoint: EndpointDefinition,
  input: Sampled,
  headers: Record<string, string>,
): InjectOptions {
  const params = (input.params && typeof input.params === 'object' ? input.params : {}) as Record<
    string,
    unknown
  >;
  const url = endpoint.path.replace(/:(\w+)/g, (_m, name: string) => segment(params[name] ?? 'x'));
  const search = new URLSearchParams();
  if (input.query && typeof input.query === 'object' && !Array.isArray(input.query)) {
    for (const [key, value] of Object.entries(input.query)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
      else search.append(key, typeof value === 'string' ? value : JSON.stringify(value));
    }
  }
  const query = search.toString();
  const options: InjectOptions = {
    method: endpoint.method,
    url: query ? `${url}?${query}` : url,
    headers,
  };
  if (STATE_CHANGING.has(endpoint.method) && endpoint.method !== 'DELETE') {
    options.payload = (input.body ?? {}) as InjectOptions['payload'];
  }
  return options;
}

/** Small stable hash of a route key, so each route has its own seed from the run's seed. */
function hashOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return hash;
}

/** Fuzzes every endpoint `perRoute` times; see the file comment for what is required. */
export async function fuzzRoutes(app: FastifyInstance, options: FuzzOptions): Promise<FuzzResult> {
  const result: FuzzResult = { sent: 0, checkedWrites: 0, serverErrors: [], partialWrites: [], byStatus: {} };
  // The rows as they are now; null after a success (which may write) until the next check needs it.
  let baseline: Record<string, string> | null = null;
  for (const { key, endpoint } of allEndpoints()) {
    if (options.skip?.has(key)) continue;
    const inputs = sampleInputs(endpoint, { ids: options.ids }, options.seed + hashOf(key), options.perRoute);
    for (const input of inputs) {
      const request = requestOf(endpoint, input, options.headers);
      const checks = STATE_CHANGING.has(endpoint.method);
      if (checks) baseline ??= await rowChecksum(app);
      const res = await app.inject(request);
      result.sent += 1;
      const bucket = `${Math.floor(res.statusCode / 100)}xx`;
      result.byStatus[bucket] = (result.byStatus[bucket] ?? 0) + 1;
      const where = `${request.method} ${String(request.url).slice(0, 160)} -> ${res.statusCode}`;
      if (res.statusCode >= 500) result.serverErrors.push(`${where} ${res.body.slice(0, 160)}`);
      if (res.statusCode < 400) {
        baseline = null;
      } else if (checks && baseline) {
        // Refused requests in between (GETs included) changed nothing, or the check says so here.
        result.checkedWrites += 1;
        const after = await rowChecksum(app);
        const changed = changedTables(baseline, after);
        if (changed.length > 0) result.partialWrites.push(`${where}: changed ${changed.join(', ')}`);
        baseline = after;
      }
      if (result.sent % 50 === 0) await options.every50?.();
    }
  }
  return result;
}
