/**
 * Spec 001 §4 (deleting imported data, production only), issue 28 item 4: removes the external
 * events an import created (their tokens are marked removed, so the events and their answers leave
 * the subject's view; the rows stay for the audit trail), with the reason and the signer's password.
 */
import type { ExtendedValidationSignature } from '@trialbase/domain';
import { notFound } from '../../../platform/errors';
import type { UseCaseContext } from '../../../platform/use-case';
import { findStudyScheduleInfo } from '../../enrollments/api';
import { listImportTokens, removeTokens } from '../repo';
import { assertProduction } from './import-external-data';

/** The meaning the deletion's signature records. */
export const DELETE_IMPORT_MEANING = 'Delete imported external data';

/** Deletes an import's data; 404 when the study has no such import left. */
export async function deleteExternalImport(
  ctx: UseCaseContext,
  input: { studyId: string; importId: string; reason: string; signature: ExtendedValidationSignature },
): Promise<void> {
  const study = await findStudyScheduleInfo(ctx.tx, input.studyId);
  if (!study) throw notFound('The study');
  assertProduction(study.status);
  const rows = await listImportTokens(ctx.tx, input.studyId, input.importId, { lock: true });
  if (rows.length === 0) throw notFound('The import');
  await removeTokens(
    ctx.tx,
    input.studyId,
    rows.map((r) => r.id),
    ctx.now,
  );
  await ctx.audit({
    action: 'EXTERNAL_DATA_DELETED',
    entityType: 'EXTERNAL_DATA_IMPORT',
    entityId: input.importId,
    studyId: input.studyId,
    before: { tokenIds: rows.map((r) => r.id) },
    after: { removedAt: ctx.now.toISOString(), signature: input.signature },
    reason: input.reason,
  });
}

/** The sites of an import's remaining events (the guard checks the permission at each). */
export async function sitesOfImport(
  db: Parameters<typeof listImportTokens>[0],
  studyId: string,
  importId: string,
) {
  return [...new Set((await listImportTokens(db, studyId, importId)).map((r) => r.siteId))];
}
