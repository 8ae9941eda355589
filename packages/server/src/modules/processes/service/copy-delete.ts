/** Deleting and duplicating processes (spec 001 §7 Processes). */
import type { ProcessDetail } from '@trialbase/domain';
import { AppError } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import { copyWithNewIds, toDocument, uniqueCopyName } from '../documents';
import { presentProcessDetail } from '../presenters';
import { listProcessNames, replaceProcessDataEvents, updateProcessRow } from '../repo';
import {
  assertProcessesWritable,
  assertStructureChangeAllowed,
  loadProcess,
  lockProcessRowForChange,
  requireProcessRow,
  requireProcessStudy,
} from './context';
import { assertProcessValid, insertProcess } from './write-process';

/**
 * Spec 001 §7 DELETE /studies/{studyId}/pathway/{id}: a soft delete, allowed where the structure may
 * change (build, or a fully editable process in an amendment) and refused once subjects are enrolled.
 */
export async function deleteProcess(
  ctx: UseCaseContext,
  input: { studyId: string; id: string },
): Promise<void> {
  const study = await requireProcessStudy(ctx.tx, input.studyId);
  assertProcessesWritable(study);
  // Locked like a save (issue 13 item 8): no enrolment slips in between the in-use check and the delete.
  const row = await lockProcessRowForChange(ctx.tx, study.id, input.id);
  const { process, usage } = await loadProcess(ctx.tx, study, row);
  assertStructureChangeAllowed(study, process.fullyEditable);
  if (usage.enrollments > 0) {
    throw new AppError('CONFLICT', 'The process has enrollments and cannot be deleted.', {
      context: { enrollments: usage.enrollments },
    });
  }
  await updateProcessRow(ctx.tx, study.id, row.id, { deletedAt: ctx.now, updatedAt: ctx.now });
  await replaceProcessDataEvents(ctx.tx, study.id, row.id, []);
  await ctx.audit({
    action: 'PROCESS_DELETED',
    entityType: 'PROCESS',
    entityId: row.id,
    studyId: study.id,
    before: { name: row.name, document: toDocument(process) },
    after: { deletedAt: ctx.now.toISOString() },
  });
}

/**
 * Spec 001 §7 POST .../pathway/{id}/duplicate: a new process named "<name> (copy)" (made unique),
 * with new data event ids; a new process, so fully editable and without usage.
 */
export async function duplicateProcess(
  ctx: UseCaseContext,
  input: { studyId: string; id: string },
): Promise<ProcessDetail> {
  const study = await requireProcessStudy(ctx.tx, input.studyId);
  assertStructureChangeAllowed(study);
  const source = await requireProcessRow(ctx.tx, study.id, input.id);
  const { process } = await loadProcess(ctx.tx, study, source);
  const name = uniqueCopyName(process.pathwayName, await listProcessNames(ctx.tx, study.id));
  const copy = {
    ...copyWithNewIds(process, newId(ctx.now), name, ctx.now),
    fullyEditable: true,
    hasUnexpected: false,
    hasDiscontinued: false,
    hasExternalEvent: false,
    hasRandomizationOnProcess: false,
    didUploadCustomRandomizationList: false,
  };
  await assertProcessValid(ctx.tx, study, copy, 0);
  const row = await insertProcess(ctx, study, copy);
  await ctx.audit({
    action: 'PROCESS_DUPLICATED',
    entityType: 'PROCESS',
    entityId: row.id,
    studyId: study.id,
    before: { duplicatedFrom: source.id, name: source.name },
    after: { name: row.name, document: toDocument(copy) },
  });
  const loaded = await loadProcess(ctx.tx, study, row);
  return presentProcessDetail(row, loaded.process, loaded.locks, loaded.usage.enrollments);
}
