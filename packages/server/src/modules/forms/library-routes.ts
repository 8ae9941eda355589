import {
  FormParamsSchema,
  FormStudyParamsSchema,
  FormTemplateViewSchema,
  LibraryTemplateListSchema,
  LibraryTemplateSchema,
  LoadFromProfileSchema,
  QuestionTemplateInputSchema,
  QuestionTemplateListSchema,
  QuestionTemplateSchema,
  SystemTemplateQuerySchema,
  UserTemplateParamsSchema,
} from '@trialbase/domain';
import { z } from 'zod';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { runUseCase } from '../../platform/use-case';
import { actorOf, tags, userIdOf } from './route-helpers';
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
      method: 'GET',
      url: '/api/studies/:studyId/questiontemplate',
      permission: inStudy('QUESTION_TEMPLATE_LIST'),
      schema: {
        tags,
        summary: 'Saved questions of a study',
        params: FormStudyParamsSchema,
        response: { 200: QuestionTemplateListSchema },
      },
      handler: async (req) => listQuestionTemplates(db, req.params),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/studies/:studyId/questiontemplate',
      permission: inStudy('QUESTION_TEMPLATE_CREATE'),
      schema: {
        tags,
        summary: 'Save a question as a template of the study',
        params: FormStudyParamsSchema,
        body: QuestionTemplateInputSchema,
        response: { 201: QuestionTemplateSchema },
      },
      handler: async (req, reply) => {
        const template = await runUseCase(db, actorOf(req), (ctx) =>
          createQuestionTemplate(ctx, { studyId: req.params.studyId, template: req.body }),
        );
        return reply.code(201).send(template);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/studies/:studyId/questionnairetemplate/:formId/userSave',
      permission: inStudy('QUESTIONNAIRE_TEMPLATE_VIEW'),
      schema: {
        tags,
        summary: 'Save a form to the caller’s own templates',
        params: FormParamsSchema,
        response: { 201: LibraryTemplateSchema },
      },
      handler: async (req, reply) => {
        const template = await runUseCase(db, actorOf(req), (ctx) =>
          saveFormToUserTemplates(ctx, req.params),
        );
        return reply.code(201).send(template);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/questionnairetemplate/userTemplates',
      permission: 'session',
      schema: {
        tags,
        summary: 'The caller’s own form templates',
        response: { 200: LibraryTemplateListSchema },
      },
      handler: async (req) => listUserTemplates(db, userIdOf(req)),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/questionnairetemplate/userTemplate/:id',
      permission: 'session',
      schema: {
        tags,
        summary: 'Delete one of the caller’s templates',
        params: UserTemplateParamsSchema,
        response: { 204: z.null() },
      },
      handler: async (req, reply) => {
        await runUseCase(db, actorOf(req), (ctx) => deleteUserTemplate(ctx, req.params));
        return reply.code(204).send(null);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/study/:studyId/forms/loadFromProfile',
      permission: inStudy('QUESTIONNAIRE_TEMPLATE_CREATE'),
      schema: {
        tags,
        summary: 'Copy a user (or system) template into the study as a new form',
        params: FormStudyParamsSchema,
        body: LoadFromProfileSchema,
        response: { 201: FormTemplateViewSchema },
      },
      handler: async (req, reply) => {
        const form = await runUseCase(db, actorOf(req), (ctx) =>
          loadTemplateIntoStudy(ctx, { studyId: req.params.studyId, ...req.body }),
        );
        return reply.code(201).send(form);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/system/formTemplates/active',
      permission: 'session',
      schema: {
        tags,
        summary: 'The system library of ready forms',
        querystring: SystemTemplateQuerySchema,
        response: { 200: LibraryTemplateListSchema },
      },
      handler: async (req) => listSystemFormTemplates(db, req.query),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/study/:studyId/forms/addEQ5DTemplateToStudy',
      permission: inStudy('QUESTIONNAIRE_TEMPLATE_CREATE'),
      schema: {
        tags,
        summary: 'Add the EQ-5D-5L form to the study',
        params: FormStudyParamsSchema,
        response: { 201: FormTemplateViewSchema },
      },
      handler: async (req, reply) => {
        const form = await runUseCase(db, actorOf(req), (ctx) => addEq5dToStudy(ctx, req.params));
        return reply.code(201).send(form);
      },
    }),
  ] as RouteDefinition<never>[];
}
