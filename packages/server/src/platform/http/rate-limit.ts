import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { blockedUntil, recordFailure, type ThrottlePolicy } from '../auth/throttle';
import type { Executor } from '../db/client';
import { AppError } from '../errors';

/**
 * One rate limit of a route (issue 8 item 5; declared on the route, issue 14 item 3), kept in
 * the throttle store (platform/auth/throttle.ts). `key` names what is limited for this request
 * (the client address, a link, an email; null: nothing to limit); `policy` how many uses in
 * which window block it for how long; `counts` which uses count: every `attempt`, only a
 * `failure` (the request fails with an error marked by `countedAs(name, …)`), or `never` (the
 * limit is only checked, others count it).
 */
export type RateLimit = {
  name: string;
  key: (req: FastifyRequest) => string | null;
  policy: ThrottlePolicy;
  counts: 'attempt' | 'failure' | 'never';
  /**
   * The limit guards the route's own preHandler (the participant link look-up): checked before
   * it. Other limits are checked after it, so their keys may use what it found.
   */
  beforePreHandler?: true;
};

/** What the limit hooks need: the throttle store and the clock services use. */
export type RateLimitDeps = { db: Executor; clock: () => Date };

const countedFailures = new WeakMap<object, string>();

/** Marks an error as a failure that counts against the route's limits called `name`. */
export function countedAs<E extends Error>(name: string, error: E): E {
  countedFailures.set(error, name);
  return error;
}

/** The limit's key under the client address: `<prefix>:ip:<address>`. */
export function byIp(prefix: string): (req: FastifyRequest) => string {
  return (req) => `${prefix}:ip:${req.ip}`;
}

function keysOf(req: FastifyRequest, limits: RateLimit[]): [string, ThrottlePolicy][] {
  const keys: [string, ThrottlePolicy][] = [];
  for (const limit of limits) {
    const key = limit.key(req);
    if (key !== null) keys.push([key, limit.policy]);
  }
  return keys;
}

/**
 * The hooks a route's limits add around its own preHandlers. The checks, the counting of
 * attempts and of failures are here only: issue 17 (reserve, then check, atomically) changes
 * `check` and `count` and nothing on the routes.
 */
export function rateLimitHooks(deps: RateLimitDeps, limits: RateLimit[]) {
  /** 429 while any key is blocked (in the declared order). */
  async function check(req: FastifyRequest, which: RateLimit[]): Promise<void> {
    const now = deps.clock();
    for (const [key] of keysOf(req, which)) {
      const until = await blockedUntil(deps.db, key, now);
      if (until) {
        throw new AppError('RATE_LIMITED', 'Too many attempts. Please try again later.', {
          context: { retryAfter: Math.ceil((until.getTime() - now.getTime()) / 1000) },
        });
      }
    }
  }

  async function count(req: FastifyRequest, which: RateLimit[]): Promise<void> {
    const now = deps.clock();
    for (const [key, policy] of keysOf(req, which)) await recordFailure(deps.db, key, now, policy);
  }

  const first = limits.filter((limit) => limit.beforePreHandler);
  const later = limits.filter((limit) => !limit.beforePreHandler);
  const attempts = limits.filter((limit) => limit.counts === 'attempt');
  const before: preHandlerAsyncHookHandler = async (req) => check(req, first);
  const after: preHandlerAsyncHookHandler = async (req) => {
    await check(req, later);
    // Every attempt counts once the checks pass, before the handler runs (a script signing up).
    await count(req, attempts);
  };
  // Failures are counted outside the failing use case, so they count though it rolls back.
  const onError = async (req: FastifyRequest, _reply: FastifyReply, error: Error): Promise<void> => {
    const name = countedFailures.get(error);
    if (name === undefined) return;
    await count(
      req,
      limits.filter((limit) => limit.counts === 'failure' && limit.name === name),
    );
  };
  return { before, after, onError };
}
