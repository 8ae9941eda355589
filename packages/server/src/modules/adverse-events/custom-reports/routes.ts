import {
  AE_REPORT_STEP_MEANINGS,
  AE_REPORT_STEP_PERMISSIONS,
  type AeReportStep,
  customAeReportEndpoints as ep,
  type Permission,
  sitesWithPermission,
} from '@trialbase/domain';
import type { FastifyRequest } from 'fastify';
import { checkExtendedValidation } from '../../../platform/auth/extended-validation';
import { actorOf } from '../../../platform/auth/guard';
import type { Executor } from '../../../platform/db/client';
import { forbidden, notFound } from '../../../platform/errors';
import { defineRoute, inStudy, type RouteDefinition } from '../../../platform/http/define-route';
import type { ModuleDeps } from '../../../platform/http/module-deps';
import { siteOfEntity, siteParam } from '../../../platform/http/site-scope';
import { registerRemovableTypes } from '../../../platform/soft-delete/registry';
import { runUseCase } from '../../../platform/use-case';
import { findEnrollment, findStudyExtendedValidation } from '../../enrollments/api';
import { enrollmentSite } from '../../enrollments/route-helpers';
import { siteOfToken } from '../../enrollments/tokens/route-helpers';
import { findAnswerFileInStudy } from '../../files/api';
import { aeReportRemovableType } from './removable';
import { findAeReport, findAeReportByToken, listAeReports } from './repo';
import { type AeReportCaller, presentAeReport, presentAeReportSummary } from './service/context';
import { uploadAeReportFile } from './service/upload-ae-report-file';
import {
  amendAeReport,
  createAeReport,
  listAeForms,
  requireReportOfToken,
  saveAeReport,
  signAeReport,
} from './service/write-ae-report';

async function siteOfAeReport(db: Executor, studyId: string, id: string): Promise<string> {
  const row = await findAeReport(db, studyId, id);
  if (!row) throw notFound('The AE report');
  return row.siteId;
}

/**
 * The site of the AE report whose own link is `tokenId`; a form link of the schedule is checked at its
 * enrollment's site (the handler then answers 404: it is not an AE report), so another site's caller
 * learns nothing either way.
 */
async function siteOfAeReportToken(db: Executor, studyId: string, tokenId: string): Promise<string> {
  const row = await findAeReportByToken(db, studyId, tokenId);
  if (row) return row.siteId;
  return siteOfToken(db, studyId, tokenId).catch(() => {
    throw notFound('The AE report');
  });
}

async function siteOfAeReportImage(db: Executor, studyId: string, imageId: string): Promise<string> {
  const file = await findAnswerFileInStudy(db, studyId, imageId);
  const report = file ? await findAeReportByToken(db, studyId, file.tokenId) : null;
  if (!file || !report || !file.contentType.startsWith('image/')) throw notFound('The image');
  return report.siteId;
}

/** Routes naming `:aeReportId` act at the report's site. */
const aeReportSite = siteOfEntity('AE report', 'aeReportId', siteOfAeReport);
/** Routes naming the report's own link `:tokenId` act at the report's site. */
const aeReportTokenSite = siteOfEntity('AE report', 'tokenId', siteOfAeReportToken);

/** Spec 000 §6: signing a step needs that step's permission at the report's site. */
function signPermission(params: Record<string, string | undefined>): Permission {
  const step = params.signType as AeReportStep | undefined;
  return (step && AE_REPORT_STEP_PERMISSIONS[step]) || 'AE_VIEW';
}

function callerOf(req: FastifyRequest): AeReportCaller {
  if (!req.access) throw forbidden();
  return { access: req.access, userId: actorOf(req).id ?? '' };
}

/**
 * Custom AE reports ("ae2", issue 20 item 3; spec 000 §7, 001 §7 `customaereports`): start on an AE
 * form, fill through the report's own filled-form URLs, sign each step with the password, amend with a
 * reason, upload files and read images. Every route is scoped to the report's (or enrollment's) site.
 */
export function customAeReportRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db, clock } = deps;
  // Soft delete type `ae2` goes through the study's soft-delete call (storage module, 000 §3).
  registerRemovableTypes([aeReportRemovableType]);

  /** Extended validation as the filled-form updates have it: when the study asks for it. */
  async function studySignature(req: FastifyRequest, studyId: string, meaning: string) {
    const required = (await findStudyExtendedValidation(db, studyId)) ?? false;
    return checkExtendedValidation(db, req, { required, meaning, now: clock() });
  }

  /** A signature always needs the password (21 CFR 11.200: the signer re-identifies). */
  async function password(req: FastifyRequest, meaning: string) {
    const signature = await checkExtendedValidation(db, req, { required: true, meaning, now: clock() });
    if (!signature) throw forbidden();
    return signature;
  }

  return [
    defineRoute({
      endpoint: ep.create,
      permission: inStudy('AE_CREATE', { site: enrollmentSite }),
      handler: async (req, reply) => {
        const caller = callerOf(req);
        await studySignature(req, req.params.studyId, 'AE report started');
        const row = await runUseCase(
          db,
          actorOf(req),
          (ctx) => createAeReport(ctx, caller, { ...req.params, ...req.body }),
          clock(),
        );
        return reply.code(201).send(await presentAeReport(db, row, caller));
      },
    }),
    defineRoute({
      endpoint: ep.list,
      permission: inStudy('AE_LIST'),
      handler: async (req) => {
        const caller = callerOf(req);
        const { studyId } = req.params;
        const siteIds = sitesWithPermission(caller.access, 'AE_LIST', studyId);
        const rows = await listAeReports(db, studyId, { siteIds, ...req.query });
        const reports = [];
        for (const row of rows) reports.push(await presentAeReportSummary(db, row));
        const forms = (await listAeForms(db, studyId)).map((f) => ({
          id: f.id,
          title: ((f.document as { title?: Record<string, string> }).title ?? { en: f.name }) as never,
          isDefault: f.isDefaultAeForm,
        }));
        return { reports, total: reports.length, forms };
      },
    }),
    defineRoute({
      endpoint: ep.get,
      permission: inStudy('AE_VIEW', { site: aeReportSite }),
      handler: async (req) => {
        const row = await findAeReport(db, req.params.studyId, req.params.aeReportId);
        if (!row) throw notFound('The AE report');
        return presentAeReport(db, row, callerOf(req));
      },
    }),
    defineRoute({
      endpoint: ep.sign,
      permission: inStudy('AE_VIEW', { site: siteParam('siteId'), atSite: signPermission }),
      handler: async (req) => {
        const caller = callerOf(req);
        const { studyId, siteId, aeReportId, signType } = req.params;
        const row = await findAeReport(db, studyId, aeReportId);
        if (!row || row.siteId !== siteId) throw notFound('The AE report');
        const signature = await password(req, AE_REPORT_STEP_MEANINGS[signType]);
        const out = await runUseCase(
          db,
          actorOf(req),
          (ctx) =>
            signAeReport(ctx, caller, {
              studyId,
              siteId,
              aeReportId,
              step: signType,
              save: req.query.save,
              answers: req.body.answers,
              sae: req.body.sae,
              signature,
            }),
          clock(),
        );
        return presentAeReport(db, out.row, caller, out.form);
      },
    }),
    defineRoute({
      endpoint: ep.ofToken,
      permission: inStudy('AE_VIEW', { site: aeReportTokenSite }),
      handler: async (req) => {
        const row = await requireReportOfToken(db, req.params);
        return presentAeReport(db, row, callerOf(req));
      },
    }),
    defineRoute({
      endpoint: ep.save,
      permission: inStudy('AE_VIEW', { site: aeReportTokenSite }),
      handler: async (req) => {
        const caller = callerOf(req);
        await studySignature(req, req.params.studyId, 'AE report answers saved');
        const out = await runUseCase(
          db,
          actorOf(req),
          (ctx) => saveAeReport(ctx, caller, { ...req.params, ...req.body }),
          clock(),
        );
        return presentAeReport(db, out.row, caller, out.form);
      },
    }),
    defineRoute({
      endpoint: ep.amend,
      permission: inStudy('AE_VIEW', { site: aeReportTokenSite }),
      handler: async (req) => {
        const caller = callerOf(req);
        const signature = await password(req, 'Amendment of the adverse event report');
        const out = await runUseCase(
          db,
          actorOf(req),
          (ctx) => amendAeReport(ctx, caller, { ...req.params, ...req.body, signature }),
          clock(),
        );
        return presentAeReport(db, out.row, caller, out.form);
      },
    }),
    defineRoute({
      endpoint: ep.uploadFile,
      permission: inStudy('AE_VIEW', { site: aeReportTokenSite }),
      bodyLimit: 1_400_000,
      handler: async (req, reply) => {
        const caller = callerOf(req);
        const row = await findAeReportByToken(db, req.params.studyId, req.params.tokenId);
        if (!row) throw notFound('The AE report');
        const info = await runUseCase(
          db,
          actorOf(req),
          (ctx) =>
            uploadAeReportFile(ctx, caller, {
              studyId: row.studyId,
              siteId: row.siteId,
              tokenId: row.tokenId,
              form: {
                formId: row.formId,
                version: { major: row.formVersionMajor, minor: row.formVersionMinor },
              },
              questionId: req.params.questionId,
              formIdOfUrl: req.params.formId,
              body: req.body,
            }),
          clock(),
        );
        return reply.code(201).send(info);
      },
    }),
    defineRoute({
      endpoint: ep.uploadSiteFile,
      permission: inStudy('AE_CREATE', { site: siteParam('siteId') }),
      bodyLimit: 1_400_000,
      handler: async (req, reply) => {
        const caller = callerOf(req);
        const { studyId, siteId, enrollmentId, formId, questionId } = req.params;
        const info = await runUseCase(
          db,
          actorOf(req),
          async (ctx) => {
            const enrollment = await findEnrollment(ctx.tx, studyId, enrollmentId);
            if (!enrollment || enrollment.siteId !== siteId) throw notFound('The enrollment');
            // Before the report exists the file is kept with the enrollment's link id.
            return uploadAeReportFile(ctx, caller, {
              studyId,
              siteId,
              tokenId: enrollmentId,
              form: { formId, version: undefined },
              questionId,
              formIdOfUrl: formId,
              body: req.body,
            });
          },
          clock(),
        );
        return reply.code(201).send(info);
      },
    }),
    defineRoute({
      endpoint: ep.image,
      permission: inStudy('AE_VIEW', { site: siteOfEntity('image', 'imageId', siteOfAeReportImage) }),
      handler: async (req, reply) => {
        const file = await findAnswerFileInStudy(db, req.params.studyId, req.params.imageId);
        if (!file) throw notFound('The image');
        return reply
          .header('content-type', file.contentType)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(file.data);
      },
    }),
  ] as RouteDefinition<never>[];
}
