import {
  type AuditActor,
  RuleCountSchema,
  RuleFormListSchema,
  RuleListQuerySchema,
  ShowRuleInputSchema,
  ShowRuleListSchema,
  ShowRuleParamsSchema,
  ShowRuleViewSchema,
  StudyRulesParamsSchema,
  ValidationRuleBodySchema,
  ValidationRuleListSchema,
  ValidationRuleParamsSchema,
  ValidationRuleViewSchema,
} from '@trialbase/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { runUseCase } from '../../platform/use-case';
import { listFormDrafts } from './repo';
import {
  countShowRules,
  createShowRule,
  deleteShowRule,
  getShowRule,
  listShowRules,
  updateShowRule,
} from './service/show-rules';
import { requireStudy } from './service/study';
import {
  countValidationRules,
  createValidationRule,
  deleteValidationRule,
  getValidationRule,
  listValidationRules,
  updateValidationRule,
} from './service/validation-rules';

function actorOf(req: FastifyRequest): AuditActor {
  return { type: 'USER', id: req.auth?.user.id ?? null };
}

// Rules are part of form design: read with the form view permission, change with form update.
const canView = inStudy('QUESTIONNAIRE_TEMPLATE_VIEW');
const canEdit = inStudy('QUESTIONNAIRE_TEMPLATE_UPDATE');
const tags = ['rules'];

/** Validation rules (spec 001 §7) and reference show rules (spec 001 §2 reference rules page). */
export function ruleRoutes({ db }: ModuleDeps): RouteDefinition<never>[] {
  const base = '/api/studies/:studyId';
  return [
    defineRoute({
      method: 'GET',
      url: `${base}/validationRules`,
      permission: canView,
      schema: {
        tags,
        summary: 'Validation rules, filtered by process, data event and form',
        params: StudyRulesParamsSchema,
        querystring: RuleListQuerySchema,
        response: { 200: ValidationRuleListSchema },
      },
      handler: async (req) => listValidationRules(db, { ...req.params, ...req.query }),
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/validationRules/count`,
      permission: canView,
      schema: {
        tags,
        summary: 'Number of validation rules',
        params: StudyRulesParamsSchema,
        querystring: RuleListQuerySchema,
        response: { 200: RuleCountSchema },
      },
      handler: async (req) => countValidationRules(db, { ...req.params, ...req.query }),
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/validationRules/:validationRuleId`,
      permission: canView,
      schema: {
        tags,
        summary: 'One validation rule with its problems against the current forms',
        params: ValidationRuleParamsSchema,
        response: { 200: ValidationRuleViewSchema },
      },
      handler: async (req) => getValidationRule(db, req.params),
    }),
    defineRoute({
      method: 'POST',
      url: `${base}/validationRules`,
      permission: canEdit,
      schema: {
        tags,
        summary: 'Create a validation rule',
        params: StudyRulesParamsSchema,
        body: ValidationRuleBodySchema,
        response: { 201: ValidationRuleViewSchema },
      },
      handler: async (req, reply) => {
        const rule = await runUseCase(db, actorOf(req), (ctx) =>
          createValidationRule(ctx, { studyId: req.params.studyId, rule: req.body }),
        );
        return reply.code(201).send(rule);
      },
    }),
    defineRoute({
      method: 'PUT',
      url: `${base}/validationRules/:validationRuleId`,
      permission: canEdit,
      schema: {
        tags,
        summary: 'Edit a validation rule',
        params: ValidationRuleParamsSchema,
        body: ValidationRuleBodySchema,
        response: { 200: ValidationRuleViewSchema },
      },
      handler: async (req) =>
        runUseCase(db, actorOf(req), (ctx) => updateValidationRule(ctx, { ...req.params, rule: req.body })),
    }),
    defineRoute({
      method: 'DELETE',
      url: `${base}/validationRules/:validationRuleId`,
      permission: canEdit,
      schema: {
        tags,
        summary: 'Delete a validation rule',
        params: ValidationRuleParamsSchema,
        response: { 204: z.null() },
      },
      handler: async (req, reply) => {
        await runUseCase(db, actorOf(req), (ctx) => deleteValidationRule(ctx, req.params));
        return reply.code(204).send(null);
      },
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/showRules`,
      permission: canView,
      schema: {
        tags,
        summary: 'Reference show rules, filtered by process, data event and form',
        params: StudyRulesParamsSchema,
        querystring: RuleListQuerySchema,
        response: { 200: ShowRuleListSchema },
      },
      handler: async (req) => listShowRules(db, { ...req.params, ...req.query }),
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/showRules/count`,
      permission: canView,
      schema: {
        tags,
        summary: 'Number of reference show rules',
        params: StudyRulesParamsSchema,
        querystring: RuleListQuerySchema,
        response: { 200: RuleCountSchema },
      },
      handler: async (req) => countShowRules(db, { ...req.params, ...req.query }),
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/showRules/:showRuleId`,
      permission: canView,
      schema: {
        tags,
        summary: 'One show rule with its problems against the current form',
        params: ShowRuleParamsSchema,
        response: { 200: ShowRuleViewSchema },
      },
      handler: async (req) => getShowRule(db, req.params),
    }),
    defineRoute({
      method: 'POST',
      url: `${base}/showRules`,
      permission: canEdit,
      schema: {
        tags,
        summary: 'Create a show rule',
        params: StudyRulesParamsSchema,
        body: ShowRuleInputSchema,
        response: { 201: ShowRuleViewSchema },
      },
      handler: async (req, reply) => {
        const rule = await runUseCase(db, actorOf(req), (ctx) =>
          createShowRule(ctx, { studyId: req.params.studyId, rule: req.body }),
        );
        return reply.code(201).send(rule);
      },
    }),
    defineRoute({
      method: 'PUT',
      url: `${base}/showRules/:showRuleId`,
      permission: canEdit,
      schema: {
        tags,
        summary: 'Edit a show rule',
        params: ShowRuleParamsSchema,
        body: ShowRuleInputSchema,
        response: { 200: ShowRuleViewSchema },
      },
      handler: async (req) =>
        runUseCase(db, actorOf(req), (ctx) => updateShowRule(ctx, { ...req.params, rule: req.body })),
    }),
    defineRoute({
      method: 'DELETE',
      url: `${base}/showRules/:showRuleId`,
      permission: canEdit,
      schema: {
        tags,
        summary: 'Delete a show rule',
        params: ShowRuleParamsSchema,
        response: { 204: z.null() },
      },
      handler: async (req, reply) => {
        await runUseCase(db, actorOf(req), (ctx) => deleteShowRule(ctx, req.params));
        return reply.code(204).send(null);
      },
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/referenceRules/forms`,
      permission: canView,
      schema: {
        tags,
        summary: 'Current form drafts the rule editors pick forms and questions from',
        params: StudyRulesParamsSchema,
        response: { 200: RuleFormListSchema },
      },
      handler: async (req) => {
        await requireStudy(db, req.params.studyId);
        return { forms: await listFormDrafts(db, req.params.studyId) };
      },
    }),
  ] as RouteDefinition<never>[];
}
