import { fileVaultEndpoints as fv } from '@trialbase/domain';
import type { FastifyRequest } from 'fastify';
import { actorOf } from '../../platform/auth/guard';
import type { Executor } from '../../platform/db/client';
import { forbidden, notFound } from '../../platform/errors';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { sitesOfInput } from '../../platform/http/site-scope';
import { runUseCase } from '../../platform/use-case';
import { findDocument, listStudySiteIds } from './repo';
import {
  createVaultFolder,
  removeVaultDocument,
  removeVaultFolder,
  renameVaultFolder,
  uploadVaultDocument,
  uploadVaultVersion,
} from './service/manage';
import { assertVaultModule } from './service/module';
import {
  downloadVaultDocument,
  issueVaultDownloadToken,
  listVaultDocuments,
  listVaultFolders,
  readVaultDocument,
} from './service/read';

/** Base64 of the 10,240,000-byte limit plus the JSON around it. */
const UPLOAD_BODY_LIMIT = 14_000_000;

type StudyReq = { params: { studyId: string } };

/** A document for all sites reaches every site of the study. */
async function reachOf(db: Executor, studyId: string, siteIds: string[] | null | undefined) {
  return siteIds ? siteIds : listStudySiteIds(db, studyId, null);
}

/** Upload: the sites the new document will be visible at (the uploader needs the permission at each). */
const chosenSites = sitesOfInput('document', async (db, req: FastifyRequest) => {
  const { params, body } = req as FastifyRequest & StudyReq & { body: { siteIds: string[] | null } };
  return reachOf(db, params.studyId, body.siteIds);
});

/** New version and removal: the sites the document reaches (404 when the study has no such document). */
const documentSites = sitesOfInput('document', async (db, req: FastifyRequest) => {
  const { studyId, documentId } = req.params as { studyId: string; documentId: string };
  const doc = await findDocument(db, studyId, documentId);
  if (!doc) throw notFound('The document');
  return reachOf(db, studyId, doc.siteIds);
});

function sendDownload(
  reply: Parameters<RouteDefinition['handler']>[1],
  row: { fileName: string; contentType: string; data: Buffer },
) {
  return reply
    .header('content-type', row.contentType)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(row.fileName)}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('referrer-policy', 'no-referrer')
    .send(row.data);
}

/**
 * File vault (issue 28 item 3; spec 000 §6 file vault permissions, 001 §7 getJWT): reads need
 * FILE_VAULT_VIEW in the study and show what the caller's sites and role see (documents reach
 * several sites or all, so the service checks each against the caller's sites with the domain
 * rule); uploads, new versions and removals need their permission at every site the document
 * reaches (declared site scope). The direct download is authenticated by its token alone.
 */
export function fileVaultRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db, clock } = deps;
  const userIdOf = (req: FastifyRequest) => req.auth?.user.id ?? actorOf(req).id ?? '';
  const accessOf = (req: FastifyRequest) => {
    if (!req.access) throw forbidden();
    return req.access;
  };

  return [
    defineRoute({
      endpoint: fv.listFolders,
      permission: inStudy('FILE_VAULT_VIEW'),
      handler: async (req) => {
        await assertVaultModule(db, req.params.studyId);
        return listVaultFolders(db, accessOf(req), req.params.studyId);
      },
    }),
    defineRoute({
      endpoint: fv.createFolder,
      permission: inStudy('FILE_VAULT_UPLOAD'),
      handler: async (req, reply) => {
        await assertVaultModule(db, req.params.studyId);
        const { studyId } = req.params;
        const folder = await runUseCase(
          db,
          actorOf(req),
          (ctx) => createVaultFolder(ctx, { studyId, userId: userIdOf(req), name: req.body.name }),
          clock(),
        );
        return reply.code(201).send(folder);
      },
    }),
    defineRoute({
      endpoint: fv.renameFolder,
      permission: inStudy('FILE_VAULT_UPLOAD'),
      handler: async (req) => {
        await assertVaultModule(db, req.params.studyId);
        const { studyId, folderId } = req.params;
        const listed = await listVaultDocuments(db, accessOf(req), { studyId, folderId });
        return runUseCase(
          db,
          actorOf(req),
          (ctx) =>
            renameVaultFolder(ctx, {
              studyId,
              folderId,
              userId: userIdOf(req),
              name: req.body.name,
              documentCount: listed.items.length,
            }),
          clock(),
        );
      },
    }),
    defineRoute({
      endpoint: fv.removeFolder,
      permission: inStudy('FILE_VAULT_DELETE'),
      handler: async (req, reply) => {
        await assertVaultModule(db, req.params.studyId);
        const { studyId, folderId } = req.params;
        await runUseCase(
          db,
          actorOf(req),
          (ctx) => removeVaultFolder(ctx, { studyId, folderId, userId: userIdOf(req) }),
          clock(),
        );
        return reply.code(204).send(null);
      },
    }),
    defineRoute({
      endpoint: fv.listDocuments,
      permission: inStudy('FILE_VAULT_VIEW'),
      handler: async (req) => {
        await assertVaultModule(db, req.params.studyId);
        return listVaultDocuments(db, accessOf(req), req.params);
      },
    }),
    defineRoute({
      endpoint: fv.uploadDocument,
      permission: inStudy('FILE_VAULT_UPLOAD', { site: chosenSites }),
      bodyLimit: UPLOAD_BODY_LIMIT,
      handler: async (req, reply) => {
        await assertVaultModule(db, req.params.studyId);
        const { studyId, folderId } = req.params;
        const doc = await runUseCase(
          db,
          actorOf(req),
          (ctx) => uploadVaultDocument(ctx, { studyId, folderId, userId: userIdOf(req), body: req.body }),
          clock(),
        );
        return reply.code(201).send(doc);
      },
    }),
    defineRoute({
      endpoint: fv.getDocument,
      permission: inStudy('FILE_VAULT_VIEW'),
      handler: async (req) => {
        await assertVaultModule(db, req.params.studyId);
        return readVaultDocument(db, accessOf(req), req.params);
      },
    }),
    defineRoute({
      endpoint: fv.uploadVersion,
      permission: inStudy('FILE_VAULT_UPLOAD', { site: documentSites }),
      bodyLimit: UPLOAD_BODY_LIMIT,
      handler: async (req, reply) => {
        await assertVaultModule(db, req.params.studyId);
        const { studyId, documentId } = req.params;
        const doc = await runUseCase(
          db,
          actorOf(req),
          (ctx) => uploadVaultVersion(ctx, { studyId, documentId, userId: userIdOf(req), body: req.body }),
          clock(),
        );
        return reply.code(201).send(doc);
      },
    }),
    defineRoute({
      endpoint: fv.removeDocument,
      permission: inStudy('FILE_VAULT_DELETE', { site: documentSites }),
      handler: async (req, reply) => {
        await assertVaultModule(db, req.params.studyId);
        const { studyId, documentId } = req.params;
        await runUseCase(
          db,
          actorOf(req),
          (ctx) =>
            removeVaultDocument(ctx, {
              studyId,
              documentId,
              userId: userIdOf(req),
              reason: req.query.reason,
            }),
          clock(),
        );
        return reply.code(204).send(null);
      },
    }),
    defineRoute({
      endpoint: fv.getJWT,
      permission: inStudy('FILE_VAULT_VIEW'),
      handler: async (req, reply) => {
        await assertVaultModule(db, req.params.studyId);
        const token = await issueVaultDownloadToken(db, accessOf(req), {
          studyId: req.params.studyId,
          userId: userIdOf(req),
          now: clock(),
        });
        reply.header('cache-control', 'no-store');
        return token;
      },
    }),
    defineRoute({
      endpoint: fv.download,
      // The token of getJWT is the credential (a direct URL works without the session): it is
      // checked for signature, expiry, study, user, permission and the document's visibility.
      permission: 'public',
      handler: async (req, reply) => {
        await assertVaultModule(db, req.params.studyId);
        const row = await downloadVaultDocument(db, {
          ...req.params,
          token: req.query.token,
          version: req.query.version,
          now: clock(),
        });
        return sendDownload(reply, row);
      },
    }),
  ] as RouteDefinition<never>[];
}
