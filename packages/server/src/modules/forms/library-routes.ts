import { formEndpoints } from '@trialbase/domain';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { runUseCase } from '../../platform/use-case';
import { actorOf, userIdOf } from './route-helpers';
import {
  addEq5dToStudy,
  deleteUserTemplate,
  listSystemFormTemplates,
  listUserTemplates,
  loadTemplateIntoStudy,
  saveFormToUserTemplates,
} from './service/library';
import { createQuestionTemplate, listQuestionTemplates } from './service/question-templates';

/** Question templates, the user's templates, the system library and EQ-5D (spec 001 §7 form templates). */
export function libraryRoutes({ db }: ModuleDeps): RouteDefinition<never>[] {
  return [
    defineRoute({
      endpoint: formEndpoints.listQuestionTemplates,
      permission: inStudy('QUESTION_TEMPLATE_LIST'),
      handler: async (req) => listQuestionTemplates(db, req.params),
    }),
    defineRoute({
      endpoint: formEndpoints.saveQuestionTemplate,
      permission: inStudy('QUESTION_TEMPLATE_CREATE'),
      handler: async (req, reply) => {
        const template = await runUseCase(db, actorOf(req), (ctx) =>
          createQuestionTemplate(ctx, { studyId: req.params.studyId, template: req.body }),
        );
        return reply.code(201).send(template);
      },
    }),
    defineRoute({
      endpoint: formEndpoints.saveToOwnTemplates,
      permission: inStudy('QUESTIONNAIRE_TEMPLATE_VIEW'),
      handler: async (req, reply) => {
        const template = await runUseCase(db, actorOf(req), (ctx) =>
          saveFormToUserTemplates(ctx, req.params),
        );
        return reply.code(201).send(template);
      },
    }),
    defineRoute({
      endpoint: formEndpoints.ownTemplates,
      permission: 'session',
      handler: async (req) => listUserTemplates(db, userIdOf(req)),
    }),
    defineRoute({
      endpoint: formEndpoints.deleteOwnTemplate,
      permission: 'session',
      handler: async (req, reply) => {
        await runUseCase(db, actorOf(req), (ctx) => deleteUserTemplate(ctx, req.params));
        return reply.code(204).send(null);
      },
    }),
    defineRoute({
      endpoint: formEndpoints.loadFromTemplate,
      permission: inStudy('QUESTIONNAIRE_TEMPLATE_CREATE'),
      handler: async (req, reply) => {
        const form = await runUseCase(db, actorOf(req), (ctx) =>
          loadTemplateIntoStudy(ctx, { studyId: req.params.studyId, ...req.body }),
        );
        return reply.code(201).send(form);
      },
    }),
    defineRoute({
      endpoint: formEndpoints.systemTemplates,
      permission: 'session',
      handler: async (req) => listSystemFormTemplates(db, req.query),
    }),
    defineRoute({
      endpoint: formEndpoints.addEq5d,
      permission: inStudy('QUESTIONNAIRE_TEMPLATE_CREATE'),
      handler: async (req, reply) => {
        const form = await runUseCase(db, actorOf(req), (ctx) => addEq5dToStudy(ctx, req.params));
        return reply.code(201).send(form);
      },
    }),
  ] as RouteDefinition<never>[];
}
