import { and, eq } from 'drizzle-orm';
import type { RemovableType } from '../../platform/soft-delete/registry';
import type { UseCaseContext } from '../../platform/use-case';
import { subjects } from '../subjects/tables';
import { lockAccountingEntry, lockMedication } from './repo';
import { medicationAccounting, medications } from './tables';

async function subjectLabel(ctx: UseCaseContext, studyId: string, subjectId: string): Promise<string> {
  const [subject] = await ctx.tx
    .select({ label: subjects.patientId })
    .from(subjects)
    .where(and(eq(subjects.studyId, studyId), eq(subjects.id, subjectId)));
  return subject?.label ?? '';
}

/**
 * Soft-delete type `medication` (spec 000 §3, 001 §7 `DELETE /study/{studyId}/{type}/{id}`) for the
 * storage module's registry (registered by `medicationRoutes`): loads the record (locked) and sets or
 * clears its removed flag; the storage writes the ledger (who, when, why) and its audit event.
 */
export const medicationRemovableType: RemovableType = {
  type: 'medication',
  async load(ctx, studyId, id) {
    const row = await lockMedication(ctx.tx, studyId, id);
    if (!row) return null;
    return {
      id: row.id,
      siteId: row.siteId,
      subjectId: row.subjectId,
      label: `${await subjectLabel(ctx, studyId, row.subjectId)} · ${row.registrationType} ${row.createdAt.toISOString().slice(0, 10)}`,
      isRemoved: row.removed,
    };
  },
  async setRemoved(ctx, studyId, id, isRemoved) {
    await ctx.tx
      .update(medications)
      .set({ removed: isRemoved, updatedAt: ctx.now })
      .where(and(eq(medications.studyId, studyId), eq(medications.id, id)));
    await ctx.audit({
      action: isRemoved ? 'MEDICATION_REMOVED' : 'MEDICATION_RESTORED',
      entityType: 'MEDICATION',
      entityId: id,
      studyId,
      before: { removed: !isRemoved },
      after: { removed: isRemoved },
    });
  },
};

/** Soft-delete type `medicationAccounting` (spec 000 §3): an accounting entry; removed entries leave the balance. */
export const medicationAccountingRemovableType: RemovableType = {
  type: 'medicationAccounting',
  async load(ctx, studyId, id) {
    const row = await lockAccountingEntry(ctx.tx, studyId, id);
    if (!row) return null;
    return {
      id: row.id,
      siteId: row.siteId,
      subjectId: row.subjectId,
      label: `${await subjectLabel(ctx, studyId, row.subjectId)} · ${row.accountingType} ${row.date}`,
      isRemoved: row.removed,
    };
  },
  async setRemoved(ctx, studyId, id, isRemoved) {
    await ctx.tx
      .update(medicationAccounting)
      .set({ removed: isRemoved })
      .where(and(eq(medicationAccounting.studyId, studyId), eq(medicationAccounting.id, id)));
    await ctx.audit({
      action: isRemoved ? 'MEDICATION_ACCOUNTING_REMOVED' : 'MEDICATION_ACCOUNTING_RESTORED',
      entityType: 'MEDICATION_ACCOUNTING',
      entityId: id,
      studyId,
      before: { removed: !isRemoved },
      after: { removed: isRemoved },
    });
  },
};
