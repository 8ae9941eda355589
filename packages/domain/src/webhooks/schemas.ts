import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from './events';

export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);

/**
 * An endpoint URL: http or https, a host name or IP literal, an optional port, no user name or password
 * (issue 28 item 1). Where the host points is checked by the server (SSRF).
 */
export const WEBHOOK_URL_PATTERN =
  /^https?:\/\/(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)(:\d{1,5})?([/?#]\S*)?$/;

export const WebhookUrlSchema = z.string().trim().max(2000).regex(WEBHOOK_URL_PATTERN, 'WEBHOOK_URL_INVALID');

/** Register or change an endpoint (issue 28 item 1). */
export const WebhookInputSchema = z.object({
  url: WebhookUrlSchema,
  description: z.string().trim().max(200).default(''),
  eventTypes: z.array(WebhookEventTypeSchema).min(1).max(WEBHOOK_EVENT_TYPES.length),
});
export type WebhookInput = z.infer<typeof WebhookInputSchema>;

export const UpdateWebhookSchema = WebhookInputSchema.extend({
  /** true switches a disabled endpoint back on (its failure count starts again). */
  enabled: z.boolean(),
});
export type UpdateWebhook = z.infer<typeof UpdateWebhookSchema>;

export const WEBHOOK_STATUSES = ['ACTIVE', 'DISABLED'] as const;
export const WEBHOOK_DISABLED_REASONS = ['FAILURES', 'ADMIN'] as const;

/** An endpoint as admins see it; the secret only in the answer that creates or rotates it. */
export const WebhookSchema = z.object({
  id: z.string(),
  studyId: z.string(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(WebhookEventTypeSchema),
  status: z.enum(WEBHOOK_STATUSES),
  disabledReason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
  disabledAt: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  secretRotatedAt: z.string(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

export const WebhookListSchema = z.object({
  items: z.array(WebhookSchema),
  abilities: z.object({ canCreate: z.boolean(), canUpdate: z.boolean(), canDelete: z.boolean() }),
});
export type WebhookList = z.infer<typeof WebhookListSchema>;

/** The answer of create and rotate: the endpoint and its secret (`whsec_` + base64), shown once. */
export const WebhookWithSecretSchema = z.object({ webhook: WebhookSchema, secret: z.string() });
export type WebhookWithSecret = z.infer<typeof WebhookWithSecretSchema>;

export const WEBHOOK_MESSAGE_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;

/** One attempt of the delivery log: status code, response time, attempt number, error. */
export const WebhookAttemptSchema = z.object({
  id: z.string(),
  messageId: z.string(),
  eventType: WebhookEventTypeSchema,
  attempt: z.number().int(),
  attemptedAt: z.string(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
  /** The message's state now (a later attempt may have delivered it). */
  messageStatus: z.enum(WEBHOOK_MESSAGE_STATUSES),
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

/** A message not yet attempted, or waiting for its next attempt. */
export const WebhookPendingMessageSchema = z.object({
  id: z.string(),
  eventType: WebhookEventTypeSchema,
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});

export const WebhookDeliveriesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).default(0),
});

export const WebhookDeliveriesSchema = z.object({
  attempts: z.array(WebhookAttemptSchema),
  total: z.number().int(),
  pending: z.array(WebhookPendingMessageSchema),
});
export type WebhookDeliveries = z.infer<typeof WebhookDeliveriesSchema>;

export const WebhookRedeliveredSchema = z.object({ messageId: z.string() });
