import { publicEndpoints } from '@trialbase/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound, unauthenticated } from '../../platform/errors';
import { defineRoute, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { runUseCase } from '../../platform/use-case';
import { loadStudyImage } from '../forms/service/images';
import { findToken } from '../tokens/api';
import { kickJobs } from '../tokens/route-helpers';
import { scheduleEnvOf } from '../tokens/service/send-link';
import { createCaptcha } from './captcha';
import { publicFillRoutes } from './fill-routes';
import {
  assertNotLimited,
  CODE_IP_POLICY,
  CODE_SUBJECT_POLICY,
  countFailure,
  LINK_IP_POLICY,
  SIGNUP_EMAIL_POLICY,
  SIGNUP_IP_POLICY,
  UNSUBSCRIBE_ENROLLMENT_POLICY,
  UNSUBSCRIBE_IP_POLICY,
} from './rate-limit';
import { findPublicStudy, findTokenByLink } from './repo';
import { assertLinkUsable, loadForToken, loadLink } from './service/link';
import { codeError } from './service/one-time-password';
import { getConsentInfo, getLogo, getLogoImage, getProcessForLink, getSiteInfo } from './service/pages';
import { publicSignUp } from './service/sign-up';
import {
  acceptConsent,
  type LinkOutcome,
  sendLinkCode,
  validateLinkCode,
  validateToken,
} from './service/token-flow';
import {
  emailNotExistError,
  requestUnsubscribeCode,
  unsubscribeEnrollment,
  validateUnsubscribeCode,
} from './service/unsubscribe';
import { participantTokenOf, requireParticipantSession, setParticipantCookie } from './session';

const participant = (tokenId: string | null) => ({ type: 'SUBJECT_TOKEN' as const, id: tokenId });

/**
 * The public participant calls of spec 002 §7 (issue 8 items 1 and 5): no login; links,
 * codes and sign-ups are rate limited per address and per link, email or enrollment.
 */
export function publicRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db, clock, config } = deps;
  const env = scheduleEnvOf(config);
  const captcha = createCaptcha(config.captchaSecret ?? undefined);
  const ipKey = (prefix: string, req: FastifyRequest) => `${prefix}:ip:${req.ip}`;

  /** The token id of a link, for the audit actor; an unknown link counts against the address. */
  async function tokenIdOfLink(req: FastifyRequest, studyId: string, link: string, now: Date) {
    await assertNotLimited(db, [ipKey('public-link', req)], now);
    const row = await findTokenByLink(db, studyId, link);
    if (!row) {
      await countFailure(db, [[ipKey('public-link', req), LINK_IP_POLICY]], now);
      throw notFound('The link');
    }
    return row.id;
  }

  function answer(req: FastifyRequest, reply: FastifyReply, outcome: LinkOutcome) {
    if (outcome.session) setParticipantCookie(reply, req, config, outcome.session);
    return outcome.info;
  }

  function validateRoute(
    endpoint: typeof publicEndpoints.validateToken | typeof publicEndpoints.validateTokenUpdate,
    forUpdate: boolean,
  ) {
    return defineRoute({
      endpoint,
      permission: 'public',
      handler: async (req, reply) => {
        const now = clock();
        const { studyId } = req.params;
        const tokenId = await tokenIdOfLink(req, studyId, req.body.token, now);
        const outcome = await runUseCase(
          db,
          participant(tokenId),
          (ctx) => validateToken(ctx, { studyId, token: req.body.token, forUpdate }),
          now,
        );
        return answer(req, reply, outcome);
      },
    });
  }

  /** Counts a wrong code against the address and the link or enrollment, then answers the error. */
  async function failCode(
    req: FastifyRequest,
    subjectKey: string,
    check: Parameters<typeof codeError>[0],
    invalidMessage: string,
    now: Date,
  ): Promise<never> {
    if (check.reason === 'INVALID') {
      await countFailure(
        db,
        [
          [ipKey('public-code', req), CODE_IP_POLICY],
          [subjectKey, CODE_SUBJECT_POLICY],
        ],
        now,
      );
    }
    throw codeError(check, { invalidMessage, captcha, now });
  }

  return [
    defineRoute({
      endpoint: publicEndpoints.consentInfo,
      permission: 'public',
      handler: async (req) => {
        const { studyId, token } = req.params;
        await tokenIdOfLink(req, studyId, token, clock());
        return getConsentInfo(db, { studyId, token });
      },
    }),
    validateRoute(publicEndpoints.validateToken, false),
    validateRoute(publicEndpoints.validateTokenUpdate, true),
    defineRoute({
      endpoint: publicEndpoints.consent,
      permission: 'public',
      handler: async (req, reply) => {
        const now = clock();
        const { studyId } = req.params;
        const tokenId = await tokenIdOfLink(req, studyId, req.body.token, now);
        const outcome = await runUseCase(
          db,
          participant(tokenId),
          (ctx) => acceptConsent(ctx, { studyId, ...req.body }),
          now,
        );
        return answer(req, reply, outcome);
      },
    }),
    defineRoute({
      endpoint: publicEndpoints.requestCode,
      permission: 'public',
      handler: async (req) => {
        const now = clock();
        const { studyId, tokenId } = req.params;
        await assertNotLimited(db, [ipKey('public-code', req), `public-code:TOKEN:${tokenId}`], now);
        const sent = await runUseCase(
          db,
          participant(tokenId),
          async (ctx) => {
            const study = await findPublicStudy(ctx.tx, studyId);
            const token = study ? await findToken(ctx.tx, studyId, tokenId) : null;
            if (!study || !token) throw notFound('The link');
            return sendLinkCode(ctx, await loadForToken(ctx.tx, study, token));
          },
          now,
        );
        await kickJobs(deps);
        return sent;
      },
    }),
    defineRoute({
      endpoint: publicEndpoints.newCode,
      permission: 'public',
      handler: async (req) => {
        const now = clock();
        const { studyId } = req.params;
        const tokenId = await tokenIdOfLink(req, studyId, req.body.token, now);
        await assertNotLimited(db, [ipKey('public-code', req), `public-code:TOKEN:${tokenId}`], now);
        const sent = await runUseCase(
          db,
          participant(tokenId),
          async (ctx) => sendLinkCode(ctx, await loadLink(ctx.tx, studyId, req.body.token)),
          now,
        );
        await kickJobs(deps);
        return sent;
      },
    }),
    defineRoute({
      endpoint: publicEndpoints.validateCode,
      permission: 'public',
      handler: async (req, reply) => {
        const now = clock();
        const { studyId } = req.params;
        const tokenId = await tokenIdOfLink(req, studyId, req.body.token, now);
        const subjectKey = `public-code:TOKEN:${tokenId}`;
        await assertNotLimited(db, [ipKey('public-code', req), subjectKey], now);
        const result = await runUseCase(
          db,
          participant(tokenId),
          (ctx) =>
            validateLinkCode(ctx, {
              studyId,
              token: req.body.token,
              tokenId: req.body.id,
              password: req.body.password,
              captcha: req.body.captcha,
              verifier: captcha,
            }),
          now,
        );
        if ('check' in result) {
          return failCode(req, subjectKey, result.check, 'PUBLIC.ONE_TIME_PASSWORD.INVALID', now);
        }
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
      handler: async (req) => {
        const now = clock();
        const email = typeof req.body.email === 'string' ? req.body.email.trim().toLowerCase() : '';
        const emailKey = `public-signup:email:${req.params.studyId}:${email}`;
        await assertNotLimited(db, [ipKey('public-signup', req), ...(email ? [emailKey] : [])], now);
        // Every attempt counts: a sign-up is not a failure, but a script signing up is.
        await countFailure(
          db,
          [
            [ipKey('public-signup', req), SIGNUP_IP_POLICY],
            ...(email ? [[emailKey, SIGNUP_EMAIL_POLICY] as [string, typeof SIGNUP_EMAIL_POLICY]] : []),
          ],
          now,
        );
        const result = await runUseCase(
          db,
          participant(null),
          (ctx) => publicSignUp(ctx, { ...req.params, body: req.body, query: req.query }, env),
          now,
        );
        await kickJobs(deps);
        return result;
      },
    }),
    defineRoute({
      endpoint: publicEndpoints.requestUnsubscribeCode,
      permission: 'public',
      handler: async (req) => {
        const now = clock();
        const { studyId, id } = req.params;
        const keys: [string, typeof UNSUBSCRIBE_IP_POLICY][] = [
          [ipKey('public-unsubscribe', req), UNSUBSCRIBE_IP_POLICY],
          [`public-unsubscribe:${id}`, UNSUBSCRIBE_ENROLLMENT_POLICY],
        ];
        await assertNotLimited(
          db,
          keys.map(([k]) => k),
          now,
        );
        const sent = await runUseCase(
          db,
          participant(null),
          (ctx) => requestUnsubscribeCode(ctx, { studyId, enrollmentId: id, email: req.body.email }),
          now,
        );
        if (!sent) {
          await countFailure(db, keys, now);
          throw emailNotExistError();
        }
        await kickJobs(deps);
        return sent;
      },
    }),
    defineRoute({
      endpoint: publicEndpoints.validateUnsubscribeCode,
      permission: 'public',
      handler: async (req) => {
        const now = clock();
        const { studyId, id } = req.params;
        const subjectKey = `public-code:UNSUBSCRIBE:${id}`;
        await assertNotLimited(db, [ipKey('public-code', req), subjectKey], now);
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
        if (!check.ok) return failCode(req, subjectKey, check, 'PUBLIC.UNSUBSCRIBE.INVALID_OTP', now);
        return { validated: true as const };
      },
    }),
    defineRoute({
      endpoint: publicEndpoints.unsubscribe,
      permission: 'public',
      handler: async (req) => {
        const now = clock();
        const { studyId, enrollmentId } = req.params;
        await assertNotLimited(db, [ipKey('public-unsubscribe', req)], now);
        return runUseCase(
          db,
          participant(null),
          (ctx) => unsubscribeEnrollment(ctx, { studyId, enrollmentId, email: req.body.email }),
          now,
        );
      },
    }),
    defineRoute({
      endpoint: publicEndpoints.process,
      permission: 'public',
      handler: async (req, reply) => {
        const now = clock();
        const { studyId, tokenString } = req.params;
        await tokenIdOfLink(req, studyId, tokenString, now);
        const link = await loadLink(db, studyId, tokenString);
        assertLinkUsable(link, now, { forUpdate: true });
        await requireParticipantSession(db, req, { studyId, tokenId: link.token.id, now });
        reply.header('cache-control', 'no-store');
        return getProcessForLink(db, link);
      },
    }),
    ...publicFillRoutes(deps),
  ] as RouteDefinition<never>[];
}
