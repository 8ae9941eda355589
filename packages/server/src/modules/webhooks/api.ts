/**
 * What the webhooks module offers buildApp (issue 28 item 1): its routes, the audit tap that turns
 * audit events into messages, and the delivery job with its queue and schedule.
 */

export { webhookDeliveryJob } from './job';
export { webhookRoutes } from './routes';
export { runWebhookSweep, WEBHOOK_CRON, WEBHOOK_QUEUE } from './service/deliver';
export { webhookAuditTap } from './tap';
