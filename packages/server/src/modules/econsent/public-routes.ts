import { econsentEndpoints as ec } from '@trialbase/domain';
import type { FastifyReply } from 'fastify';
import { defineRoute, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { countedAs } from '../../platform/http/rate-limit';
import { runUseCase } from '../../platform/use-case';
import { kickJobs } from '../enrollments/tokens/route-helpers';
import { createCaptcha } from '../public/captcha';
import { CODE_BY_IP, CODE_BY_LINK, CODE_FAILURE, LINK_LIMIT, participantLink } from '../public/route-helpers';
import { codeError } from '../public/service/one-time-password';
import { loadEConsentToken } from './service/context';
import { loadPublicDetails, loadPublicDocument, loadVerifiedSignedFile } from './service/read';
import { sendSigningCode, signAsParticipant } from './service/sign';
import { signingKeyOf } from './service/signing-key';

function noStore(reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
}

/**
 * The participant's e-consent calls (spec 002 §4, §7; issue 24 item 3): each needs the participant
 * session of the token (validateToken opened it) and is limited like the other link calls; codes
 * count wrong attempts per address and per link, with the captcha after 3.
 */
export function publicEConsentRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db, clock, config } = deps;
  const captcha = createCaptcha(config.captchaSecret ?? undefined);
  const session = participantLink(deps, { param: 'tokenId' }, { session: true, orTokenId: true });
  const participant = (tokenId: string) => ({ type: 'SUBJECT_TOKEN' as const, id: tokenId });

  return [
    defineRoute({
      endpoint: ec.publicDetails,
      permission: 'public',
      rateLimit: [LINK_LIMIT],
      preHandler: session,
      handler: async (req, reply) => {
        noStore(reply);
        const link = await loadEConsentToken(db, req.params);
        return loadPublicDetails(db, link, { language: req.query.language, now: clock() });
      },
    }),
    defineRoute({
      endpoint: ec.publicDocument,
      permission: 'public',
      rateLimit: [LINK_LIMIT],
      preHandler: session,
      handler: async (req, reply) => {
        const link = await loadEConsentToken(db, req.params);
        const file = await loadPublicDocument(db, link, req.query.language);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(Buffer.from(file.data));
      },
    }),
    defineRoute({
      endpoint: ec.publicRequestCode,
      permission: 'public',
      rateLimit: [LINK_LIMIT, CODE_BY_IP, CODE_BY_LINK],
      preHandler: session,
      handler: async (req) => {
        const sent = await runUseCase(
          db,
          participant(req.params.tokenId),
          (ctx) => sendSigningCode(ctx, { ...req.params, channel: req.body.channel }),
          clock(),
        );
        await kickJobs(deps);
        return sent;
      },
    }),
    defineRoute({
      endpoint: ec.publicSign,
      permission: 'public',
      bodyLimit: 600_000,
      rateLimit: [LINK_LIMIT, CODE_BY_IP, CODE_BY_LINK],
      preHandler: session,
      handler: async (req) => {
        const now = clock();
        const key = await signingKeyOf(db, config, now);
        const result = await runUseCase(
          db,
          participant(req.params.tokenId),
          (ctx) => signAsParticipant(ctx, { ...req.params, body: req.body, verifier: captcha, key }),
          now,
        );
        if ('check' in result) {
          const error = codeError(result.check, {
            invalidMessage: 'PUBLIC.ONE_TIME_PASSWORD.INVALID',
            captcha,
            now,
          });
          throw result.check.reason === 'INVALID' ? countedAs(CODE_FAILURE, error) : error;
        }
        return result.signed;
      },
    }),
    defineRoute({
      endpoint: ec.publicDownload,
      permission: 'public',
      rateLimit: [LINK_LIMIT],
      preHandler: session,
      handler: async (req, reply) => {
        noStore(reply);
        const now = clock();
        const { studyId, tokenId } = req.params;
        await loadEConsentToken(db, req.params);
        const actor = participant(tokenId);
        const row = await loadVerifiedSignedFile(db, actor, { studyId, tokenId, now });
        await runUseCase(
          db,
          actor,
          (ctx) =>
            ctx.audit({
              action: 'ECONSENT_SIGNED_FILE_DOWNLOADED',
              entityType: 'ECONSENT',
              entityId: row.id,
              studyId,
              after: { tokenId, sha256: row.signedPdfSha256, by: 'PARTICIPANT' },
            }),
          now,
        );
        return {
          fileName: row.signedFileName,
          mimeType: 'application/pdf' as const,
          sha256: row.signedPdfSha256,
          data: Buffer.from(row.signedPdf).toString('base64'),
        };
      },
    }),
  ] as RouteDefinition<never>[];
}
