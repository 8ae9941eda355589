import type { AuditActor, AuditEvent } from '@trialbase/domain';
import type { Db } from '../db/client';
import type { AuditInsertPart } from './audit';

/**
 * What a tap writes with a use case's audit events (issue 28 item 1: webhook messages): one
 * data-modifying statement ending in `returning 1`, run inside the audit insert itself (a CTE), so it
 * commits with the change and costs no statement of its own; `afterCommit` gets how many rows it wrote.
 */
export type AuditTapWrite = { statement: AuditInsertPart; afterCommit: (written: number) => void };

/** Reacts to a use case's audit events (their ids given); null when it has nothing to write. */
export type AuditTap = (
  events: readonly (AuditEvent & { id: string })[],
  context: { actor: AuditActor; now: Date },
) => AuditTapWrite | null;

const tapsByDb = new WeakMap<Db, Map<string, AuditTap>>();

/** Registers (or replaces) the tap `name` for one database; buildApp does, so platform needs no product module. */
export function registerAuditTap(db: Db, name: string, tap: AuditTap): void {
  const taps = tapsByDb.get(db) ?? new Map<string, AuditTap>();
  taps.set(name, tap);
  tapsByDb.set(db, taps);
}

/** What the database's taps write for these events. */
export function auditTapWrites(
  db: Db,
  events: readonly (AuditEvent & { id: string })[],
  context: { actor: AuditActor; now: Date },
): AuditTapWrite[] {
  const taps = tapsByDb.get(db);
  if (!taps || events.length === 0) return [];
  return [...taps.values()].flatMap((tap) => {
    const write = tap(events, context);
    return write ? [write] : [];
  });
}
