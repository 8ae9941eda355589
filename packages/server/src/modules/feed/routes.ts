/**
 * The incremental feed (issue 26 item 4): `GET /api/studies/{studyId}/feed?cursor=&limit=&kinds=`
 * for a staff session or the study's API key. The guard checks REPORTING_FEED in the study (an API
 * key: its own study only, and only when its API user has the data feed setting); the service
 * narrows each kind to the sites where the reader may see it and redacts what it may not.
 */
import { type AccessUser, feedEndpoints } from '@trialbase/domain';
import type { FastifyRequest } from 'fastify';
import { actorOf } from '../../platform/auth/guard';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import type { RateLimit } from '../../platform/http/rate-limit';
import { readFeed } from './service/read-feed';

/**
 * Reads per caller (an API key or a user, wherever it calls from): 600 pages in a 10-minute window;
 * beyond them 429 RATE_LIMITED with retryAfter until the window ends. A warehouse catching up at 1,000
 * changes a page reads 600,000 changes a window; a runaway poller cannot load the database.
 */
export const FEED_READ_LIMIT: RateLimit = {
  name: 'feed',
  key: (req) => {
    if (req.apiKey) return `feed:key:${req.apiKey.keyId}`;
    if (req.auth) return `feed:user:${req.auth.user.id}`;
    return null;
  },
  policy: { maxFailures: 600, windowMinutes: 10, blockMinutes: 1 },
  counts: 'attempt',
};

function accessOf(req: FastifyRequest): AccessUser {
  if (!req.access) throw new Error('The guard did not load the access of a study route.');
  return req.access;
}

export function feedRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db, clock } = deps;
  return [
    defineRoute({
      endpoint: feedEndpoints.read,
      permission: inStudy('REPORTING_FEED'),
      rateLimit: [FEED_READ_LIMIT],
      handler: async (req) =>
        readFeed(db, {
          studyId: req.params.studyId,
          access: accessOf(req),
          actor: actorOf(req),
          query: req.query,
          now: clock(),
        }),
    }),
  ] as RouteDefinition<never>[];
}
