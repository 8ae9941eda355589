import { type AccessUser, type ExportRequest, isExportRefusal, planExportScope } from '@trialbase/domain';
import { forbidden, notFound } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import { type ExportJobRow, insertExportJob, unknownForms, unknownSites } from '../repo';

/**
 * Issue 26 item 1: asks for an export. What the requester may see is decided now (spec 000 §6,
 * the domain's planExportScope) and kept with the job; the choices and that scope are audited.
 * Sites and forms of another study are not found (404), a site outside the requester's is 403.
 */
export async function startExport(
  ctx: UseCaseContext,
  input: {
    studyId: string;
    request: ExportRequest;
    access: AccessUser;
    requestedBy: string;
    language: string;
  },
): Promise<ExportJobRow> {
  const { studyId, request } = input;
  if ((await unknownSites(ctx.tx, studyId, request.sites)).length > 0) throw notFound('The site');
  if ((await unknownForms(ctx.tx, studyId, request.forms)).length > 0) throw notFound('The form');
  const plan = planExportScope(input.access, studyId, request);
  if (isExportRefusal(plan)) {
    if (plan.refused === 'FIELD_NOT_ALLOWED')
      throw forbidden(`You may not export ${plan.detail ?? 'this field'}.`);
    throw forbidden();
  }
  const job = await insertExportJob(ctx.tx, {
    studyId,
    id: newId(ctx.now),
    requestedBy: input.requestedBy,
    status: 'QUEUED',
    request,
    scope: plan,
    language: input.language,
    createdAt: ctx.now,
  });
  await ctx.audit({
    action: 'EXPORT_REQUESTED',
    entityType: 'EXPORT',
    entityId: job.id,
    studyId,
    before: null,
    after: { request, scope: plan },
  });
  return job;
}
