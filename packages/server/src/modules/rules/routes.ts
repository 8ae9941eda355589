import { type AuditActor, ruleEndpoints } from '@trialbase/domain';
import type { FastifyRequest } from 'fastify';
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

/** Validation rules (spec 001 §7) and reference show rules (spec 001 §2 reference rules page). */
export function ruleRoutes({ db }: ModuleDeps): RouteDefinition<never>[] {
  return [
    defineRoute({
      endpoint: ruleEndpoints.listValidation,
      permission: canView,
      handler: async (req) => listValidationRules(db, { ...req.params, ...req.query }),
    }),
    defineRoute({
      endpoint: ruleEndpoints.countValidation,
      permission: canView,
      handler: async (req) => countValidationRules(db, { ...req.params, ...req.query }),
    }),
    defineRoute({
      endpoint: ruleEndpoints.getValidation,
      permission: canView,
      handler: async (req) => getValidationRule(db, req.params),
    }),
    defineRoute({
      endpoint: ruleEndpoints.createValidation,
      permission: canEdit,
      handler: async (req, reply) => {
        const rule = await runUseCase(db, actorOf(req), (ctx) =>
          createValidationRule(ctx, { studyId: req.params.studyId, rule: req.body }),
        );
        return reply.code(201).send(rule);
      },
    }),
    defineRoute({
      endpoint: ruleEndpoints.updateValidation,
      permission: canEdit,
      handler: async (req) =>
        runUseCase(db, actorOf(req), (ctx) => updateValidationRule(ctx, { ...req.params, rule: req.body })),
    }),
    defineRoute({
      endpoint: ruleEndpoints.deleteValidation,
      permission: canEdit,
      handler: async (req, reply) => {
        await runUseCase(db, actorOf(req), (ctx) => deleteValidationRule(ctx, req.params));
        return reply.code(204).send(null);
      },
    }),
    defineRoute({
      endpoint: ruleEndpoints.listShow,
      permission: canView,
      handler: async (req) => listShowRules(db, { ...req.params, ...req.query }),
    }),
    defineRoute({
      endpoint: ruleEndpoints.countShow,
      permission: canView,
      handler: async (req) => countShowRules(db, { ...req.params, ...req.query }),
    }),
    defineRoute({
      endpoint: ruleEndpoints.getShow,
      permission: canView,
      handler: async (req) => getShowRule(db, req.params),
    }),
    defineRoute({
      endpoint: ruleEndpoints.createShow,
      permission: canEdit,
      handler: async (req, reply) => {
        const rule = await runUseCase(db, actorOf(req), (ctx) =>
          createShowRule(ctx, { studyId: req.params.studyId, rule: req.body }),
        );
        return reply.code(201).send(rule);
      },
    }),
    defineRoute({
      endpoint: ruleEndpoints.updateShow,
      permission: canEdit,
      handler: async (req) =>
        runUseCase(db, actorOf(req), (ctx) => updateShowRule(ctx, { ...req.params, rule: req.body })),
    }),
    defineRoute({
      endpoint: ruleEndpoints.deleteShow,
      permission: canEdit,
      handler: async (req, reply) => {
        await runUseCase(db, actorOf(req), (ctx) => deleteShowRule(ctx, req.params));
        return reply.code(204).send(null);
      },
    }),
    defineRoute({
      endpoint: ruleEndpoints.referenceForms,
      permission: canView,
      handler: async (req) => {
        await requireStudy(db, req.params.studyId);
        return { forms: await listFormDrafts(db, req.params.studyId) };
      },
    }),
  ] as RouteDefinition<never>[];
}
