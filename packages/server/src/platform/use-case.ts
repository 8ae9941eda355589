import type { AuditActor, AuditEvent } from '@trialbase/domain';
import { recordAudit } from './audit/audit';
import type { Db, Tx } from './db/client';

/** What every use case receives (CONVENTIONS.md services): its transaction, who acts, the time, and the audit recorder. */
export type UseCaseContext = {
  tx: Tx;
  actor: AuditActor;
  now: Date;
  audit: (event: AuditEvent) => Promise<void>;
};

/** Runs one use case in one transaction with its audit events; nothing commits without them. */
export function runUseCase<T>(
  db: Db,
  actor: AuditActor,
  fn: (ctx: UseCaseContext) => Promise<T>,
  now: Date = new Date(),
): Promise<T> {
  return db.transaction(async (tx) => {
    const ctx: UseCaseContext = {
      tx,
      actor,
      now,
      audit: async (event) => {
        await recordAudit(tx, actor, now, event);
      },
    };
    return fn(ctx);
  });
}

export const SYSTEM_ACTOR: AuditActor = { type: 'SYSTEM', id: null };
