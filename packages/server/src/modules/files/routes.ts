import { fileEndpoints, isPubliclyFillableTokenType, type TokenType } from '@trialbase/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { actorOf } from '../../platform/auth/guard';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { runUseCase } from '../../platform/use-case';
import { findToken, type TokenRow } from '../enrollments/tokens/api';
import { tokenSite } from '../enrollments/tokens/route-helpers';
import { findPublicStudy, findTokenByLink } from '../public/api';
import { assertLinkUsable, loadForToken } from '../public/service/link';
import { requireParticipantFor } from '../public/session';
import { type AnswerFileRow, findAnswerFile } from './repo';
import { presentAnswerFile, uploadAnswerFile } from './service/upload';

/** Base64 of the 1,024,000-byte limit plus the JSON around it. */
const UPLOAD_BODY_LIMIT = 1_400_000;

type FileParams = {
  studyId: string;
  tokenId: string;
  formId: string;
  questionId: string;
  answerFileId: string;
};

/**
 * The file of a token for this form and question, else 404 (ids of other tokens or questions reveal
 * nothing). A participant reads only what was uploaded through their link, never staff files.
 */
async function requireFile(
  deps: ModuleDeps,
  p: FileParams,
  audience: 'staff' | 'public',
): Promise<AnswerFileRow> {
  const row = await findAnswerFile(deps.db, p.studyId, p.tokenId, p.answerFileId);
  if (!row || row.formId !== p.formId || row.questionId !== p.questionId) throw notFound('The file');
  if (audience === 'public' && !(row.uploadedByType === 'SUBJECT_TOKEN' && row.uploadedBy === p.tokenId)) {
    throw notFound('The file');
  }
  return row;
}

function sendFile(reply: FastifyReply, row: AnswerFileRow) {
  const name = encodeURIComponent(row.fileName);
  return reply
    .header('content-type', row.contentType)
    .header('content-disposition', `attachment; filename*=UTF-8''${name}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(row.data);
}

/**
 * Answer files (spec 000 §7 files, 002 §7 uploads): staff upload, info and download guarded by
 * QUESTIONNAIRE_CREATE / QUESTIONNAIRE_VIEW in the token's study and site; the public variants by the
 * participant session of the token; participant answer images. Uploads are JSON with base64 content.
 */
export function fileRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db, clock } = deps;

  /** Staff: the token (the guard checked the permission at its enrollment's site). */
  async function staffToken(req: FastifyRequest): Promise<TokenRow> {
    const { studyId, tokenId } = req.params as { studyId: string; tokenId: string };
    const token = await findToken(db, studyId, tokenId);
    if (!token) throw notFound('The token');
    return token;
  }

  /** Participant: the session of this token, and for uploads a link that takes answers now. */
  async function participantToken(req: FastifyRequest, token: TokenRow | null, forUpload: boolean) {
    const { studyId } = req.params as { studyId: string };
    const now = clock();
    if (!token) throw notFound('The link');
    await requireParticipantFor(db, req, { studyId, tokenId: token.id, now });
    if (!forUpload) return token;
    if (!isPubliclyFillableTokenType(token.type as TokenType)) {
      throw forbidden('This data event is filled in by the study staff.');
    }
    const study = await findPublicStudy(db, studyId);
    if (!study) throw notFound('The study');
    assertLinkUsable(await loadForToken(db, study, token), now);
    return token;
  }

  const staffUpload = defineRoute({
    endpoint: fileEndpoints.upload,
    permission: inStudy('QUESTIONNAIRE_CREATE', { site: tokenSite }),
    bodyLimit: UPLOAD_BODY_LIMIT,
    handler: async (req, reply) => {
      const token = await staffToken(req);
      if (token.locked) {
        throw new AppError('PRECONDITION', 'The data event is locked.', {
          context: { reason: 'TOKEN_LOCKED' },
        });
      }
      const actor = actorOf(req);
      const { formId, questionId } = req.params;
      const info = await runUseCase(
        db,
        actor,
        (ctx) =>
          uploadAnswerFile(ctx, {
            token,
            target: { formId, questionId },
            body: req.body,
            uploader: { type: 'USER', id: actor.id ?? '' },
          }),
        clock(),
      );
      return reply.code(201).send(info);
    },
  });

  const publicUpload = defineRoute({
    endpoint: fileEndpoints.publicUpload,
    permission: 'public',
    bodyLimit: UPLOAD_BODY_LIMIT,
    handler: async (req, reply) => {
      const { studyId, tokenId, formId, questionId } = req.params;
      const token = await participantToken(req, await findToken(db, studyId, tokenId), true);
      const info = await runUseCase(
        db,
        { type: 'SUBJECT_TOKEN', id: token.id },
        (ctx) =>
          uploadAnswerFile(ctx, {
            token,
            target: { formId, questionId },
            body: req.body,
            uploader: { type: 'SUBJECT_TOKEN', id: token.id },
          }),
        clock(),
      );
      return reply.code(201).send(info);
    },
  });

  const publicImage = defineRoute({
    endpoint: fileEndpoints.publicUploadImage,
    permission: 'public',
    bodyLimit: UPLOAD_BODY_LIMIT,
    handler: async (req, reply) => {
      const { studyId } = req.params;
      const { token: link, formId, questionId, ...file } = req.body;
      const token = await participantToken(req, await findTokenByLink(db, studyId, link), true);
      const target = formId && questionId ? { formId, questionId } : null;
      const info = await runUseCase(
        db,
        { type: 'SUBJECT_TOKEN', id: token.id },
        (ctx) =>
          uploadAnswerFile(ctx, {
            token,
            target,
            body: file,
            uploader: { type: 'SUBJECT_TOKEN', id: token.id },
            imagesOnly: true,
          }),
        clock(),
      );
      return reply.code(201).send(info);
    },
  });

  const info = (audience: 'staff' | 'public') =>
    defineRoute({
      endpoint: audience === 'public' ? fileEndpoints.publicInfo : fileEndpoints.info,
      permission: audience === 'public' ? 'public' : inStudy('QUESTIONNAIRE_VIEW', { site: tokenSite }),
      handler: async (req) => {
        const { studyId, tokenId } = req.params;
        if (audience === 'public') await participantToken(req, await findToken(db, studyId, tokenId), false);
        else await staffToken(req);
        return presentAnswerFile(await requireFile(deps, req.params, audience));
      },
    });

  const download = (audience: 'staff' | 'public') =>
    defineRoute({
      endpoint: audience === 'public' ? fileEndpoints.publicDownload : fileEndpoints.download,
      permission: audience === 'public' ? 'public' : inStudy('QUESTIONNAIRE_VIEW', { site: tokenSite }),
      handler: async (req, reply) => {
        const { studyId, tokenId } = req.params;
        if (audience === 'public') await participantToken(req, await findToken(db, studyId, tokenId), false);
        else await staffToken(req);
        return sendFile(reply, await requireFile(deps, req.params, audience));
      },
    });

  return [
    staffUpload,
    info('staff'),
    download('staff'),
    publicUpload,
    info('public'),
    download('public'),
    publicImage,
  ] as RouteDefinition<never>[];
}
