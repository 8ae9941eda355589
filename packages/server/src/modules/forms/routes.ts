import { formEndpoints, hasPermission } from '@trialbase/domain';
import { forbidden } from '../../platform/errors';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { runUseCase } from '../../platform/use-case';
import type { FormUsage } from './form-usage';
import { imageRoutes } from './image-routes';
import { libraryRoutes } from './library-routes';
import { findForm } from './repo';
import { accessOf, actorOf } from './route-helpers';
import { deleteStudyForm, duplicateStudyForm, getStudyForm, listStudyForms } from './service/forms';
import { autosaveForm } from './service/save-form';
import { getTaggedForm, listProcessForms, listTaggedForms, promoteFormVersion } from './service/versions';

/** Form templates, versions, libraries and study images (spec 001 §7 form templates, 000 §7 images). */
/** `usage`: what forms asks of processes and enrollments, handed in by app.ts (issue 14 item 8). */
export function formRoutes(deps: ModuleDeps, usage: FormUsage): RouteDefinition<never>[] {
  const { db } = deps;
  return [
    defineRoute({
      endpoint: formEndpoints.list,
      permission: inStudy('QUESTIONNAIRE_TEMPLATE_LIST'),
      handler: async (req) => listStudyForms(db, usage, { studyId: req.params.studyId, ...req.query }),
    }),
    defineRoute({
      endpoint: formEndpoints.get,
      permission: inStudy('QUESTIONNAIRE_TEMPLATE_VIEW'),
      handler: async (req) => getStudyForm(db, usage, { ...req.params, ...req.query }),
    }),
    defineRoute({
      endpoint: formEndpoints.save,
      permission: inStudy('QUESTIONNAIRE_TEMPLATE_UPDATE'),
      handler: async (req, reply) => {
        const { studyId } = req.params;
        const isNew = !req.body.id || !(await findForm(db, studyId, req.body.id));
        if (isNew && !hasPermission(accessOf(req), 'QUESTIONNAIRE_TEMPLATE_CREATE', { studyId }))
          throw forbidden();
        const result = await runUseCase(db, actorOf(req), (ctx) =>
          autosaveForm(ctx, usage, { studyId, form: req.body }),
        );
        return reply.code(result.isCreated ? 201 : 200).send(result.form);
      },
    }),
    defineRoute({
      endpoint: formEndpoints.delete,
      permission: inStudy('QUESTIONNAIRE_TEMPLATE_DELETE'),
      handler: async (req, reply) => {
        await runUseCase(db, actorOf(req), (ctx) => deleteStudyForm(ctx, usage, req.params));
        return reply.code(204).send(null);
      },
    }),
    defineRoute({
      endpoint: formEndpoints.duplicate,
      permission: inStudy('QUESTIONNAIRE_TEMPLATE_DUPLICATE'),
      handler: async (req, reply) => {
        const form = await runUseCase(db, actorOf(req), (ctx) => duplicateStudyForm(ctx, req.params));
        return reply.code(201).send(form);
      },
    }),
    defineRoute({
      endpoint: formEndpoints.publish,
      permission: inStudy('QUESTIONNAIRE_TEMPLATE_UPDATE'),
      handler: async (req, reply) => {
        const result = await runUseCase(db, actorOf(req), (ctx) =>
          promoteFormVersion(ctx, { studyId: req.params.studyId, ...req.body }),
        );
        return reply.code(201).send(result);
      },
    }),
    defineRoute({
      endpoint: formEndpoints.listOfProcess,
      permission: inStudy('QUESTIONNAIRE_TEMPLATE_LIST'),
      handler: async (req) => listProcessForms(db, usage, req.params),
    }),
    defineRoute({
      endpoint: formEndpoints.taggedOfEnrollment,
      permission: inStudy('QUESTIONNAIRE_TEMPLATE_VIEW'),
      handler: async (req) => listTaggedForms(db, usage, req.params),
    }),
    defineRoute({
      endpoint: formEndpoints.taggedForm,
      permission: inStudy('QUESTIONNAIRE_TEMPLATE_VIEW'),
      handler: async (req) => getTaggedForm(db, usage, req.params),
    }),
    ...libraryRoutes(deps),
    ...imageRoutes(deps),
  ] as RouteDefinition<never>[];
}
