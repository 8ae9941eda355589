import {
  FormGetQuerySchema,
  FormListQuerySchema,
  FormListSchema,
  FormParamsSchema,
  FormSaveSchema,
  FormStudyParamsSchema,
  FormTemplateViewSchema,
  hasPermission,
  ProcessFormsParamsSchema,
  PromotedVersionSchema,
  PromoteFormVersionSchema,
  TaggedFormParamsSchema,
  TaggedFormsParamsSchema,
} from '@trialbase/domain';
import { z } from 'zod';
import { forbidden } from '../../platform/errors';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { runUseCase } from '../../platform/use-case';
import { imageRoutes } from './image-routes';
import { libraryRoutes } from './library-routes';
import { findForm } from './repo';
import { accessOf, actorOf, tags } from './route-helpers';
import { deleteStudyForm, duplicateStudyForm, getStudyForm, listStudyForms } from './service/forms';
import { autosaveForm } from './service/save-form';
import { getTaggedForm, listProcessForms, listTaggedForms, promoteFormVersion } from './service/versions';

const FormViewListSchema = z.array(FormTemplateViewSchema);

/** Form templates, versions, libraries and study images (spec 001 §7 form templates, 000 §7 images). */
export function formRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db } = deps;
  return [
    defineRoute({
      method: 'GET',
      url: '/api/studies/:studyId/questionnairetemplate',
      permission: inStudy('QUESTIONNAIRE_TEMPLATE_LIST'),
      schema: {
        tags,
        summary: 'Forms of a study',
        params: FormStudyParamsSchema,
        querystring: FormListQuerySchema,
        response: { 200: FormListSchema },
      },
      handler: async (req) => listStudyForms(db, { studyId: req.params.studyId, ...req.query }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/studies/:studyId/questionnairetemplate/:formId',
      permission: inStudy('QUESTIONNAIRE_TEMPLATE_VIEW'),
      schema: {
        tags,
        summary: 'One form: its draft, or a published version with isOldVersion',
        params: FormParamsSchema,
        querystring: FormGetQuerySchema,
        response: { 200: FormTemplateViewSchema },
      },
      handler: async (req) => getStudyForm(db, { ...req.params, ...req.query }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/studies/:studyId/questionnairetemplate',
      permission: inStudy('QUESTIONNAIRE_TEMPLATE_UPDATE'),
      schema: {
        tags,
        summary: 'Autosave a form: create it when its id is new, else update the draft',
        params: FormStudyParamsSchema,
        body: FormSaveSchema,
        response: { 200: FormTemplateViewSchema, 201: FormTemplateViewSchema },
      },
      handler: async (req, reply) => {
        const { studyId } = req.params;
        const isNew = !req.body.id || !(await findForm(db, studyId, req.body.id));
        if (isNew && !hasPermission(accessOf(req), 'QUESTIONNAIRE_TEMPLATE_CREATE', { studyId }))
          throw forbidden();
        const result = await runUseCase(db, actorOf(req), (ctx) =>
          autosaveForm(ctx, { studyId, form: req.body }),
        );
        return reply.code(result.isCreated ? 201 : 200).send(result.form);
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/studies/:studyId/questionnairetemplate/:formId',
      permission: inStudy('QUESTIONNAIRE_TEMPLATE_DELETE'),
      schema: {
        tags,
        summary: 'Delete a form (soft)',
        params: FormParamsSchema,
        response: { 204: z.null() },
      },
      handler: async (req, reply) => {
        await runUseCase(db, actorOf(req), (ctx) => deleteStudyForm(ctx, req.params));
        return reply.code(204).send(null);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/studies/:studyId/questionnairetemplate/:formId/duplicate',
      permission: inStudy('QUESTIONNAIRE_TEMPLATE_DUPLICATE'),
      schema: {
        tags,
        summary: 'Duplicate a form with new ids',
        params: FormParamsSchema,
        response: { 201: FormTemplateViewSchema },
      },
      handler: async (req, reply) => {
        const form = await runUseCase(db, actorOf(req), (ctx) => duplicateStudyForm(ctx, req.params));
        return reply.code(201).send(form);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/studies/:studyId/forms/promoteFormVersion',
      permission: inStudy('QUESTIONNAIRE_TEMPLATE_UPDATE'),
      schema: {
        tags,
        summary: 'Publish the draft as the next major or minor version',
        params: FormStudyParamsSchema,
        body: PromoteFormVersionSchema,
        response: { 201: PromotedVersionSchema },
      },
      handler: async (req, reply) => {
        const result = await runUseCase(db, actorOf(req), (ctx) =>
          promoteFormVersion(ctx, { studyId: req.params.studyId, ...req.body }),
        );
        return reply.code(201).send(result);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/study/:studyId/process/:processId/forms',
      permission: inStudy('QUESTIONNAIRE_TEMPLATE_LIST'),
      schema: {
        tags,
        summary: 'Forms of a process',
        params: ProcessFormsParamsSchema,
        response: { 200: FormViewListSchema },
      },
      handler: async (req) => listProcessForms(db, req.params),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/study/:studyId/questionnairetemplate/tagged/:pathwayRecordId',
      permission: inStudy('QUESTIONNAIRE_TEMPLATE_VIEW'),
      schema: {
        tags,
        summary: 'The form versions an enrollment uses',
        params: TaggedFormsParamsSchema,
        response: { 200: FormViewListSchema },
      },
      handler: async (req) => listTaggedForms(db, req.params),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/study/:studyId/questionnairetemplate/:formId/tagged/:pathwayRecordId',
      permission: inStudy('QUESTIONNAIRE_TEMPLATE_VIEW'),
      schema: {
        tags,
        summary: 'The version of one form an enrollment uses',
        params: TaggedFormParamsSchema,
        response: { 200: FormTemplateViewSchema },
      },
      handler: async (req) => getTaggedForm(db, req.params),
    }),
    ...libraryRoutes(deps),
    ...imageRoutes(deps),
  ] as RouteDefinition<never>[];
}
