import {
  AddonsRequestSchema,
  CreateStudyRequestSchema,
  GenerateIdsRequestSchema,
  GenerateIdsResponseSchema,
  ParticipantSettingsSchema,
  StudyDetailSchema,
  StudyListQuerySchema,
  StudyListSchema,
  StudyOverviewSchema,
  StudySubscriptionSchema,
  UpdateStudyRequestSchema,
} from '@trialbase/domain';
import { z } from 'zod';
import { checkExtendedValidation } from '../../platform/auth/extended-validation';
import { actorOf } from '../../platform/auth/guard';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { newId } from '../../platform/ids';
import { runUseCase } from '../../platform/use-case';
import { studyCreator } from './guards';
import { lifecycleRoutes } from './lifecycle-routes';
import { presentStudyDetail, presentStudySummary } from './presenters';
import { accessOf, IdParamsSchema, StudyIdParamsSchema } from './route-helpers';
import { canCreateStudies, createStudy } from './service/create-study';
import { duplicateStudy } from './service/duplicate-study';
import { applyEnterpriseCode, enableStudyModules, getStudySubscription } from './service/modules';
import { participantSettingsOf, updateParticipantSettings } from './service/participant-settings';
import { getStudyOr404, getStudyOverview, listStudiesFor } from './service/queries';
import { updateStudy } from './service/update-study';

/** Routes of this area; each declares its permission (CONVENTIONS.md). Spec 001 §7 study lifecycle. */
export function studyRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db } = deps;
  const tags = ['studies'];
  return [
    defineRoute({
      method: 'GET',
      url: '/api/study',
      permission: 'session',
      schema: {
        tags,
        summary: 'List the studies the caller may see',
        querystring: StudyListQuerySchema,
        response: { 200: StudyListSchema },
      },
      handler: async (req) => {
        const rows = await listStudiesFor(db, await accessOf(deps, req), req.query);
        return rows.map(presentStudySummary);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/study',
      permission: studyCreator(db),
      schema: {
        tags,
        summary: 'Create a study',
        body: CreateStudyRequestSchema,
        response: { 201: StudyDetailSchema },
      },
      handler: async (req, reply) => {
        const user = req.auth!.user;
        const row = await runUseCase(db, actorOf(req), (ctx) =>
          createStudy(ctx, { settings: req.body, creator: { id: user.id, email: user.email } }),
        );
        return reply.code(201).send(presentStudyDetail(row, await accessOf(deps, req, true)));
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/study/:id',
      permission: inStudy('STUDY_VIEW'),
      schema: { tags, summary: 'One study', params: IdParamsSchema, response: { 200: StudyDetailSchema } },
      handler: async (req) =>
        presentStudyDetail(await getStudyOr404(db, req.params.id), await accessOf(deps, req)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/study/:id',
      permission: inStudy('STUDY_UPDATE'),
      schema: {
        tags,
        summary: 'Change study settings (what may change depends on the status)',
        params: IdParamsSchema,
        body: UpdateStudyRequestSchema,
        response: { 200: StudyDetailSchema },
      },
      handler: async (req) => {
        const study = await getStudyOr404(db, req.params.id);
        const signature = await checkExtendedValidation(db, req, {
          required: study.extendedValidation,
          meaning: 'Study settings changed',
        });
        const row = await runUseCase(db, actorOf(req), (ctx) =>
          updateStudy(ctx, { studyId: study.id, changes: req.body, signature }),
        );
        return presentStudyDetail(row, await accessOf(deps, req));
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/study/:id/overview',
      permission: inStudy('STUDY_VIEW'),
      schema: {
        tags,
        summary: 'Study overview tiles',
        params: IdParamsSchema,
        response: { 200: StudyOverviewSchema },
      },
      handler: async (req) => getStudyOverview(db, await getStudyOr404(db, req.params.id)),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/study/:studyId/generateNewMongoIds',
      permission: inStudy('STUDY_VIEW'),
      schema: {
        tags,
        summary: 'Fresh 24-character ids for new design elements',
        params: StudyIdParamsSchema,
        body: GenerateIdsRequestSchema.default({ countOfIds: 10 }),
        response: { 200: GenerateIdsResponseSchema },
      },
      handler: async (req) => {
        await getStudyOr404(db, req.params.studyId);
        const now = new Date();
        return { ids: Array.from({ length: req.body.countOfIds }, () => newId(now)) };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/study/:studyId/duplicate',
      permission: inStudy('STUDY_UPDATE', { also: { rule: 'may create studies', holds: canCreateStudies } }),
      schema: {
        tags,
        summary: 'Copy the design of a study into a new study',
        params: StudyIdParamsSchema,
        response: { 201: StudyDetailSchema },
      },
      handler: async (req, reply) => {
        const source = await getStudyOr404(db, req.params.studyId);
        const user = req.auth!.user;
        const row = await runUseCase(db, actorOf(req), (ctx) =>
          duplicateStudy(ctx, { source, caller: { id: user.id, email: user.email } }),
        );
        return reply.code(201).send(presentStudyDetail(row, await accessOf(deps, req, true)));
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/study/:id/subscriptionPlan',
      permission: inStudy('STUDY_VIEW'),
      schema: {
        tags,
        summary: 'The study plan and its paid modules',
        params: IdParamsSchema,
        response: { 200: StudySubscriptionSchema },
      },
      handler: async (req) => getStudySubscription(db, await getStudyOr404(db, req.params.id)),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/studies/:studyId/addons',
      permission: 'system-admin',
      schema: {
        tags,
        summary: 'Enable paid modules for a study',
        params: StudyIdParamsSchema,
        body: AddonsRequestSchema,
        response: { 200: StudyDetailSchema },
      },
      handler: async (req) => {
        const study = await getStudyOr404(db, req.params.studyId);
        const row = await runUseCase(db, actorOf(req), (ctx) =>
          enableStudyModules(ctx, { studyId: study.id, modules: req.body.modules }),
        );
        return presentStudyDetail(row, await accessOf(deps, req));
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/study/:id/:code/applyEnterpriseCode',
      permission: inStudy('STUDY_UPDATE'),
      schema: {
        tags,
        summary: 'Redeem an enterprise code for this study',
        params: IdParamsSchema.extend({ code: z.string().trim().min(1).max(128) }),
        response: { 200: StudyDetailSchema },
      },
      handler: async (req) => {
        const study = await getStudyOr404(db, req.params.id);
        const row = await runUseCase(db, actorOf(req), (ctx) =>
          applyEnterpriseCode(ctx, { studyId: study.id, code: req.params.code }),
        );
        return presentStudyDetail(row, await accessOf(deps, req));
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/study/:studyId/participantSettings',
      permission: inStudy('STUDY_VIEW'),
      schema: {
        tags,
        summary: 'Public sign-up fields, subject-required fields, sign-up gates and logo (spec 002 §3, §4)',
        params: StudyIdParamsSchema,
        response: { 200: ParticipantSettingsSchema },
      },
      handler: async (req) => participantSettingsOf(await getStudyOr404(db, req.params.studyId)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/study/:studyId/participantSettings',
      permission: inStudy('STUDY_UPDATE'),
      schema: {
        tags,
        summary: 'Change the participant settings of a study (spec 002 §3, §4)',
        params: StudyIdParamsSchema,
        body: ParticipantSettingsSchema,
        response: { 200: ParticipantSettingsSchema },
      },
      handler: async (req) =>
        runUseCase(db, actorOf(req), (ctx) =>
          updateParticipantSettings(ctx, { studyId: req.params.studyId, settings: req.body }),
        ),
    }),
    ...lifecycleRoutes(deps),
  ] as RouteDefinition<never>[];
}
