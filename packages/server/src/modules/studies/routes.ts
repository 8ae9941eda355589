import { studyEndpoints } from '@trialbase/domain';
import { checkExtendedValidation } from '../../platform/auth/extended-validation';
import { actorOf } from '../../platform/auth/guard';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { newId } from '../../platform/ids';
import { runUseCase } from '../../platform/use-case';
import { studyCreator } from './guards';
import { lifecycleRoutes } from './lifecycle-routes';
import { presentStudyDetail, presentStudySummary } from './presenters';
import { accessOf } from './route-helpers';
import { canCreateStudies, createStudy } from './service/create-study';
import { duplicateStudy } from './service/duplicate-study';
import { applyEnterpriseCode, enableStudyModules, getStudySubscription } from './service/modules';
import { participantSettingsOf, updateParticipantSettings } from './service/participant-settings';
import { getStudyOr404, getStudyOverview, listStudiesFor } from './service/read-studies';
import { updateStudy } from './service/update-study';

/** Routes of this area; each declares its permission (CONVENTIONS.md). Spec 001 §7 study lifecycle. */
export function studyRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db } = deps;
  return [
    defineRoute({
      endpoint: studyEndpoints.list,
      permission: 'session',
      handler: async (req) => {
        const rows = await listStudiesFor(db, await accessOf(deps, req), req.query);
        return rows.map(presentStudySummary);
      },
    }),
    defineRoute({
      endpoint: studyEndpoints.create,
      permission: studyCreator(db),
      handler: async (req, reply) => {
        const user = req.auth!.user;
        const row = await runUseCase(db, actorOf(req), (ctx) =>
          createStudy(ctx, { settings: req.body, creator: { id: user.id, email: user.email } }),
        );
        return reply.code(201).send(presentStudyDetail(row, await accessOf(deps, req, true)));
      },
    }),
    defineRoute({
      endpoint: studyEndpoints.get,
      permission: inStudy('STUDY_VIEW'),
      handler: async (req) =>
        presentStudyDetail(await getStudyOr404(db, req.params.id), await accessOf(deps, req)),
    }),
    defineRoute({
      endpoint: studyEndpoints.update,
      permission: inStudy('STUDY_UPDATE'),
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
      endpoint: studyEndpoints.overview,
      permission: inStudy('STUDY_VIEW'),
      handler: async (req) =>
        getStudyOverview(db, await getStudyOr404(db, req.params.id), await accessOf(deps, req)),
    }),
    defineRoute({
      endpoint: studyEndpoints.newIds,
      permission: inStudy('STUDY_VIEW'),
      handler: async (req) => {
        await getStudyOr404(db, req.params.studyId);
        const now = new Date();
        return { ids: Array.from({ length: req.body.countOfIds }, () => newId(now)) };
      },
    }),
    defineRoute({
      endpoint: studyEndpoints.duplicate,
      permission: inStudy('STUDY_UPDATE', { also: { rule: 'may create studies', holds: canCreateStudies } }),
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
      endpoint: studyEndpoints.plan,
      permission: inStudy('STUDY_VIEW'),
      handler: async (req) => getStudySubscription(db, await getStudyOr404(db, req.params.id)),
    }),
    defineRoute({
      endpoint: studyEndpoints.addons,
      permission: 'system-admin',
      handler: async (req) => {
        const study = await getStudyOr404(db, req.params.studyId);
        const row = await runUseCase(db, actorOf(req), (ctx) =>
          enableStudyModules(ctx, { studyId: study.id, modules: req.body.modules }),
        );
        return presentStudyDetail(row, await accessOf(deps, req));
      },
    }),
    defineRoute({
      endpoint: studyEndpoints.applyEnterpriseCode,
      permission: inStudy('STUDY_UPDATE'),
      handler: async (req) => {
        const study = await getStudyOr404(db, req.params.id);
        const row = await runUseCase(db, actorOf(req), (ctx) =>
          applyEnterpriseCode(ctx, { studyId: study.id, code: req.params.code }),
        );
        return presentStudyDetail(row, await accessOf(deps, req));
      },
    }),
    defineRoute({
      endpoint: studyEndpoints.participantSettings,
      permission: inStudy('STUDY_VIEW'),
      handler: async (req) => participantSettingsOf(await getStudyOr404(db, req.params.studyId)),
    }),
    defineRoute({
      endpoint: studyEndpoints.saveParticipantSettings,
      permission: inStudy('STUDY_UPDATE'),
      handler: async (req) =>
        runUseCase(db, actorOf(req), (ctx) =>
          updateParticipantSettings(ctx, { studyId: req.params.studyId, settings: req.body }),
        ),
    }),
    ...lifecycleRoutes(deps),
  ] as RouteDefinition<never>[];
}
