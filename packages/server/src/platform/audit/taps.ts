import type { AuditActor, AuditEvent } from '@trialbase/domain';
import type { Db, Tx } from '../db/client';

/**
 * Something that reacts to a use case's audit events inside its transaction (issue 28 item 1: webhook
 * messages are derived from them, so they commit with the change or not at all). It returns what to do
 * after the commit (e.g. kick a job), or null. Taps are registered per database by buildApp, so the
 * platform needs no product module.
 */
export type AuditTap = (
  tx: Tx,
  events: readonly (AuditEvent & { id: string })[],
  context: { actor: AuditActor; now: Date },
) => Promise<(() => void) | null>;

const tapsByDb = new WeakMap<Db, Map<string, AuditTap>>();

/** Registers (or replaces) the tap `name` for one database. */
export function registerAuditTap(db: Db, name: string, tap: AuditTap): void {
  const taps = tapsByDb.get(db) ?? new Map<string, AuditTap>();
  taps.set(name, tap);
  tapsByDb.set(db, taps);
}

/** Runs the database's taps in the caller's transaction; returns the after-commit actions. */
export async function runAuditTaps(
  db: Db,
  tx: Tx,
  events: readonly (AuditEvent & { id: string })[],
  context: { actor: AuditActor; now: Date },
): Promise<(() => void)[]> {
  const taps = tapsByDb.get(db);
  if (!taps || events.length === 0) return [];
  const after: (() => void)[] = [];
  for (const tap of taps.values()) {
    const action = await tap(tx, events, context);
    if (action) after.push(action);
  }
  return after;
}
