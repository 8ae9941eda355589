import type { AuditActor, AuditEvent } from '@trialbase/domain';
import { appendAuditEvents } from './audit/audit';
import { kickAuditSequencer } from './audit/sequencer';
import { auditTapWrites } from './audit/taps';
import type { Db, Tx } from './db/client';
import { newId } from './ids';

/** What every use case receives (CONVENTIONS.md services): its transaction, who acts, the time, and the audit recorder. */
export type UseCaseContext = {
  tx: Tx;
  actor: AuditActor;
  now: Date;
  audit: (event: AuditEvent) => Promise<void>;
};

/**
 * Runs one use case in one transaction with its audit events; nothing commits without them. The events
 * are collected and appended in one insert as the transaction's last statement, with no lock (issue 16
 * item 1); after the commit the audit sequencer is kicked to chain them.
 */
export async function runUseCase<T>(
  db: Db,
  actor: AuditActor,
  fn: (ctx: UseCaseContext) => Promise<T>,
  now: Date = new Date(),
): Promise<T> {
  let appended = 0;
  let afterCommit: (() => void)[] = [];
  const result = await db.transaction(async (tx) => {
    const events: AuditEvent[] = [];
    const ctx: UseCaseContext = {
      tx,
      actor,
      now,
      audit: async (event) => {
        events.push(event);
      },
    };
    const value = await fn(ctx);
    // Each event gets its id here, so taps (webhook messages, issue 28) can name the event they come from.
    const named = events.map((event) => (event.id ? event : { ...event, id: newId(now) })) as (AuditEvent & {
      id: string;
    })[];
    const writes = auditTapWrites(db, named, { actor, now });
    const written = await appendAuditEvents(
      tx,
      actor,
      now,
      named,
      writes.map((write) => write.statement),
    );
    afterCommit = writes.map((write, i) => () => write.afterCommit(written[i] ?? 0));
    appended = events.length;
    return value;
  });
  if (appended > 0) kickAuditSequencer(db);
  for (const action of afterCommit) action();
  return result;
}

export const SYSTEM_ACTOR: AuditActor = { type: 'SYSTEM', id: null };
