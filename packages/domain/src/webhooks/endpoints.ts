import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import {
  UpdateWebhookSchema,
  WebhookDeliveriesQuerySchema,
  WebhookDeliveriesSchema,
  WebhookInputSchema,
  WebhookListSchema,
  WebhookRedeliveredSchema,
  WebhookSchema,
  WebhookWithSecretSchema,
} from './schemas';

const StudyParamsSchema = z.object({ studyId: z.string().min(1).max(64) });
const WebhookParamsSchema = StudyParamsSchema.extend({ webhookId: z.string().min(1).max(64) });
const MessageParamsSchema = WebhookParamsSchema.extend({ messageId: z.string().min(1).max(64) });

/** The webhook endpoints (issue 28 item 1, spec 000 §6 hooks; the page webHooks). */
export const webhookEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/webhooks',
    summary: "The study's webhook endpoints (never their secrets)",
    tags: ['webhooks'],
    params: StudyParamsSchema,
    response: { 200: WebhookListSchema },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/studies/:studyId/webhooks',
    summary: 'Register an endpoint; its signing secret is in this answer only',
    tags: ['webhooks'],
    params: StudyParamsSchema,
    body: WebhookInputSchema,
    response: { 201: WebhookWithSecretSchema },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/studies/:studyId/webhooks/:webhookId',
    summary: 'Change URL, description and event types; switch the endpoint off or back on',
    tags: ['webhooks'],
    params: WebhookParamsSchema,
    body: UpdateWebhookSchema,
    response: { 200: WebhookSchema },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/studies/:studyId/webhooks/:webhookId',
    summary: 'Delete the endpoint; messages not yet delivered are dropped',
    tags: ['webhooks'],
    params: WebhookParamsSchema,
    response: { 204: z.null() },
  }),
  rotateSecret: defineEndpoint({
    method: 'POST',
    path: '/api/studies/:studyId/webhooks/:webhookId/secret',
    summary: 'Replace the signing secret; the new one is in this answer only',
    tags: ['webhooks'],
    params: WebhookParamsSchema,
    response: { 200: WebhookWithSecretSchema },
  }),
  deliveries: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/webhooks/:webhookId/deliveries',
    summary: 'The delivery log: each attempt with status code, response time and error; messages waiting',
    tags: ['webhooks'],
    params: WebhookParamsSchema,
    query: WebhookDeliveriesQuerySchema,
    response: { 200: WebhookDeliveriesSchema },
  }),
  redeliver: defineEndpoint({
    method: 'POST',
    path: '/api/studies/:studyId/webhooks/:webhookId/deliveries/:messageId/redeliver',
    summary: 'Send a message again now (same webhook-id, a new attempt)',
    tags: ['webhooks'],
    params: MessageParamsSchema,
    response: { 202: WebhookRedeliveredSchema },
  }),
};
