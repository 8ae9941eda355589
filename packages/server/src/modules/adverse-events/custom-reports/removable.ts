import type { RemovableType } from '../../../platform/soft-delete/registry';
import type { UseCaseContext } from '../../../platform/use-case';
import { findAeReport, findAeReportLabels, updateAeReport } from './repo';

/**
 * Soft-delete type `ae2` (spec 000 §3, 001 §7 `DELETE /study/{studyId}/{type}/{id}`): a custom AE
 * report, for the storage module's registry (registered by `customAeReportRoutes`). It loads the report
 * locked and sets or clears its removed flag; the storage keeps who, when and why and its audit event,
 * the report's own history gets AE_REPORT_REMOVED / AE_REPORT_RESTORED.
 */
export const aeReportRemovableType: RemovableType = {
  type: 'ae2',
  async load(ctx: UseCaseContext, studyId: string, id: string) {
    const row = await findAeReport(ctx.tx, studyId, id, { lock: true });
    if (!row) return null;
    const { patientId } = await findAeReportLabels(ctx.tx, studyId, row);
    return {
      id: row.id,
      siteId: row.siteId,
      subjectId: row.subjectId,
      label: `${patientId} · AE report ${row.createdAt.toISOString().slice(0, 10)}`,
      isRemoved: row.isRemoved,
    };
  },
  async setRemoved(ctx: UseCaseContext, studyId: string, id: string, isRemoved: boolean) {
    const row = await findAeReport(ctx.tx, studyId, id, { lock: true });
    if (!row) return;
    await updateAeReport(ctx.tx, studyId, id, {
      isRemoved,
      revision: row.revision + 1,
      updatedAt: ctx.now,
    });
    await ctx.audit({
      action: isRemoved ? 'AE_REPORT_REMOVED' : 'AE_REPORT_RESTORED',
      entityType: 'AE_REPORT',
      entityId: id,
      studyId,
      before: { isRemoved: !isRemoved },
      after: { isRemoved },
    });
  },
};
