import { adminEndpoints } from '@trialbase/domain';
import { verifyAuditChains } from '../../platform/audit/audit';
import type { Db } from '../../platform/db/client';
import { defineRoute } from '../../platform/http/define-route';
import { listOutbox } from '../../platform/outbox/outbox';

/** System-admin screens: the email/SMS outbox and the audit-chain verifier. */
export function adminRoutes(deps: { db: Db }) {
  return [
    defineRoute({
      endpoint: adminEndpoints.outbox,
      permission: 'system-admin',
      handler: async (req) => listOutbox(deps.db, req.query),
    }),
    defineRoute({
      endpoint: adminEndpoints.verifyAudit,
      permission: 'system-admin',
      handler: async () => verifyAuditChains(deps.db),
    }),
  ];
}
