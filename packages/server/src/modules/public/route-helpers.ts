/**
 * What the participant routes declare (spec 002 §7, issue 8 items 1 and 5, issue 14 item 3):
 * their rate limits over the throttle store, and the preHandler that finds the link a request
 * names (404 for an unknown link, counted against the address) and, where the route needs it,
 * checks the participant session of that link.
 */
import { isId, PARTICIPANT_LINK_HEADER } from '@trialbase/domain';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError, notFound } from '../../platform/errors';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { byIp, countedAs, type RateLimit } from '../../platform/http/rate-limit';
import type { FillRead } from '../questionnaires/api';
import {
  CODE_IP_POLICY,
  CODE_SUBJECT_POLICY,
  LINK_IP_POLICY,
  SIGNUP_EMAIL_POLICY,
  SIGNUP_IP_POLICY,
  UNSUBSCRIBE_ENROLLMENT_POLICY,
  UNSUBSCRIBE_IP_POLICY,
} from './rate-limit';
import { findLinkRefReadingLimit, findLinkTokenId } from './service/link-lookup';
import { participantTokenOf, requireParticipantFor } from './session';

/** The failures the participant limits count. */
export const LINK_FAILURE = 'link';
export const CODE_FAILURE = 'code';
export const UNSUBSCRIBE_FAILURE = 'unsubscribe';

const linkTokens = new WeakMap<FastifyRequest, string>();

/** The token id of the link the route's `participantLink` preHandler found. */
export function linkTokenOf(req: FastifyRequest): string {
  const tokenId = linkTokens.get(req);
  if (tokenId === undefined) throw new AppError('INTERNAL', 'The route finds no participant link.');
  return tokenId;
}

function param(req: FastifyRequest, name: string): string {
  return (req.params as Record<string, string>)[name] ?? '';
}

/** Unknown links per address; it guards the link look-up itself, so it is checked before it. */
export const LINK_LIMIT: RateLimit = {
  name: LINK_FAILURE,
  key: byIp('public-link'),
  policy: LINK_IP_POLICY,
  counts: 'failure',
  beforePreHandler: true,
};

/** Wrong codes per address. */
export const CODE_BY_IP: RateLimit = {
  name: CODE_FAILURE,
  key: byIp('public-code'),
  policy: CODE_IP_POLICY,
  counts: 'failure',
};

/** Wrong codes per link: the token the link names (the key the token-id route shares). */
export const CODE_BY_LINK: RateLimit = {
  name: CODE_FAILURE,
  key: (req) => `public-code:TOKEN:${linkTokenOf(req)}`,
  policy: CODE_SUBJECT_POLICY,
  counts: 'failure',
};

/** Wrong unsubscribe codes per enrollment (`:id`). */
export const CODE_BY_ENROLLMENT: RateLimit = {
  ...CODE_BY_LINK,
  key: (req) => `public-code:UNSUBSCRIBE:${param(req, 'id')}`,
};

/** Sign-ups per address: each counts (a sign-up is not a failure, but a script signing up is). */
export const SIGNUP_BY_IP: RateLimit = {
  name: 'signup',
  key: byIp('public-signup'),
  policy: SIGNUP_IP_POLICY,
  counts: 'attempt',
};

/** Sign-ups per email of the study, when the body gives one. */
export const SIGNUP_BY_EMAIL: RateLimit = {
  name: 'signup',
  key: (req) => {
    const raw = (req.body as { email?: unknown }).email;
    const email = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
    return email ? `public-signup:email:${param(req, 'studyId')}:${email}` : null;
  },
  policy: SIGNUP_EMAIL_POLICY,
  counts: 'attempt',
};

/**
 * Unsubscribe code requests per address and per enrollment (`:id`): each counts, whatever the
 * email, since the answer is the same for a wrong one and the right one (issue 17 item 2).
 */
export const UNSUBSCRIBE_BY_IP: RateLimit = {
  name: UNSUBSCRIBE_FAILURE,
  key: byIp('public-unsubscribe'),
  policy: UNSUBSCRIBE_IP_POLICY,
  counts: 'attempt',
};
export const UNSUBSCRIBE_BY_ENROLLMENT: RateLimit = {
  name: UNSUBSCRIBE_FAILURE,
  key: (req) => `public-unsubscribe:${param(req, 'id')}`,
  policy: UNSUBSCRIBE_ENROLLMENT_POLICY,
  counts: 'attempt',
};
/** Refused unsubscribes (no validated code) per address and per enrollment (`:enrollmentId`), under the same keys. */
export const UNSUBSCRIBE_REFUSED_BY_IP: RateLimit = { ...UNSUBSCRIBE_BY_IP, counts: 'failure' };
export const UNSUBSCRIBE_REFUSED_BY_ENROLLMENT: RateLimit = {
  ...UNSUBSCRIBE_BY_ENROLLMENT,
  key: (req) => `public-unsubscribe:${param(req, 'enrollmentId')}`,
  counts: 'failure',
};

/** Where a route names its link: a path parameter or the body's `token`. */
export type LinkIn = { param: string } | { body: 'token' };

function namedLink(req: FastifyRequest, where: LinkIn): string {
  if ('param' in where) return param(req, where.param);
  const token = (req.body as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' ? token : '';
}

/** The fill read with a new link's limit check (linkLimitOf), for the request's use case (linkFillOf). */
const linkFills = new WeakMap<FastifyRequest, FillRead>();

/**
 * What the request's link limit read of its link's fill (the rows loadLink reads without the lock),
 * or null when it read none (a link already known reads nothing): loadLink's `read`.
 */
export function linkFillOf(req: FastifyRequest): FillRead | null {
  return linkFills.get(req) ?? null;
}

/**
 * LINK_LIMIT for a route whose preHandler is `participantLink(deps, where)` (issue 16 item 2): the
 * link is looked up first (kept in process once found, so the preHandler reads nothing more). A
 * link found cannot fail the look-up, so the request is only checked against the limit (refused
 * as before when the address is over it: a blocked address gets 429 for any link) and reserves no
 * use to give back; an unknown one reserves its use before its 404, as every counted failure does.
 * A link not kept yet is read with its fill and the address's limit in one statement
 * (findLinkRefReadingLimit); the fill is kept for the request's use case (linkFillOf).
 */
export function linkLimitOf(where: LinkIn): RateLimit {
  return {
    ...LINK_LIMIT,
    cannotFail: async (req, db, limitRead) => {
      const { ref, limitRow, fill } = await findLinkRefReadingLimit(
        db,
        param(req, 'studyId'),
        namedLink(req, where),
        limitRead,
      );
      if (fill) linkFills.set(req, fill);
      return { cannotFail: ref !== null, limitRow };
    },
  };
}

/**
 * The preHandler of a route that names a participant link: the link's token (404 'The link',
 * counted under LINK_LIMIT, when the study has none); with `session`, the request must carry
 * the link's participant session (401, or 403 for another link's). With `orTokenId`, a token id
 * in place of the link is taken as is (the session check then decides).
 */
export function participantLink(
  deps: Pick<ModuleDeps, 'db' | 'clock'>,
  where: LinkIn,
  options: { session?: true; orTokenId?: true } = {},
): preHandlerAsyncHookHandler {
  return async (req) => {
    const studyId = param(req, 'studyId');
    const named = 'param' in where ? param(req, where.param) : (req.body as { token: string }).token;
    const tokenId = options.orTokenId && isId(named) ? named : await findLinkTokenId(deps.db, studyId, named);
    if (tokenId === null) throw countedAs(LINK_FAILURE, notFound('The link'));
    if (options.session) await requireParticipantFor(deps.db, req, { studyId, tokenId, now: deps.clock() });
    linkTokens.set(req, tokenId);
  };
}

/**
 * The preHandler of the route that names a link's token by its id (`:tokenId`, issue 17 item 2):
 * the request must carry the link itself in the PARTICIPANT_LINK_HEADER header, or the link's
 * participant session; otherwise 404 'The link', counted under LINK_LIMIT like an unknown link,
 * so token ids cannot be scanned.
 */
export function linkOfTokenId(deps: Pick<ModuleDeps, 'db' | 'clock'>): preHandlerAsyncHookHandler {
  return async (req) => {
    const studyId = param(req, 'studyId');
    const tokenId = param(req, 'tokenId');
    const header = req.headers[PARTICIPANT_LINK_HEADER];
    const link = typeof header === 'string' ? header.trim() : '';
    const named = link
      ? await findLinkTokenId(deps.db, studyId, link)
      : await participantTokenOf(deps.db, req, { studyId, now: deps.clock() });
    if (named === null || named !== tokenId) throw countedAs(LINK_FAILURE, notFound('The link'));
    linkTokens.set(req, tokenId);
  };
}
