import type { AuditActor, AuditEvent } from '@trialbase/domain';
import {
  type AuditInsertPart,
  appendAuditRows,
  auditRow,
  auditTime,
  runAuditInsertParts,
} from './audit/audit';
import { kickAuditSequencer } from './audit/sequencer';
import { auditTapWrites } from './audit/taps';
import { commitWithNextStatement, type Db, type Tx } from './db/client';
import { newId } from './ids';

/** What every use case receives (CONVENTIONS.md services): its transaction, who acts, the time, and the audit recorder. */
export type UseCaseContext = {
  tx: Tx;
  actor: AuditActor;
  now: Date;
  audit: (event: AuditEvent) => Promise<void>;
  /**
   * A write nothing in the use case reads back, sent with its audit events as a part of their
   * insert (issue 16 item 2: one statement fewer each), so still before the commit: a data-modifying
   * statement ending in `returning 1`. `check` gets how many rows it wrote and may throw, which
   * rolls the use case back as a throw in `fn` would. Writes run after every statement of `fn`, and
   * see what those wrote, not each other's rows; use it only where nothing later depends on the write.
   */
  deferWrite: (statement: AuditInsertPart, check?: (written: number) => void) => void;
};

type DeferredWrite = { statement: AuditInsertPart; check: ((written: number) => void) | undefined };

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
    // Each event gets its id and its row of the audit insert as it is recorded: taps (webhook
    // messages, issue 28) name the event they come from, and the hashing runs while the use case
    // still waits for its statements (a subject import's 5,000 events, issue 16).
    const events: (AuditEvent & { id: string })[] = [];
    const rows: string[] = [];
    const occurredAt = auditTime(now);
    const deferred: DeferredWrite[] = [];
    const ctx: UseCaseContext = {
      tx,
      actor,
      now,
      audit: async (event) => {
        const named = event.id ? (event as AuditEvent & { id: string }) : { ...event, id: newId(now) };
        rows.push(auditRow(actor, occurredAt, named));
        events.push(named);
      },
      deferWrite: (statement, check) => {
        deferred.push({ statement, check });
      },
    };
    const value = await fn(ctx);
    const writes = auditTapWrites(db, events, { actor, now });
    const statements = [
      ...deferred.map((write) => write.statement),
      ...writes.map((write) => write.statement),
    ];
    // The audit insert is the transaction's last statement; where no deferred write's check can
    // still throw after it, it carries the COMMIT too (platform/db/pg-prepared.ts).
    if (deferred.every((write) => write.check === undefined)) commitWithNextStatement(tx);
    const written =
      rows.length > 0
        ? await appendAuditRows(tx, actor, occurredAt, rows, statements)
        : await runAuditInsertParts(tx, statements);
    deferred.forEach((write, i) => {
      write.check?.(written[i] ?? 0);
    });
    afterCommit = writes.map((write, i) => () => write.afterCommit(written[deferred.length + i] ?? 0));
    appended = events.length;
    return value;
  });
  if (appended > 0) kickAuditSequencer(db);
  for (const action of afterCommit) action();
  return result;
}

export const SYSTEM_ACTOR: AuditActor = { type: 'SYSTEM', id: null };
