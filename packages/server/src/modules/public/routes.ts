import { type PublicLinkOpened, publicEndpoints } from '@trialbase/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, notFound, unauthenticated } from '../../platform/errors';
import { defineRoute, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { countedAs } from '../../platform/http/rate-limit';
import { runUseCase } from '../../platform/use-case';
import { kickJobs } from '../enrollments/tokens/route-helpers';
import { scheduleEnvOf } from '../enrollments/tokens/service/send-link';
import { loadStudyImage } from '../forms/service/images';
import { linkOpenedJson } from './answer-json';
import { createCaptcha } from './captcha';
import { publicFillRoutes } from './fill-routes';
import {
  CODE_BY_ENROLLMENT,
  CODE_BY_IP,
  CODE_BY_LINK,
  CODE_FAILURE,
  LINK_LIMIT,
  linkFillOf,
  linkLimitOf,
  linkOfTokenId,
  linkTokenOf,
  participantLink,
  SIGNUP_BY_EMAIL,
  SIGNUP_BY_IP,
  UNSUBSCRIBE_BY_ENROLLMENT,
  UNSUBSCRIBE_BY_IP,
  UNSUBSCRIBE_FAILURE,
  UNSUBSCRIBE_REFUSED_BY_ENROLLMENT,
  UNSUBSCRIBE_REFUSED_BY_IP,
} from './route-helpers';
import { assertLinkUsable, loadLink } from './service/link';
import { sendCodeForLink, sendCodeForToken } from './service/link-lookup';
import { codeError } from './service/one-time-password';
import { getConsentInfo, getLogo, getLogoImage, getProcessForLink, getSiteInfo } from './service/pages';
import { publicSignUp } from './service/participant-sign-up';
import { fillStateOfLink } from './service/submit';
import { acceptConsent, type LinkOutcome, validateLinkCode, validateToken } from './service/token-flow';
import {
  requestUnsubscribeCode,
  unsubscribeEnrollment,
  validateUnsubscribeCode,
} from './service/unsubscribe';
import { participantTokenOf, requireParticipantSession, setParticipantCookie } from './session';

const participant = (tokenId: string | null) => ({ type: 'SUBJECT_TOKEN' as const, id: tokenId });
/** The content type Fastify gives the JSON its serializer writes. */
const JSON_UTF8 = 'application/json; charset=utf-8';

/**
 * The public participant calls of spec 002 §7 (issue 8 items 1 and 5): no login; links,
 * codes and sign-ups are rate limited per address and per link, email or enrollment, as each
 * route declares (route-helpers.ts); a route naming a link finds it in its preHandler.
 */
export function publicRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db, clock, config } = deps;
  const env = scheduleEnvOf(config);
  const captcha = createCaptcha(config.captchaSecret ?? undefined);
  const linkInBody = participantLink(deps, { body: 'token' });
  const linkInBodyLimit = linkLimitOf({ body: 'token' });

  /**
   * The opened link's answer: its session cookie, the fill page's data when the session opened for
   * a questionnaire page, read after the use case committed (the same reads as getProcess and
   * fillState), and the consent page's (getInfo's answer) when it comes next (issue 16: the pages
   * need not ask for them).
   */
  async function answer(req: FastifyRequest, reply: FastifyReply, outcome: LinkOutcome) {
    if (outcome.session) setParticipantCookie(reply, req, config, outcome.session);
    const link = outcome.fillLink;
    let opened: PublicLinkOpened = { ...outcome.info, fill: null, consent: outcome.consent };
    if (link) {
      reply.header('cache-control', 'no-store');
      opened = {
        ...opened,
        fill: { process: await getProcessForLink(db, link), state: fillStateOfLink(link) },
      };
    }
    // Written here, each form once per version (answer-json.ts), not by the route's serializer.
    return reply.type(JSON_UTF8).send(linkOpenedJson(req, opened));
  }

  function validateRoute(
    endpoint: typeof publicEndpoints.validateToken | typeof publicEndpoints.validateTokenUpdate,
    forUpdate: boolean,
  ) {
    return defineRoute({
      endpoint,
      permission: 'public',
      rateLimit: [linkInBodyLimit],
      preHandler: linkInBody,
      handler: async (req, reply) => {
        const outcome = await runUseCase(
          db,
          participant(linkTokenOf(req)),
          (ctx) =>
            validateToken(ctx, {
              studyId: req.params.studyId,
              token: req.body.token,
              forUpdate,
              read: linkFillOf(req),
            }),
          clock(),
        );
        return answer(req, reply, outcome);
      },
    });
  }

  /** The error of a refused code; a wrong one counts against the address and the link or enrollment. */
  function codeRefused(check: Parameters<typeof codeError>[0], invalidMessage: string, now: Date) {
    const error = codeError(check, { invalidMessage, captcha, now });
    return check.reason === 'INVALID' ? countedAs(CODE_FAILURE, error) : error;
  }

  return [
    defineRoute({
      endpoint: publicEndpoints.consentInfo,
      permission: 'public',
      rateLimit: [linkLimitOf({ param: 'token' })],
      preHandler: participantLink(deps, { param: 'token' }),
      handler: async (req) => getConsentInfo(db, req.params, linkFillOf(req)),
    }),
    validateRoute(publicEndpoints.validateToken, false),
    validateRoute(publicEndpoints.validateTokenUpdate, true),
    defineRoute({
      endpoint: publicEndpoints.consent,
      permission: 'public',
      rateLimit: [linkInBodyLimit],
      preHandler: linkInBody,
      handler: async (req, reply) => {
        const outcome = await runUseCase(
          db,
          participant(linkTokenOf(req)),
          (ctx) => acceptConsent(ctx, { studyId: req.params.studyId, ...req.body }),
          clock(),
        );
        return answer(req, reply, outcome);
      },
    }),
    defineRoute({
      endpoint: publicEndpoints.requestCode,
      permission: 'public',
      rateLimit: [LINK_LIMIT, CODE_BY_IP, CODE_BY_LINK],
      preHandler: linkOfTokenId(deps),
      handler: async (req) => {
        const sent = await runUseCase(
          db,
          participant(req.params.tokenId),
          (ctx) => sendCodeForToken(ctx, req.params),
          clock(),
        );
        await kickJobs(deps);
        return sent;
      },
    }),
    defineRoute({
      endpoint: publicEndpoints.newCode,
      permission: 'public',
      rateLimit: [linkInBodyLimit, CODE_BY_IP, CODE_BY_LINK],
      preHandler: linkInBody,
      handler: async (req) => {
        const sent = await runUseCase(
          db,
          participant(linkTokenOf(req)),
          (ctx) => sendCodeForLink(ctx, { studyId: req.params.studyId, link: req.body.token }),
          clock(),
        );
        await kickJobs(deps);
        return sent;
      },
    }),
    defineRoute({
      endpoint: publicEndpoints.validateCode,
      permission: 'public',
      rateLimit: [linkInBodyLimit, CODE_BY_IP, CODE_BY_LINK],
      preHandler: linkInBody,
      handler: async (req, reply) => {
        const now = clock();
        const result = await runUseCase(
          db,
          participant(linkTokenOf(req)),
          (ctx) =>
            validateLinkCode(ctx, {
              studyId: req.params.studyId,
              token: req.body.token,
              tokenId: req.body.id,
              password: req.body.password,
              captcha: req.body.captcha,
              verifier: captcha,
            }),
          now,
        );
        if ('check' in result) throw codeRefused(result.check, 'PUBLIC.ONE_TIME_PASSWORD.INVALID', now);
        return answer(req, reply, result.outcome);
      },
    }),
    defineRoute({
      endpoint: publicEndpoints.captchaChallenge,
      permission: 'public',
      handler: async (_req, reply) => {
        reply.header('cache-control', 'no-store');
        return captcha.issue(clock());
      },
    }),
    defineRoute({
      endpoint: publicEndpoints.siteInfo,
      permission: 'public',
      handler: async (req) => getSiteInfo(db, { ...req.params, pathwayId: req.query.pathwayId }),
    }),
    defineRoute({
      endpoint: publicEndpoints.logo,
      permission: 'public',
      handler: async (req, reply) => {
        reply.header('cache-control', 'public, max-age=30');
        return getLogo(db, req.params.studyId);
      },
    }),
    defineRoute({
      endpoint: publicEndpoints.logoImage,
      permission: 'public',
      handler: async (req, reply) => {
        const image = await getLogoImage(db, req.params.studyId);
        return reply
          .header('content-type', image.contentType)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'public, max-age=300')
          .send(Buffer.from(image.data));
      },
    }),
    defineRoute({
      endpoint: publicEndpoints.image,
      permission: 'public',
      handler: async (req, reply) => {
        const { studyId, imageId } = req.params;
        const tokenId = await participantTokenOf(db, req, { studyId, now: clock() });
        if (tokenId === null) throw unauthenticated('Open your personal link again to continue.');
        const image = await loadStudyImage(db, { studyId, imageId });
        // Only images leave this route, whatever was stored under the id.
        if (!image.contentType.startsWith('image/')) throw notFound('The image');
        return reply
          .header('content-type', image.contentType)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, max-age=3600')
          .send(image.data);
      },
    }),
    defineRoute({
      endpoint: publicEndpoints.signUp,
      permission: 'public',
      rateLimit: [SIGNUP_BY_IP, SIGNUP_BY_EMAIL],
      handler: async (req) => {
        const result = await runUseCase(
          db,
          participant(null),
          (ctx) => publicSignUp(ctx, { ...req.params, body: req.body, query: req.query }, env),
          clock(),
        );
        await kickJobs(deps);
        return result;
      },
    }),
    defineRoute({
      endpoint: publicEndpoints.requestUnsubscribeCode,
      permission: 'public',
      rateLimit: [UNSUBSCRIBE_BY_IP, UNSUBSCRIBE_BY_ENROLLMENT],
      handler: async (req) => {
        const { studyId, id } = req.params;
        const sent = await runUseCase(
          db,
          participant(null),
          (ctx) => requestUnsubscribeCode(ctx, { studyId, enrollmentId: id, email: req.body.email }),
          clock(),
        );
        await kickJobs(deps);
        return sent;
      },
    }),
    defineRoute({
      endpoint: publicEndpoints.validateUnsubscribeCode,
      permission: 'public',
      rateLimit: [CODE_BY_IP, CODE_BY_ENROLLMENT],
      handler: async (req) => {
        const now = clock();
        const { studyId, id } = req.params;
        const check = await runUseCase(
          db,
          participant(null),
          (ctx) =>
            validateUnsubscribeCode(ctx, {
              studyId,
              enrollmentId: id,
              password: req.body.password,
              captcha: req.body.captcha,
              verifier: captcha,
            }),
          now,
        );
        if (!check.ok) throw codeRefused(check, 'PUBLIC.UNSUBSCRIBE.INVALID_OTP', now);
        return { validated: true as const };
      },
    }),
    defineRoute({
      endpoint: publicEndpoints.unsubscribe,
      permission: 'public',
      rateLimit: [UNSUBSCRIBE_REFUSED_BY_IP, UNSUBSCRIBE_REFUSED_BY_ENROLLMENT],
      handler: async (req) =>
        runUseCase(
          db,
          participant(null),
          (ctx) => unsubscribeEnrollment(ctx, { ...req.params, email: req.body.email }),
          clock(),
        ).catch((error: unknown) => {
          // Without a validated code: counted, like a wrong code.
          throw error instanceof AppError && error.type === 'SECURITY'
            ? countedAs(UNSUBSCRIBE_FAILURE, error)
            : error;
        }),
    }),
    defineRoute({
      endpoint: publicEndpoints.process,
      permission: 'public',
      rateLimit: [linkLimitOf({ param: 'tokenString' })],
      preHandler: participantLink(deps, { param: 'tokenString' }),
      handler: async (req, reply) => {
        const now = clock();
        const { studyId, tokenString } = req.params;
        // The session is read alongside the link (the preHandler found its token), so that it
        // shares its reading with fillState's, sent with this call; the link's own errors still
        // come first.
        const session = requireParticipantSession(db, req, { studyId, tokenId: linkTokenOf(req), now });
        session.catch(() => {});
        const link = await loadLink(db, studyId, tokenString, { read: linkFillOf(req) });
        assertLinkUsable(link, now, { forUpdate: true });
        await session;
        reply.header('cache-control', 'no-store');
        return getProcessForLink(db, link);
      },
    }),
    ...publicFillRoutes(deps),
  ] as RouteDefinition<never>[];
}
