import { econsentEndpoints as ec, sitesWithPermission } from '@trialbase/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { checkExtendedValidation, type Signature } from '../../platform/auth/extended-validation';
import { actorOf } from '../../platform/auth/guard';
import type { Executor } from '../../platform/db/client';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { siteOfEntity } from '../../platform/http/site-scope';
import { runUseCase } from '../../platform/use-case';
import { findSubject } from '../enrollments/api';
import { kickJobs, tokenSite } from '../enrollments/tokens/route-helpers';
import { scheduleEnvOf } from '../enrollments/tokens/service/send-link';
import { publicEConsentRoutes } from './public-routes';
import { listEConsentFiles } from './repo';
import { presentEConsentFile, readEConsentFile, uploadEConsentFile } from './service/documents';
import { PAPER_MEANING, recordPaperConsent } from './service/paper';
import {
  listConsentLog,
  listSubjectEConsents,
  loadSignedEConsentInfo,
  loadVerifiedDownload,
} from './service/read';
import { requestReconsent } from './service/reconsent';
import { countersign } from './service/sign';
import { signingKeyOf } from './service/signing-key';

async function subjectSite(db: Executor, studyId: string, id: string): Promise<string> {
  const subject = await findSubject(db, studyId, id);
  if (!subject) throw notFound('The subject');
  return subject.siteId;
}
const patientSite = siteOfEntity('subject', 'id', subjectSite);

/** Meanings of the password signatures these routes ask for (shown in the dialog, kept in the trail). */
const COUNTERSIGN_MEANING = 'Countersign the informed consent of this participant (consent obtained).';
const DOWNLOAD_MEANING = 'Download the signed informed consent of this participant.';

async function signWithPassword(deps: ModuleDeps, req: FastifyRequest, meaning: string, now: Date) {
  const signature: Signature | null = await checkExtendedValidation(deps.db, req, {
    required: true,
    meaning,
    now,
  });
  if (!signature) throw new AppError('INTERNAL', 'A required signature was not made.');
  return signature;
}

export function sendPdf(reply: FastifyReply, fileName: string, data: Uint8Array) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(data));
}

/**
 * E-consent (spec 000 §7, 001 §2, §7, 002 §4, §7; issue 24): consent documents (study-wide),
 * each token's e-consent at its enrollment's site, the subject's list at its site, the consent
 * log at the caller's sites, and the participant calls (public-routes.ts).
 */
export function econsentRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db, clock, config } = deps;
  const env = scheduleEnvOf(config);

  return [
    defineRoute({
      endpoint: ec.uploadFile,
      permission: inStudy('ECONSENT_UPLOAD'),
      bodyLimit: 14_000_000,
      handler: async (req, reply) => {
        const { studyId } = req.params;
        const actor = actorOf(req);
        const result = await runUseCase(
          db,
          actor,
          async (ctx) => {
            const row = await uploadEConsentFile(ctx, {
              studyId,
              body: req.body,
              uploadedBy: actor.id ?? '',
            });
            const reconsentTokens = await requestReconsent(
              ctx,
              { studyId, dataEventId: row.dataEventId, language: row.language, version: row.version },
              env,
            );
            return { ...presentEConsentFile(row, row.version), reconsentTokens };
          },
          clock(),
        );
        await kickJobs(deps);
        return reply.code(201).send(result);
      },
    }),
    defineRoute({
      endpoint: ec.getFile,
      permission: inStudy('ECONSENT_VIEW'),
      handler: async (req, reply) => {
        const file = await readEConsentFile(db, {
          studyId: req.params.studyId,
          fileId: req.params.eConsentFileId,
          language: req.query.language,
        });
        return sendPdf(reply, file.fileName, file.data);
      },
    }),
    defineRoute({
      endpoint: ec.listFiles,
      permission: inStudy('ECONSENT_VIEW'),
      handler: async (req) => {
        const { studyId } = req.params;
        const rows = await listEConsentFiles(db, studyId, { dataEventId: req.query.dataEventId });
        const current = new Map<string, number>();
        for (const row of rows) {
          const key = `${row.dataEventId}/${row.language}`;
          current.set(key, Math.max(current.get(key) ?? 0, row.version));
        }
        return {
          items: rows.map((r) => presentEConsentFile(r, current.get(`${r.dataEventId}/${r.language}`) ?? 0)),
        };
      },
    }),
    defineRoute({
      endpoint: ec.countersign,
      permission: inStudy('ECONSENT_COUNTERSIGN', { site: tokenSite }),
      // A scanned paper PDF (optional) rides in the JSON body like a consent document.
      bodyLimit: 14_000_000,
      handler: async (req) => {
        const now = clock();
        // 404 for a token not of the enrollment before the password is asked: no attempt is counted.
        await loadSignedEConsentInfo(db, req.params);
        const { paper } = req.body;
        if (paper) {
          // Spec 001 §7 setEconsentSigned by staff: a consent signed on paper, recorded with the password.
          const signature = await signWithPassword(deps, req, PAPER_MEANING, now);
          await runUseCase(
            db,
            actorOf(req),
            (ctx) => recordPaperConsent(ctx, { ...req.params, paper, signature }),
            now,
          );
          return loadSignedEConsentInfo(db, req.params);
        }
        const key = await signingKeyOf(db, config, now);
        const signature = await signWithPassword(deps, req, COUNTERSIGN_MEANING, now);
        await runUseCase(
          db,
          actorOf(req),
          (ctx) =>
            countersign(ctx, {
              ...req.params,
              meaning: req.body.meaning,
              signature,
              email: req.auth?.user.email ?? null,
              key,
            }),
          now,
        );
        return loadSignedEConsentInfo(db, req.params);
      },
    }),
    defineRoute({
      endpoint: ec.signedFileInfo,
      permission: inStudy('ECONSENT_VIEW', { site: tokenSite }),
      handler: async (req) => loadSignedEConsentInfo(db, req.params),
    }),
    defineRoute({
      endpoint: ec.downloadSignedFile,
      permission: inStudy('ECONSENT_DOWNLOAD_SIGNED', { site: tokenSite }),
      handler: async (req, reply) => {
        const now = clock();
        const { studyId, tokenId } = req.params;
        await loadSignedEConsentInfo(db, req.params);
        const signature = await signWithPassword(deps, req, DOWNLOAD_MEANING, now);
        const actor = actorOf(req);
        const file = await loadVerifiedDownload(db, actor, { studyId, tokenId, now });
        await runUseCase(
          db,
          actor,
          (ctx) =>
            ctx.audit({
              action: 'ECONSENT_SIGNED_FILE_DOWNLOADED',
              entityType: 'ECONSENT',
              entityId: file.id,
              studyId,
              after: { tokenId, sha256: file.sha256, by: 'STAFF', signature },
            }),
          now,
        );
        return sendPdf(reply, file.fileName, file.data);
      },
    }),
    defineRoute({
      endpoint: ec.subjectList,
      permission: inStudy('ECONSENT_LIST', { site: patientSite }),
      handler: async (req) =>
        listSubjectEConsents(db, { studyId: req.params.studyId, subjectId: req.params.id }),
    }),
    defineRoute({
      endpoint: ec.log,
      permission: inStudy('ECONSENT_LIST'),
      handler: async (req) => {
        const { studyId } = req.params;
        if (!req.access) throw forbidden();
        const allowed = sitesWithPermission(req.access, 'ECONSENT_LIST', studyId);
        const wanted = req.query.siteId;
        if (wanted && allowed !== 'ALL' && !allowed.includes(wanted)) throw forbidden();
        const siteIds = wanted ? [wanted] : allowed;
        return listConsentLog(db, { studyId, siteIds, dataEventId: req.query.dataEventId });
      },
    }),
    ...publicEConsentRoutes(deps),
  ] as RouteDefinition<never>[];
}
