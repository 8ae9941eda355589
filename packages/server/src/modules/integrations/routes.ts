import {
  API_KEY_RENEW_MEANING,
  ApiAccessSchema,
  ApiUserSettingsSchema,
  hasPermission,
  RenewedApiKeySchema,
  StudyInfoQuerySchema,
  StudyInfoSchema,
  studyInfoAsText,
} from '@trialbase/domain';
import { z } from 'zod';
import { checkExtendedValidation } from '../../platform/auth/extended-validation';
import { actorOf } from '../../platform/auth/guard';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { runUseCase } from '../../platform/use-case';
import {
  getApiAccess,
  getStudyInfo,
  loadStudyWithApiModule,
  renewApiKey,
  updateApiUserSettings,
} from './service';

const StudyParamsSchema = z.object({ studyId: z.string().min(1).max(64) });
const tags = ['integrations'];

/** API access (spec 001 §2 "API access", §3 API user): the study's key, its API user setting and study info. */
export function integrationRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db } = deps;
  return [
    defineRoute({
      method: 'GET',
      url: '/api/studies/:studyId/apiKey',
      permission: inStudy('API_KEY_VIEW'),
      schema: {
        tags,
        summary: "The study's API key metadata (never the key) and API user setting",
        params: StudyParamsSchema,
        response: { 200: ApiAccessSchema },
      },
      handler: async (req) => {
        const scope = { studyId: req.params.studyId };
        const access = req.access!;
        return getApiAccess(db, {
          studyId: req.params.studyId,
          abilities: {
            canRenew: hasPermission(access, 'API_KEY_RENEW', scope),
            canUpdateSettings: hasPermission(access, 'API_KEY_CREATE', scope),
          },
        });
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/studies/:studyId/apiKey/renew',
      permission: inStudy('API_KEY_RENEW'),
      schema: {
        tags,
        summary: 'Create a new key and revoke the old one; the key is in this answer only',
        params: StudyParamsSchema,
        response: { 200: RenewedApiKeySchema },
      },
      handler: async (req, reply) => {
        const study = await loadStudyWithApiModule(db, req.params.studyId);
        const signature = await checkExtendedValidation(db, req, {
          required: study.extendedValidation,
          meaning: API_KEY_RENEW_MEANING,
        });
        const renewed = await runUseCase(db, actorOf(req), (ctx) =>
          renewApiKey(ctx, { studyId: study.id, userId: req.auth!.user.id, signature }),
        );
        reply.header('cache-control', 'no-store');
        return renewed;
      },
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/studies/:studyId/apiKey/settings',
      // No API_KEY_UPDATE exists: configuring the API user is part of creating its access.
      permission: inStudy('API_KEY_CREATE'),
      schema: {
        tags,
        summary: 'Save the API user setting viewIdentifiable',
        params: StudyParamsSchema,
        body: ApiUserSettingsSchema,
        response: { 200: ApiUserSettingsSchema },
      },
      handler: async (req) =>
        runUseCase(db, actorOf(req), (ctx) =>
          updateApiUserSettings(ctx, {
            studyId: req.params.studyId,
            viewIdentifiable: req.body.viewIdentifiable,
          }),
        ),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/studies/:studyId/apiKey/studyInfo',
      permission: inStudy('STUDY_VIEW'),
      schema: {
        tags,
        summary: "The study's information for API users, as JSON or plain text",
        params: StudyParamsSchema,
        querystring: StudyInfoQuerySchema,
        response: { 200: z.union([StudyInfoSchema, z.string()]) },
      },
      handler: async (req, reply) => {
        const info = await getStudyInfo(db, req.params.studyId);
        if (req.query.format === 'text') {
          return reply.type('text/plain; charset=utf-8').send(studyInfoAsText(info));
        }
        return info;
      },
    }),
  ] as RouteDefinition<never>[];
}
