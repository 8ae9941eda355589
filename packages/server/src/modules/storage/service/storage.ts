import {
  type AccessUser,
  hasPermission,
  type StorageItem,
  type StudyStatus,
  studyEditScope,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { AppError, forbidden, notFound } from '../../../platform/errors';
import { type RemovableType, removableTypeOf } from '../../../platform/soft-delete/registry';
import type { UseCaseContext } from '../../../platform/use-case';
import { findStudy } from '../../studies/api';
import {
  deleteRemovedItem,
  findRemovedItem,
  insertRemovedItem,
  listRemovedItems,
  type RemovedItemRow,
  userNamesOf,
} from '../repo';

type ItemRef = { studyId: string; type: string; id: string };

function typeOr404(type: string): RemovableType {
  const registered = removableTypeOf(type);
  if (!registered) throw notFound('The item type');
  return registered;
}

/** Removing and restoring change study data: only while the study takes data (000 §4; not locked or closed). */
async function requireDataCaptureStudy(ctx: UseCaseContext, studyId: string): Promise<void> {
  const study = await findStudy(ctx.tx, studyId);
  if (!study) throw notFound('The study');
  if (!studyEditScope(study.status as StudyStatus).dataCapture) {
    throw new AppError('PRECONDITION', 'The study does not allow this in its current status.', {
      id: 'STUDY_STATUS_MISMATCH',
      context: { status: study.status },
    });
  }
}

function requireAtSite(
  access: AccessUser,
  permission: 'SOFT_DELETE' | 'SOFT_DELETE_RESTORE',
  studyId: string,
  siteId: string | null,
) {
  const allowed = hasPermission(access, permission, { studyId, ...(siteId ? { siteId } : {}) });
  if (!allowed) throw forbidden();
}

function present(row: RemovedItemRow, names: Map<string, string>, access: AccessUser): StorageItem {
  return {
    type: row.type,
    id: row.itemId,
    siteId: row.siteId,
    subjectId: row.subjectId,
    label: row.label,
    removedBy: { id: row.removedBy, name: names.get(row.removedBy) ?? row.removedBy },
    removedAt: row.removedAt.toISOString(),
    reason: row.reason,
    canRestore: hasPermission(access, 'SOFT_DELETE_RESTORE', {
      studyId: row.studyId,
      ...(row.siteId ? { siteId: row.siteId } : {}),
    }),
  };
}

/**
 * Spec 001 §7 `DELETE /study/{studyId}/{type}/{id}`: removes the item to the study storage with a
 * reason; the owning module hides it, the ledger keeps who, when and why, audited as ITEM_REMOVED.
 */
export async function removeItem(
  ctx: UseCaseContext,
  input: ItemRef & { reason: string; access: AccessUser },
): Promise<StorageItem> {
  const type = typeOr404(input.type);
  await requireDataCaptureStudy(ctx, input.studyId);
  const item = await type.load(ctx, input.studyId, input.id);
  if (!item) throw notFound('The item');
  requireAtSite(input.access, 'SOFT_DELETE', input.studyId, item.siteId);
  if (item.isRemoved || (await findRemovedItem(ctx.tx, input.studyId, type.type, item.id))) {
    throw new AppError('PRECONDITION', 'The item is already in the storage.', {
      context: { reason: 'ALREADY_REMOVED' },
    });
  }
  await type.setRemoved(ctx, input.studyId, item.id, true);
  const row: RemovedItemRow = {
    studyId: input.studyId,
    type: type.type,
    itemId: item.id,
    siteId: item.siteId,
    subjectId: item.subjectId,
    label: item.label,
    removedBy: ctx.actor.id ?? 'system',
    removedAt: ctx.now,
    reason: input.reason,
  };
  await insertRemovedItem(ctx.tx, row);
  await ctx.audit({
    action: 'ITEM_REMOVED',
    entityType: 'STORAGE_ITEM',
    entityId: item.id,
    studyId: input.studyId,
    before: { type: type.type, isRemoved: false },
    after: { type: type.type, isRemoved: true, siteId: item.siteId, subjectId: item.subjectId },
    reason: input.reason,
  });
  return present(row, await userNamesOf(ctx.tx, [row.removedBy]), input.access);
}

/** Spec 001 §7 `PUT /study/{studyId}/{type}/{id}/isRemoved`: restores a removed item, with a reason. */
export async function restoreItem(
  ctx: UseCaseContext,
  input: ItemRef & { reason: string; access: AccessUser },
): Promise<void> {
  const type = typeOr404(input.type);
  await requireDataCaptureStudy(ctx, input.studyId);
  const item = await type.load(ctx, input.studyId, input.id);
  if (!item) throw notFound('The item');
  requireAtSite(input.access, 'SOFT_DELETE_RESTORE', input.studyId, item.siteId);
  const ledger = await findRemovedItem(ctx.tx, input.studyId, type.type, item.id);
  if (!item.isRemoved && !ledger) {
    throw new AppError('PRECONDITION', 'The item is not in the storage.', {
      context: { reason: 'NOT_REMOVED' },
    });
  }
  await type.setRemoved(ctx, input.studyId, item.id, false);
  await deleteRemovedItem(ctx.tx, input.studyId, type.type, item.id);
  await ctx.audit({
    action: 'ITEM_RESTORED',
    entityType: 'STORAGE_ITEM',
    entityId: item.id,
    studyId: input.studyId,
    before: {
      type: type.type,
      isRemoved: true,
      removedBy: ledger?.removedBy ?? null,
      removedAt: ledger?.removedAt.toISOString() ?? null,
      removeReason: ledger?.reason ?? null,
    },
    after: { type: type.type, isRemoved: false },
    reason: input.reason,
  });
}

/** Spec 001 §7 `GET /study/{studyId}/storage`: removed items at the caller's sites, newest first. */
export async function listStorage(db: Executor, studyId: string, access: AccessUser): Promise<StorageItem[]> {
  const rows = (await listRemovedItems(db, studyId)).filter(
    (row) =>
      hasPermission(access, 'SOFT_DELETE', { studyId, ...(row.siteId ? { siteId: row.siteId } : {}) }) ||
      hasPermission(access, 'SOFT_DELETE_RESTORE', {
        studyId,
        ...(row.siteId ? { siteId: row.siteId } : {}),
      }),
  );
  const names = await userNamesOf(db, [...new Set(rows.map((r) => r.removedBy))]);
  return rows.map((row) => present(row, names, access));
}
