import {
  type AccessUser,
  AE_CHANGE_MEANINGS,
  AE_SIGN_MEANINGS,
  AE_SIGN_PERMISSIONS,
  type AeContent,
  type AeSignAction,
  adverseEventEndpoints as ae,
} from '@trialbase/domain';
import type { FastifyRequest } from 'fastify';
import { checkExtendedValidation, type Signature } from '../../platform/auth/extended-validation';
import { actorOf } from '../../platform/auth/guard';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { publicBaseUrl } from '../../platform/http/public-url';
import { OUTBOX_QUEUE } from '../../platform/outbox/outbox';
import { registerRemovableTypes } from '../../platform/soft-delete/registry';
import { runUseCase } from '../../platform/use-case';
import { aeRemovableType } from './removable';
import { findAeSettings, findStudyForAe } from './repo';
import { aeSite, aeSubjectSite, reportedSubjectSite } from './route-helpers';
import { listAeSummaries, loadAeView } from './service/read';
import { amendAe, createAe, updateAe, verifyAe } from './service/report';
import { updateAeSettings } from './service/settings';
import { signAe } from './service/sign';

/** The pg-boss queue of the serious-event clock's sweep (issue 20 item 5). */
export const AE_CLOCK_QUEUE = 'ae-clock';

function accessOf(req: FastifyRequest): AccessUser {
  if (!req.access) throw forbidden();
  return req.access;
}

/**
 * Create, update, sign, amend and remove always ask for the password (issue 20 item 1; 21 CFR
 * 11.200), whatever the study's extended-validation setting: the signature is recorded with the change.
 */
async function signWithPassword(
  db: ModuleDeps['db'],
  req: FastifyRequest,
  meaning: string,
  now: Date,
): Promise<Signature> {
  const signature = await checkExtendedValidation(db, req, { required: true, meaning, now });
  if (!signature) throw new AppError('INTERNAL', 'A required signature was not made.');
  return signature;
}

function contentOfBody(body: AeContent): AeContent {
  return {
    eventDescription: body.eventDescription,
    sae: body.sae,
    details: body.details,
    sarForm: body.sarForm,
    seForm: body.seForm,
    investigator: body.investigator,
  };
}

/**
 * Adverse events (spec 000 §7, 001 §7 listAe; issue 20 items 1 and 5): report, list, view with
 * audit, change, verification, the four lifecycle signatures, amendment, and the
 * study's AE settings (safety contacts). Every permission is checked at the AE's (or subject's) site.
 */
export function adverseEventRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db, clock, config } = deps;
  // Soft delete type `ae` goes through the study's soft-delete call (storage module, 000 §3).
  registerRemovableTypes([aeRemovableType]);
  const kick = (messages: number) => {
    const jobs = deps.jobs();
    if (!jobs) return;
    if (messages > 0) jobs.kick(OUTBOX_QUEUE);
    jobs.kick(AE_CLOCK_QUEUE);
  };
  const view = (req: FastifyRequest, studyId: string, aeId: string, now: Date) =>
    loadAeView(db, { studyId, aeId, access: req.access ?? null, now });

  const signRoute = (action: AeSignAction, endpoint: (typeof ae)['signClassification']) =>
    defineRoute({
      endpoint,
      permission: inStudy(AE_SIGN_PERMISSIONS[action], { site: aeSite }),
      handler: async (req) => {
        const { studyId, aeId } = req.params;
        const now = clock();
        const signature = await signWithPassword(db, req, AE_SIGN_MEANINGS[action], now);
        await runUseCase(
          db,
          actorOf(req),
          (ctx) => signAe(ctx, { studyId, aeId, action, signature, comment: req.body.comment ?? null }),
          now,
        );
        kick(0);
        return view(req, studyId, aeId, now);
      },
    });

  return [
    defineRoute({
      endpoint: ae.create,
      permission: inStudy('AE_CREATE', { site: reportedSubjectSite }),
      handler: async (req, reply) => {
        const { studyId } = req.params;
        const now = clock();
        if (!(await findStudyForAe(db, studyId))) throw notFound('The study');
        const signature = await signWithPassword(db, req, AE_CHANGE_MEANINGS.create, now);
        const { row, messages } = await runUseCase(
          db,
          actorOf(req),
          (ctx) =>
            createAe(ctx, {
              studyId,
              body: { ...req.body, ...contentOfBody(req.body) },
              signature,
              baseUrl: publicBaseUrl(req, config),
            }),
          now,
        );
        kick(messages);
        return reply.code(201).send(await view(req, studyId, row.id, now));
      },
    }),
    defineRoute({
      endpoint: ae.list,
      permission: inStudy('AE_LIST'),
      handler: async (req) =>
        listAeSummaries(db, {
          studyId: req.params.studyId,
          access: accessOf(req),
          now: clock(),
          query: req.query,
        }),
    }),
    defineRoute({
      endpoint: ae.get,
      permission: inStudy('AE_VIEW', { site: aeSite }),
      handler: async (req) => {
        const { studyId, aeId } = req.params;
        return loadAeView(db, {
          studyId,
          aeId,
          access: req.access ?? null,
          now: clock(),
          withAudit: req.query.isAudit === true,
        });
      },
    }),
    defineRoute({
      endpoint: ae.update,
      permission: inStudy('AE_UPDATE', { site: aeSite }),
      handler: async (req) => {
        const { studyId, aeId } = req.params;
        const now = clock();
        const signature = await signWithPassword(db, req, AE_CHANGE_MEANINGS.update, now);
        const { messages } = await runUseCase(
          db,
          actorOf(req),
          (ctx) =>
            updateAe(ctx, {
              studyId,
              aeId,
              content: contentOfBody(req.body),
              signature,
              baseUrl: publicBaseUrl(req, config),
            }),
          now,
        );
        kick(messages);
        return view(req, studyId, aeId, now);
      },
    }),
    defineRoute({
      endpoint: ae.verify,
      permission: inStudy('VERIFICATION_STATUS_UPDATE', {
        site: aeSite,
        atSite: (params) =>
          params.verificationType === 'secondary'
            ? 'VERIFICATION_STATUS_SECONDARY_UPDATE'
            : 'VERIFICATION_STATUS_UPDATE',
      }),
      handler: async (req) => {
        const { studyId, aeId, verificationType } = req.params;
        const now = clock();
        const userId = req.auth?.user.id;
        if (!userId) throw forbidden();
        await runUseCase(
          db,
          actorOf(req),
          (ctx) =>
            verifyAe(ctx, { studyId, aeId, round: verificationType, verified: req.body.verified, userId }),
          now,
        );
        return view(req, studyId, aeId, now);
      },
    }),
    signRoute('classification', ae.signClassification),
    signRoute('followUp', ae.signFollowUp),
    signRoute('initialSponsor', ae.signInitialSponsor),
    signRoute('finalSponsor', ae.signFinalSponsor),
    defineRoute({
      endpoint: ae.amend,
      permission: inStudy('AE_UPDATE', { site: aeSite }),
      handler: async (req) => {
        const { studyId, aeId } = req.params;
        const now = clock();
        const signature = await signWithPassword(db, req, AE_CHANGE_MEANINGS.amend, now);
        const { messages } = await runUseCase(
          db,
          actorOf(req),
          (ctx) =>
            amendAe(ctx, { studyId, aeId, body: req.body, signature, baseUrl: publicBaseUrl(req, config) }),
          now,
        );
        kick(messages);
        return view(req, studyId, aeId, now);
      },
    }),
    defineRoute({
      endpoint: ae.listOfSubject,
      permission: inStudy('AE_LIST', { site: aeSubjectSite }),
      handler: async (req) =>
        listAeSummaries(db, {
          studyId: req.params.studyId,
          access: accessOf(req),
          now: clock(),
          query: { subjectId: req.params.subjectId },
        }),
    }),
    defineRoute({
      endpoint: ae.settings,
      permission: inStudy('AE_VIEW'),
      handler: async (req) => {
        if (!(await findStudyForAe(db, req.params.studyId))) throw notFound('The study');
        return findAeSettings(db, req.params.studyId);
      },
    }),
    defineRoute({
      endpoint: ae.updateSettings,
      permission: inStudy('STUDY_UPDATE'),
      handler: async (req) => {
        const { studyId } = req.params;
        if (!(await findStudyForAe(db, studyId))) throw notFound('The study');
        return runUseCase(
          db,
          actorOf(req),
          (ctx) => updateAeSettings(ctx, { studyId, settings: req.body }),
          clock(),
        );
      },
    }),
  ] as RouteDefinition<never>[];
}
