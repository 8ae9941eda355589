import { hasPermission, webhookEndpoints } from '@trialbase/domain';
import { actorOf } from '../../platform/auth/guard';
import { notFound } from '../../platform/errors';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { runUseCase } from '../../platform/use-case';
import { findWebhook, listDeliveries, listWebhooks, presentWebhook } from './repo';
import { WEBHOOK_QUEUE } from './service/deliver';
import {
  assertWebhooksModule,
  checkWebhookUrl,
  createWebhook,
  deleteWebhook,
  redeliverWebhookMessage,
  rotateWebhookSecret,
  updateWebhook,
} from './service/manage-webhooks';

/** Webhooks (issue 28 item 1, spec 000 §6 hooks): the study's endpoints, their secrets and delivery log. */
export function webhookRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db, clock, config } = deps;
  const kick = () => deps.jobs()?.kick(WEBHOOK_QUEUE);
  return [
    defineRoute({
      endpoint: webhookEndpoints.list,
      permission: inStudy('WEBHOOK_LIST'),
      handler: async (req) => {
        await assertWebhooksModule(db, req.params.studyId);
        const scope = { studyId: req.params.studyId };
        const access = req.access!;
        const rows = await listWebhooks(db, req.params.studyId);
        return {
          items: rows.map(presentWebhook),
          abilities: {
            canCreate: hasPermission(access, 'WEBHOOK_CREATE', scope),
            canUpdate: hasPermission(access, 'WEBHOOK_UPDATE', scope),
            canDelete: hasPermission(access, 'WEBHOOK_DELETE', scope),
          },
        };
      },
    }),
    defineRoute({
      endpoint: webhookEndpoints.create,
      permission: inStudy('WEBHOOK_CREATE'),
      handler: async (req, reply) => {
        await assertWebhooksModule(db, req.params.studyId);
        await checkWebhookUrl(req.body.url, config.webhooksAllowPrivate ?? false);
        const created = await runUseCase(
          db,
          actorOf(req),
          (ctx) =>
            createWebhook(ctx, {
              studyId: req.params.studyId,
              userId: req.auth?.user.id ?? null,
              webhook: req.body,
            }),
          clock(),
        );
        reply.header('cache-control', 'no-store');
        return reply.code(201).send(created);
      },
    }),
    defineRoute({
      endpoint: webhookEndpoints.update,
      permission: inStudy('WEBHOOK_UPDATE'),
      handler: async (req) => {
        await assertWebhooksModule(db, req.params.studyId);
        if (!(await findWebhook(db, req.params.studyId, req.params.webhookId))) throw notFound('The webhook');
        await checkWebhookUrl(req.body.url, config.webhooksAllowPrivate ?? false);
        const updated = await runUseCase(
          db,
          actorOf(req),
          (ctx) =>
            updateWebhook(ctx, {
              studyId: req.params.studyId,
              webhookId: req.params.webhookId,
              webhook: req.body,
            }),
          clock(),
        );
        kick();
        return updated;
      },
    }),
    defineRoute({
      endpoint: webhookEndpoints.remove,
      permission: inStudy('WEBHOOK_DELETE'),
      handler: async (req, reply) => {
        await assertWebhooksModule(db, req.params.studyId);
        await runUseCase(
          db,
          actorOf(req),
          (ctx) => deleteWebhook(ctx, { studyId: req.params.studyId, webhookId: req.params.webhookId }),
          clock(),
        );
        return reply.code(204).send(null);
      },
    }),
    defineRoute({
      endpoint: webhookEndpoints.rotateSecret,
      permission: inStudy('WEBHOOK_UPDATE'),
      handler: async (req, reply) => {
        await assertWebhooksModule(db, req.params.studyId);
        const rotated = await runUseCase(
          db,
          actorOf(req),
          (ctx) => rotateWebhookSecret(ctx, { studyId: req.params.studyId, webhookId: req.params.webhookId }),
          clock(),
        );
        reply.header('cache-control', 'no-store');
        return rotated;
      },
    }),
    defineRoute({
      endpoint: webhookEndpoints.deliveries,
      permission: inStudy('WEBHOOK_LIST'),
      handler: async (req) => {
        await assertWebhooksModule(db, req.params.studyId);
        if (!(await findWebhook(db, req.params.studyId, req.params.webhookId))) throw notFound('The webhook');
        return listDeliveries(db, req.params.studyId, req.params.webhookId, req.query);
      },
    }),
    defineRoute({
      endpoint: webhookEndpoints.redeliver,
      permission: inStudy('WEBHOOK_UPDATE'),
      handler: async (req, reply) => {
        await assertWebhooksModule(db, req.params.studyId);
        const result = await runUseCase(
          db,
          actorOf(req),
          (ctx) =>
            redeliverWebhookMessage(ctx, {
              studyId: req.params.studyId,
              webhookId: req.params.webhookId,
              messageId: req.params.messageId,
            }),
          clock(),
        );
        kick();
        return reply.code(202).send(result);
      },
    }),
  ] as RouteDefinition<never>[];
}
