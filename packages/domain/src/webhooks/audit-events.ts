import type { AuditEventOf } from '../audit/events';

/**
 * Audit events of webhooks (issue 28 item 1): every admin action and the automatic disabling.
 * Secrets never enter the trail.
 */
export type WebhookAuditEvent =
  | AuditEventOf<'WEBHOOK_CREATED', 'WEBHOOK'>
  | AuditEventOf<'WEBHOOK_UPDATED', 'WEBHOOK'>
  | AuditEventOf<'WEBHOOK_DELETED', 'WEBHOOK'>
  | AuditEventOf<'WEBHOOK_SECRET_ROTATED', 'WEBHOOK'>
  | AuditEventOf<'WEBHOOK_REDELIVERY_REQUESTED', 'WEBHOOK'>
  | AuditEventOf<'WEBHOOK_DISABLED', 'WEBHOOK'>;
