import { STUDY_NAME_MAX_LENGTH } from '@trialbase/domain';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import { insertSites, insertStudy, isStudyNameTakenAcrossStudies, listSites, type StudyRow } from '../repo';
import { grantCreatorAccess } from './create-study';

/** "<name> (copy)", then "(copy 2)", ... until free among live studies, within the name limit. */
async function freeCopyName(ctx: UseCaseContext, name: string): Promise<string> {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? ' (copy)' : ` (copy ${n})`;
    const candidate = `${name.slice(0, STUDY_NAME_MAX_LENGTH - suffix.length)}${suffix}`;
    if (!(await isStudyNameTakenAcrossStudies(ctx.tx, candidate))) return candidate;
  }
}

/**
 * Spec 001 §7 POST /study/{studyId}/duplicate: a deep copy of the design (settings, sites)
 * in build, without subject data or access other than the caller as ADMIN. Paid modules,
 * plan and enterprise code are bought per study and are not copied.
 */
export async function duplicateStudy(
  ctx: UseCaseContext,
  input: { source: StudyRow; caller: { id: string; email: string } },
): Promise<StudyRow> {
  const { source, caller } = input;
  const copy: StudyRow = {
    ...source,
    id: newId(ctx.now),
    name: await freeCopyName(ctx, source.name),
    status: 'STUDY_STATUS_BUILD',
    statusBeforeDelete: null,
    modules: [],
    planId: null,
    enterpriseCode: null,
    settings: structuredClone(source.settings),
    deleteRequestedAt: null,
    deleteDueAt: null,
    deletedAt: null,
    createdBy: caller.id,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  await insertStudy(ctx.tx, copy);
  await ctx.audit({
    action: 'STUDY_DUPLICATED',
    entityType: 'STUDY',
    entityId: copy.id,
    studyId: copy.id,
    after: { name: copy.name, sourceStudyId: source.id },
  });
  const sites = (await listSites(ctx.tx, source.id)).map((site) => ({
    ...site,
    studyId: copy.id,
    id: newId(ctx.now),
    settings: structuredClone(site.settings),
    createdAt: ctx.now,
    updatedAt: ctx.now,
  }));
  await insertSites(ctx.tx, sites);
  for (const site of sites) {
    await ctx.audit({
      action: 'STUDY_SITE_COPIED',
      entityType: 'SITE',
      entityId: site.id,
      studyId: copy.id,
      after: { name: site.name, siteNumber: site.siteNumber, isPublic: site.isPublic },
    });
  }
  await grantCreatorAccess(ctx, copy.id, caller);
  return copy;
}
