import { webhookEventOfAuditAction, webhookPayloadOf } from '@trialbase/domain';
import { sql } from 'drizzle-orm';
import type { AuditTap } from '../../platform/audit/taps';

/**
 * Webhook messages from audit events (issue 28 item 1): for each event of a listed type, one message
 * per active endpoint of its study subscribed to that type, written in the use case's transaction by
 * one statement (none when no event qualifies). After the commit `onQueued` kicks the delivery job.
 */
export function webhookAuditTap(onQueued: () => void): AuditTap {
  return async (tx, events, { now }) => {
    const rows = events.flatMap((event, n) => {
      const type = webhookEventOfAuditAction(event.action);
      if (!type || !event.studyId) return [];
      const payload = webhookPayloadOf({
        type,
        occurredAt: now,
        studyId: event.studyId,
        entityType: event.entityType,
        entityId: event.entityId,
        auditEventId: event.id,
      });
      return [{ study_id: event.studyId, type, payload: JSON.stringify(payload), n }];
    });
    if (rows.length === 0) return null;
    const result = await tx.execute(sql`
      insert into webhook_message (id, study_id, endpoint_id, event_type, payload, status, attempts, next_attempt_at, created_at)
      select 'msg_' || replace(gen_random_uuid()::text, '-', ''), e.study_id, e.id, r.type, r.payload, 'PENDING', 0,
        ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(study_id text, type text, payload text, n int)
      join webhook_endpoint e on e.study_id = r.study_id and e.status = 'ACTIVE' and r.type = any(e.event_types)
      join study s on s.id = e.study_id and s.modules @> '["WEBHOOKS"]'::jsonb
      order by r.n, e.id
      returning id`);
    const inserted = (result as unknown as { rows: unknown[] }).rows.length;
    return inserted > 0 ? onQueued : null;
  };
}
