import { defineEndpoint } from '../common/endpoint';
import { AuditVerificationSchema, OutboxListQuerySchema, OutboxListSchema } from './schemas';

/** The admin endpoints (issue 14 item 6): method, path and schemas, shared by the server's routes and the web clients. */
export const adminEndpoints = {
  outbox: defineEndpoint({
    method: 'GET',
    path: '/api/admin/outbox',
    summary: 'Email and SMS messages, newest first',
    tags: ['admin'],
    query: OutboxListQuerySchema,
    response: { 200: OutboxListSchema },
  }),
  verifyAudit: defineEndpoint({
    method: 'GET',
    path: '/api/admin/audit/verify',
    summary: 'Recompute every audit hash chain and report tampering',
    tags: ['admin'],
    response: { 200: AuditVerificationSchema },
  }),
};
