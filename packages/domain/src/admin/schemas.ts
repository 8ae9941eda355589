import { z } from 'zod';

export const OUTBOX_CHANNELS = ['EMAIL', 'SMS'] as const;
export const OUTBOX_STATUSES = ['PENDING', 'SENT', 'FAILED', 'KEPT'] as const;

/** One email or SMS in the outbox (DESIGN.md background work). */
export const OutboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(OUTBOX_CHANNELS),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

export const OutboxListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).default(0),
});
export const OutboxListSchema = z.object({ items: z.array(OutboxMessageSchema), total: z.number().int() });
export type OutboxList = z.infer<typeof OutboxListSchema>;

/** Result of recomputing every audit hash chain (STANDARDS.md AT-*). */
export const AuditVerificationSchema = z.object({
  ok: z.boolean(),
  checkedEvents: z.number().int(),
  chains: z.array(
    z.object({
      studyId: z.string().nullable(),
      events: z.number().int(),
      ok: z.boolean(),
      firstBrokenEventId: z.string().nullable(),
    }),
  ),
});
export type AuditVerification = z.infer<typeof AuditVerificationSchema>;
