import { isId, publicEndpoints } from '@trialbase/domain';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../platform/errors';
import { defineRoute, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { runUseCase } from '../../platform/use-case';
import { getShowRuleResult } from '../questionnaires/service/read';
import { kickJobs } from '../tokens/route-helpers';
import { scheduleEnvOf } from '../tokens/service/send-link';
import { assertNotLimited, countFailure, LINK_IP_POLICY } from './rate-limit';
import { findTokenByLink } from './repo';
import { getPublicFillState, stepPublicTokenBack, submitPublicQuestionnaire } from './service/submit';
import { requireParticipantFor } from './session';

/**
 * The participant's fill calls of spec 002 §7 (issue 8 items 1 and 3): submit one form and go back
 * one form. Both need the participant session of the link (401 without, 403 for another link's).
 */
export function publicFillRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db, clock } = deps;
  const env = scheduleEnvOf(deps.config);

  /** The token id of a link whose session the request carries; unknown links count against the address. */
  async function sessionTokenOf(req: FastifyRequest, studyId: string, link: string, now: Date) {
    const ipKey = `public-link:ip:${req.ip}`;
    await assertNotLimited(db, [ipKey], now);
    const token = await findTokenByLink(db, studyId, link);
    if (!token) {
      await countFailure(db, [[ipKey, LINK_IP_POLICY]], now);
      throw notFound('The link');
    }
    await requireParticipantFor(db, req, { studyId, tokenId: token.id, now });
    return token.id;
  }

  return [
    defineRoute({
      endpoint: publicEndpoints.saveForm,
      permission: 'public',
      handler: async (req) => {
        const now = clock();
        const { studyId } = req.params;
        const tokenId = await sessionTokenOf(req, studyId, req.body.token, now);
        const result = await runUseCase(
          db,
          { type: 'SUBJECT_TOKEN', id: tokenId },
          (ctx) => submitPublicQuestionnaire(ctx, { studyId, body: req.body }, env),
          now,
        );
        if (!result.isReplay) await kickJobs(deps);
        return result;
      },
    }),
    defineRoute({
      endpoint: publicEndpoints.back,
      permission: 'public',
      handler: async (req) => {
        const now = clock();
        const { studyId, token } = req.params;
        const tokenId = await sessionTokenOf(req, studyId, token, now);
        return runUseCase(
          db,
          { type: 'SUBJECT_TOKEN', id: tokenId },
          (ctx) => stepPublicTokenBack(ctx, { studyId, link: token }),
          now,
        );
      },
    }),
    defineRoute({
      endpoint: publicEndpoints.showRuleResult,
      permission: 'public',
      handler: async (req, reply) => {
        const now = clock();
        const { studyId, tokenStringOrId } = req.params;
        const tokenId = isId(tokenStringOrId)
          ? tokenStringOrId
          : await sessionTokenOf(req, studyId, tokenStringOrId, now);
        await requireParticipantFor(db, req, { studyId, tokenId, now });
        const { siteId: _site, ...result } = await getShowRuleResult(db, {
          studyId,
          tokenStringOrId: tokenId,
        });
        reply.header('cache-control', 'no-store');
        return result;
      },
    }),
    defineRoute({
      endpoint: publicEndpoints.fillState,
      permission: 'public',
      handler: async (req, reply) => {
        const now = clock();
        const { studyId, token } = req.params;
        await sessionTokenOf(req, studyId, token, now);
        reply.header('cache-control', 'no-store');
        return getPublicFillState(db, { studyId, link: token });
      },
    }),
  ] as RouteDefinition<never>[];
}
