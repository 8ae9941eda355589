import { webhookEventOfAuditAction, webhookPayloadOf } from '@trialbase/domain';
import { sql } from 'drizzle-orm';
import type { AuditTap } from '../../platform/audit/taps';
import type { Executor } from '../../platform/db/client';
import { placeholder, preparedPart } from '../../platform/db/prepared';

/** The messages of the events given (`rows`), one per subscribed active endpoint; built once. */
const webhookMessageInsert = preparedPart<{ now: string; rows: string }>(
  () => sql`
      insert into webhook_message (id, study_id, endpoint_id, event_type, payload, status, attempts, next_attempt_at, created_at)
      select 'msg_' || replace(gen_random_uuid()::text, '-', ''), e.study_id, e.id, r.type, r.payload, 'PENDING', 0,
        ${placeholder('now')}::timestamptz, ${placeholder('now')}::timestamptz
      from jsonb_to_recordset(${placeholder('rows')}::jsonb) as r(study_id text, type text, payload text, n int)
      join webhook_endpoint e on e.study_id = r.study_id and e.status = 'ACTIVE' and r.type = any(e.event_types)
      join study s on s.id = e.study_id and s.modules @> '["WEBHOOKS"]'::jsonb
      order by r.n, e.id
      returning 1`,
);

/**
 * Webhook messages from audit events (issue 28 item 1): for each event of a listed type, one message
 * per active endpoint of its study subscribed to that type (the study holding the module), written in
 * the use case's audit insert (a CTE: no statement of its own). After the commit, when it wrote any,
 * `onQueued` kicks the delivery job.
 */
export function webhookAuditTap(db: Executor, onQueued: () => void): AuditTap {
  return (events, { now }) => {
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
        action: event.action,
      });
      return [{ study_id: event.studyId, type, payload: JSON.stringify(payload), n }];
    });
    if (rows.length === 0) return null;
    const statement = webhookMessageInsert(db, { now: now.toISOString(), rows: JSON.stringify(rows) });
    return {
      statement,
      afterCommit: (written) => {
        if (written > 0) onQueued();
      },
    };
  };
}
