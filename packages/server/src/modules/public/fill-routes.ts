import { publicEndpoints } from '@trialbase/domain';
import { defineRoute, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { runUseCase } from '../../platform/use-case';
import { kickJobs } from '../enrollments/tokens/route-helpers';
import { scheduleEnvOf } from '../enrollments/tokens/service/send-link';
import { getShowRuleResult } from '../questionnaires/service/read';
import { linkFillOf, linkLimitOf, linkTokenOf, participantLink } from './route-helpers';
import {
  getPublicFillState,
  replayOfFailedSubmit,
  stepPublicTokenBack,
  submitPublicQuestionnaire,
} from './service/submit';
import { noParticipantSession, participantSessionIdOf } from './session';

/**
 * The participant's fill calls of spec 002 §7 (issue 8 items 1 and 3): submit one form and go back
 * one form. Both need the participant session of the link (401 without, 403 for another link's).
 */
export function publicFillRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db, clock } = deps;
  const env = scheduleEnvOf(deps.config);

  // Each call names a link whose participant session the request must carry.
  const session = { session: true } as const;

  return [
    defineRoute({
      endpoint: publicEndpoints.saveForm,
      permission: 'public',
      rateLimit: [linkLimitOf({ body: 'token' })],
      // The session is read with the link's locked rows, in the use case's first statement (issue 16).
      preHandler: participantLink(deps, { body: 'token' }),
      handler: async (req) => {
        const sessionId = participantSessionIdOf(req);
        if (sessionId === null) throw noParticipantSession();
        const input = { studyId: req.params.studyId, tokenId: linkTokenOf(req), body: req.body, sessionId };
        const result = await runUseCase(
          db,
          { type: 'SUBJECT_TOKEN', id: input.tokenId },
          (ctx) => submitPublicQuestionnaire(ctx, input, env),
          clock(),
        ).catch((error: unknown) => replayOfFailedSubmit(db, input, error));
        if (!result.isReplay) await kickJobs(deps);
        return result;
      },
    }),
    defineRoute({
      endpoint: publicEndpoints.back,
      permission: 'public',
      rateLimit: [linkLimitOf({ param: 'token' })],
      preHandler: participantLink(deps, { param: 'token' }, session),
      handler: async (req) =>
        runUseCase(
          db,
          { type: 'SUBJECT_TOKEN', id: linkTokenOf(req) },
          (ctx) => stepPublicTokenBack(ctx, { studyId: req.params.studyId, link: req.params.token }),
          clock(),
        ),
    }),
    defineRoute({
      endpoint: publicEndpoints.showRuleResult,
      permission: 'public',
      rateLimit: [linkLimitOf({ param: 'tokenStringOrId' })],
      preHandler: participantLink(deps, { param: 'tokenStringOrId' }, { ...session, orTokenId: true }),
      handler: async (req, reply) => {
        const { siteId: _site, ...result } = await getShowRuleResult(db, {
          studyId: req.params.studyId,
          tokenStringOrId: linkTokenOf(req),
        });
        reply.header('cache-control', 'no-store');
        return result;
      },
    }),
    defineRoute({
      endpoint: publicEndpoints.fillState,
      permission: 'public',
      rateLimit: [linkLimitOf({ param: 'token' })],
      preHandler: participantLink(deps, { param: 'token' }, session),
      handler: async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return getPublicFillState(
          db,
          { studyId: req.params.studyId, link: req.params.token },
          linkFillOf(req),
        );
      },
    }),
  ] as RouteDefinition<never>[];
}
