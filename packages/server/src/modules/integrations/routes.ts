import {
  API_KEY_RENEW_MEANING,
  hasPermission,
  integrationEndpoints,
  studyInfoAsText,
} from '@trialbase/domain';
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
} from './service/api-access';

/** API access (spec 001 §2 "API access", §3 API user): the study's key, its API user setting and study info. */
export function integrationRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db } = deps;
  return [
    defineRoute({
      endpoint: integrationEndpoints.get,
      permission: inStudy('API_KEY_VIEW'),
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
      endpoint: integrationEndpoints.renew,
      permission: inStudy('API_KEY_RENEW'),
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
      endpoint: integrationEndpoints.saveSettings,
      // No API_KEY_UPDATE exists: configuring the API user is part of creating its access.
      permission: inStudy('API_KEY_CREATE'),
      handler: async (req) =>
        runUseCase(db, actorOf(req), (ctx) =>
          updateApiUserSettings(ctx, {
            studyId: req.params.studyId,
            viewIdentifiable: req.body.viewIdentifiable,
            dataFeed: req.body.dataFeed,
            dataWrite: req.body.dataWrite,
          }),
        ),
    }),
    defineRoute({
      endpoint: integrationEndpoints.studyInfo,
      permission: inStudy('STUDY_VIEW'),
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
