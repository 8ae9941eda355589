import { AuditVerificationSchema, OutboxListQuerySchema, OutboxListSchema } from '@trialbase/domain';
import { verifyAuditChains } from '../../platform/audit/audit';
import type { Db } from '../../platform/db/client';
import { defineRoute } from '../../platform/http/define-route';
import { listOutbox } from '../../platform/outbox/outbox';

/** System-admin screens: the email/SMS outbox and the audit-chain verifier. */
export function adminRoutes(deps: { db: Db }) {
  return [
    defineRoute({
      method: 'GET',
      url: '/api/admin/outbox',
      permission: 'system-admin',
      schema: {
        tags: ['admin'],
        summary: 'Email and SMS messages, newest first',
        querystring: OutboxListQuerySchema,
        response: { 200: OutboxListSchema },
      },
      handler: async (req) => listOutbox(deps.db, req.query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/admin/audit/verify',
      permission: 'system-admin',
      schema: {
        tags: ['admin'],
        summary: 'Recompute every audit hash chain and report tampering',
        response: { 200: AuditVerificationSchema },
      },
      handler: async () => verifyAuditChains(deps.db),
    }),
  ];
}
