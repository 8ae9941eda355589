/**
 * Issue 28 item 2, per-key rate limits: every call an API key makes (the /api/v1 reads and the
 * screens' own calls it writes through: create subject, enrol, submit forms) counts against the
 * key's one budget, DATA_API_LIMIT (`data-api:key:<keyId>`), whatever address it calls from. The
 * /api/v1 reads declare the limit on their routes; this hook counts every other call of a key,
 * after the guard (a refused call counts nothing) and before the handler, reserving its use in one
 * statement so a concurrent burst gets exactly the limit through and the rest 429 RATE_LIMITED with
 * Retry-After. The incremental feed keeps its own per-key budget (FEED_READ_LIMIT).
 */
import { dataApiEndpoints, feedEndpoints } from '@trialbase/domain';
import type { FastifyInstance } from 'fastify';
import { type RateLimit, type RateLimitDeps, rateLimitHooks } from '../../platform/http/rate-limit';
import { DATA_API_LIMIT } from './routes';

/** Routes that declare their own per-key limit: not counted twice. */
const OWN_LIMIT_PATHS: ReadonlySet<string> = new Set([
  ...Object.values(dataApiEndpoints).map((endpoint) => endpoint.path),
  feedEndpoints.read.path,
]);

/** The key's other calls, in the same budget as its reads. */
export const API_KEY_CALL_LIMIT: RateLimit = {
  ...DATA_API_LIMIT,
  name: 'data-api-key-calls',
  key: (req) => {
    if (!req.apiKey) return null;
    if (OWN_LIMIT_PATHS.has(req.routeOptions.url ?? '')) return null;
    return `data-api:key:${req.apiKey.keyId}`;
  },
};

/** Adds the per-key limit to every route (a request without an API key is not counted). */
export function registerApiKeyCallLimit(app: FastifyInstance, deps: RateLimitDeps): void {
  const hooks = rateLimitHooks(deps, [API_KEY_CALL_LIMIT]);
  app.addHook('preHandler', hooks.after);
}
