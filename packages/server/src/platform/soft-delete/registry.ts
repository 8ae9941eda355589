import type { UseCaseContext } from '../use-case';

/** What the storage needs of an item a module lets be removed (spec 001 §7 soft delete). */
export type RemovableItem = {
  id: string;
  /** The site whose staff may remove and restore it (SOFT_DELETE / SOFT_DELETE_RESTORE there). */
  siteId: string | null;
  subjectId: string | null;
  /** Shown on the storage page: no identifying data (subject id, event name, date). */
  label: string;
  isRemoved: boolean;
};

/**
 * One soft-delete type (000 §3: ae, ae2, medication, medicationAccounting, unscheduledevent,
 * discontinueEvent), registered by the module that owns the items. The storage module calls it inside
 * its use case's transaction, writes the ledger row (who, when, why) and the audit event; the owner
 * only reads its item and sets its own removed marker.
 */
export type RemovableType = {
  type: string;
  /** The item, locked for the rest of the transaction; null when the study has no such item. */
  load(ctx: UseCaseContext, studyId: string, id: string): Promise<RemovableItem | null>;
  /** Sets or clears the owner's removed marker (and whatever the owner hides with it). */
  setRemoved(ctx: UseCaseContext, studyId: string, id: string, isRemoved: boolean): Promise<void>;
};

const registry = new Map<string, RemovableType>();

/**
 * Registers a module's removable types (issue 23 item 5: one mechanism for every type). Call it from
 * the module's routes factory; registering the same type again replaces it (tests build many apps).
 */
export function registerRemovableTypes(types: readonly RemovableType[]): void {
  for (const type of types) registry.set(type.type, type);
}

/** The registered type of that name, or undefined (the storage answers 404). */
export function removableTypeOf(type: string): RemovableType | undefined {
  return registry.get(type);
}
