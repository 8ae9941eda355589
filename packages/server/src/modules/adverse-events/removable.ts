import { and, eq } from 'drizzle-orm';
import type { UseCaseContext } from '../../platform/use-case';
import { subjects } from '../subjects/tables';
import { lockAe } from './repo';
import { adverseEvents } from './tables';

/**
 * Soft-delete type `ae` (spec 000 §3, 001 §7 `DELETE /study/{studyId}/{type}/{id}`) for the storage
 * module's registry (registered by `adverseEventRoutes`): it loads the AE (locked) and sets or clears
 * its removed flag; the storage writes the ledger (who, when, why) and its audit event.
 */
export const aeRemovableType = {
  type: 'ae',
  async load(ctx: UseCaseContext, studyId: string, id: string) {
    const row = await lockAe(ctx.tx, studyId, id);
    if (!row) return null;
    const [subject] = await ctx.tx
      .select({ label: subjects.patientId })
      .from(subjects)
      .where(and(eq(subjects.studyId, studyId), eq(subjects.id, row.subjectId)));
    return {
      id: row.id,
      siteId: row.siteId,
      subjectId: row.subjectId,
      label: `${subject?.label ?? ''} · AE ${row.createdAt.toISOString().slice(0, 10)}`,
      isRemoved: row.removed,
    };
  },
  async setRemoved(ctx: UseCaseContext, studyId: string, id: string, isRemoved: boolean) {
    await ctx.tx
      .update(adverseEvents)
      .set({ removed: isRemoved, ...(isRemoved ? {} : { removedReason: null }), updatedAt: ctx.now })
      .where(and(eq(adverseEvents.studyId, studyId), eq(adverseEvents.id, id)));
    // The AE's own history shows it too (the storage records the ledger row and its reason).
    await ctx.audit({
      action: isRemoved ? 'AE_REMOVED' : 'AE_RESTORED',
      entityType: 'ADVERSE_EVENT',
      entityId: id,
      studyId,
      before: { removed: !isRemoved },
      after: { removed: isRemoved },
    });
  },
};
