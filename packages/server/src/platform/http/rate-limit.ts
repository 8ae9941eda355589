import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import {
  blockedUntil,
  type Reservation,
  release,
  reserve,
  reserveRefusedUntil,
  type ThrottlePolicy,
  type ThrottleRead,
  type ThrottleReadRequest,
  throttleReadRequest,
} from '../auth/throttle';
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
  /**
   * For a `failure` limit: whether the request cannot end in the failure it counts (a participant
   * link found in the study cannot be an unknown link), asked before the limit is taken. It is
   * then only checked, refused as a reserve would refuse it, and no use is reserved and given back
   * (issue 16 item 2: one read in place of two writes and their commits). Requests that can fail
   * still reserve their use first, so bursts of failures stay exact. `limitRead` is the read of
   * the limit's row the check needs (null: none, the key read clear a moment ago): a look-up may
   * take it in its own statement and give back what it found as `limitRow` (issue 16: one
   * statement for both); with `limitRow` null the row is read on its own.
   */
  cannotFail?: (
    req: FastifyRequest,
    db: Executor,
    limitRead: ThrottleReadRequest | null,
  ) => Promise<{ cannotFail: boolean; limitRow: ThrottleRead | null }>;
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

/**
 * The hooks a route's limits add around its own preHandlers (issue 17: reserve, then check).
 * Each limit that counts reserves one use of its key in one statement before the request goes
 * on (429 when the use is beyond the limit), so a burst of concurrent requests gets exactly the
 * limit through; a `failure` limit gives its use back when the request ends without the failure
 * it counts (the code was right, the link was found). A `never` limit is only checked.
 */
export function rateLimitHooks(deps: RateLimitDeps, limits: RateLimit[]) {
  const reserved = new WeakMap<FastifyRequest, { limit: RateLimit; reservation: Reservation }[]>();
  const failed = new WeakMap<FastifyRequest, string>();

  /** The 429, with the seconds to wait in the body and in the Retry-After header (RFC 9110 §10.2.3). */
  function limited(reply: FastifyReply, until: Date, now: Date): AppError {
    const retryAfter = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
    reply.header('retry-after', String(retryAfter));
    return new AppError('RATE_LIMITED', 'Too many attempts. Please try again later.', {
      context: { retryAfter },
    });
  }

  /** Reserves a use of every key (in the declared order); 429 at the first one beyond its limit. */
  async function take(req: FastifyRequest, reply: FastifyReply, which: RateLimit[]): Promise<void> {
    const now = deps.clock();
    for (const limit of which) {
      const key = limit.key(req);
      if (key === null) continue;
      if (limit.counts === 'never') {
        const until = await blockedUntil(deps.db, key, now);
        if (until) throw limited(reply, until, now);
        continue;
      }
      const list = reserved.get(req) ?? [];
      const checked =
        limit.counts === 'failure' && limit.cannotFail
          ? await limit.cannotFail(req, deps.db, throttleReadRequest(key))
          : null;
      if (checked?.cannotFail) {
        const until = await reserveRefusedUntil(
          deps.db,
          key,
          now,
          limit.policy,
          checked.limitRow ?? undefined,
        );
        if (until) {
          reserved.delete(req);
          for (const taken of list) await release(deps.db, taken.reservation);
          throw limited(reply, until, now);
        }
        continue;
      }
      const reservation = await reserve(deps.db, key, now, limit.policy);
      if (!reservation.allowed) {
        // Refused: the uses this request reserved under its other limits go back.
        reserved.delete(req);
        for (const taken of list) await release(deps.db, taken.reservation);
        throw limited(reply, reservation.blockedUntil, now);
      }
      list.push({ limit, reservation });
      reserved.set(req, list);
    }
  }

  const first = limits.filter((limit) => limit.beforePreHandler);
  const later = limits.filter((limit) => !limit.beforePreHandler);
  const before: preHandlerAsyncHookHandler = async (req, reply) => take(req, reply, first);
  const after: preHandlerAsyncHookHandler = async (req, reply) => take(req, reply, later);
  // Which counted failure the request ended with (an error marked by countedAs).
  const onError = async (req: FastifyRequest, _reply: FastifyReply, error: Error): Promise<void> => {
    const name = countedFailures.get(error);
    if (name !== undefined) failed.set(req, name);
  };
  // Before the answer leaves: the uses of `failure` limits whose failure did not happen go back.
  const onSend = async (req: FastifyRequest, _reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const list = reserved.get(req);
    if (!list) return payload;
    reserved.delete(req);
    const failure = failed.get(req);
    for (const { limit, reservation } of list) {
      if (limit.counts === 'failure' && limit.name !== failure) await release(deps.db, reservation);
    }
    return payload;
  };
  return { before, after, onError, onSend };
}
