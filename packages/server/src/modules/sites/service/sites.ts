import {
  type AccessUser,
  type FieldIssue,
  hasPermission,
  type SiteInput,
  type SiteList,
  type SiteOverview,
  type StudyStatus,
  sitesWithPermission,
  studyEditScope,
  suggestSiteNumber,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { AppError, notFound, validationError } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import { presentSite, siteAbilities, siteSnapshot } from '../presenters';
import {
  countSiteSubjects,
  deleteSite as deleteSiteRow,
  findLiveStudy,
  findSite,
  findSiteClashes,
  insertSite,
  listSiteNumbers,
  listSiteStaff,
  listSiteSubjects,
  listSites,
  updateSite as updateSiteRow,
} from '../repo';

type Study = NonNullable<Awaited<ReturnType<typeof findLiveStudy>>>;

/** The study, or 404: a study id that does not exist (or was deleted) shows nothing. */
export async function requireStudy(db: Executor, studyId: string): Promise<Study> {
  const study = await findLiveStudy(db, studyId);
  if (!study) throw notFound('The study');
  return study;
}

/** The site of this study, or 404: a site of another study is never reachable under this URL. */
export async function requireSite(db: Executor, studyId: string, siteId: string) {
  const study = await requireStudy(db, studyId);
  const site = await findSite(db, studyId, siteId);
  if (!site) throw notFound('The site');
  return { study, site };
}

/** Spec 000 §4: sites are study settings; they change only while the study's edit scope allows it. */
export function assertSitesEditable(study: Study): void {
  if (!studyEditScope(study.status as StudyStatus).settings) {
    throw new AppError('VALIDATION', 'Sites cannot be changed in the study’s current status.', {
      id: 'STUDY_STATUS_MISMATCH',
      context: { status: study.status },
    });
  }
}

/** Spec 000 §2 sites-overview: the sites the caller may see (a site-limited role sees its own). */
export async function listSitesForUser(
  db: Executor,
  input: { studyId: string; access: AccessUser },
): Promise<SiteList> {
  const study = await requireStudy(db, input.studyId);
  const visible = sitesWithPermission(input.access, 'SITE_OVERVIEW', input.studyId);
  const rows = await listSites(db, input.studyId, visible);
  const numbers = await listSiteNumbers(db, input.studyId);
  return {
    sites: rows.map((row) => presentSite(row, row.subjectCount, siteAbilities(input.access, study, row.id))),
    nextSiteNumber: suggestSiteNumber(numbers),
    canCreate:
      studyEditScope(study.status as StudyStatus).settings &&
      hasPermission(input.access, 'SITE_CREATE', { studyId: input.studyId }),
  };
}

/** Spec 000 §2 site-overview: the site, its subjects and the staff whose access covers it. */
export async function getSiteOverview(
  db: Executor,
  input: { studyId: string; siteId: string; access: AccessUser },
): Promise<SiteOverview> {
  const { study, site } = await requireSite(db, input.studyId, input.siteId);
  const subjects = await listSiteSubjects(db, input.studyId, input.siteId);
  const staff = await listSiteStaff(db, input.studyId, input.siteId);
  return {
    site: presentSite(site, subjects.length, siteAbilities(input.access, study, site.id)),
    subjects: subjects.map((s) => ({
      id: s.id,
      patientId: s.patientId,
      createdAt: s.createdAt.toISOString(),
    })),
    staff: staff.map((row) => ({
      accessId: row.accessId,
      userId: row.userId,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      role: row.role,
      status: row.status === 'INVITED' ? 'INVITED' : 'ACTIVE',
      isStudyWide: row.siteIds === 'ALL',
    })),
  };
}

/** Spec 000 §8 DUPLICATE_NAME: name and site number are each unique within the study. */
async function assertNoClash(
  ctx: UseCaseContext,
  studyId: string,
  input: { name: string; siteNumber: number; exceptId?: string },
): Promise<void> {
  const clashes = await findSiteClashes(ctx.tx, studyId, input);
  const issues: FieldIssue[] = [];
  if (clashes.name) issues.push({ path: ['name'], message: 'SITES.ERRORS.NAME_TAKEN' });
  if (clashes.siteNumber) issues.push({ path: ['siteNumber'], message: 'SITES.ERRORS.NUMBER_TAKEN' });
  if (issues.length > 0)
    throw validationError(issues, 'Another site of this study already uses this.', 'DUPLICATE_NAME');
}

function optional(value: string | null | undefined): string | null {
  return value ? value : null;
}

/** Spec 000 §2 sites-overview: create a site; without a number it takes the next free one (000 §3). */
export async function createSite(
  ctx: UseCaseContext,
  input: { studyId: string; site: SiteInput; access: AccessUser },
) {
  const study = await requireStudy(ctx.tx, input.studyId);
  assertSitesEditable(study);
  const siteNumber = input.site.siteNumber ?? suggestSiteNumber(await listSiteNumbers(ctx.tx, input.studyId));
  await assertNoClash(ctx, input.studyId, { name: input.site.name, siteNumber });
  const row = await insertSite(ctx.tx, {
    studyId: input.studyId,
    id: newId(ctx.now),
    name: input.site.name,
    siteNumber,
    isPublic: input.site.isPublic,
    address: optional(input.site.address),
    contactEmail: optional(input.site.contactEmail),
    contactPhone: optional(input.site.contactPhone),
    enrolmentTarget: input.site.enrolmentTarget ?? null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  });
  await ctx.audit({
    action: 'SITE_CREATED',
    entityType: 'SITE',
    entityId: row.id,
    studyId: input.studyId,
    after: siteSnapshot(row),
  });
  return presentSite(row, 0, siteAbilities(input.access, study, row.id));
}

/** Spec 000 §2 site-overview: edit a site's name, number, public flag, contact details and enrolment target. */
export async function updateSite(
  ctx: UseCaseContext,
  input: { studyId: string; siteId: string; site: SiteInput; access: AccessUser },
) {
  const { study, site } = await requireSite(ctx.tx, input.studyId, input.siteId);
  assertSitesEditable(study);
  const siteNumber = input.site.siteNumber ?? site.siteNumber;
  await assertNoClash(ctx, input.studyId, { name: input.site.name, siteNumber, exceptId: site.id });
  const row = await updateSiteRow(ctx.tx, input.studyId, input.siteId, {
    name: input.site.name,
    siteNumber,
    isPublic: input.site.isPublic,
    address: optional(input.site.address),
    contactEmail: optional(input.site.contactEmail),
    contactPhone: optional(input.site.contactPhone),
    // Omitted keeps the current target; null clears it.
    enrolmentTarget:
      input.site.enrolmentTarget === undefined ? site.enrolmentTarget : input.site.enrolmentTarget,
    updatedAt: ctx.now,
  });
  await ctx.audit({
    action: 'SITE_UPDATED',
    entityType: 'SITE',
    entityId: row.id,
    studyId: input.studyId,
    before: siteSnapshot(site),
    after: siteSnapshot(row),
  });
  const subjectCount = await countSiteSubjects(ctx.tx, input.studyId, input.siteId);
  return presentSite(row, subjectCount, siteAbilities(input.access, study, row.id));
}

/** Spec 000 §8 ACTIVE_SITE: a site that holds subjects is never deleted; its bookings go with it. */
export async function deleteSite(ctx: UseCaseContext, input: { studyId: string; siteId: string }) {
  const { study, site } = await requireSite(ctx.tx, input.studyId, input.siteId);
  assertSitesEditable(study);
  const subjectCount = await countSiteSubjects(ctx.tx, input.studyId, input.siteId);
  if (subjectCount > 0) {
    throw new AppError('PRECONDITION', 'This site still has subjects and cannot be deleted.', {
      id: 'ACTIVE_SITE',
      context: { subjectCount },
    });
  }
  const bookingsDeleted = await deleteSiteRow(ctx.tx, input.studyId, input.siteId);
  await ctx.audit({
    action: 'SITE_DELETED',
    entityType: 'SITE',
    entityId: site.id,
    studyId: input.studyId,
    before: siteSnapshot(site),
    after: { deleted: true, bookingsDeleted },
  });
}
