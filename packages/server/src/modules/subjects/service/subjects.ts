/** One subject: view, update, delete, archive, unarchive and its sites (spec 001 §7 Subjects). */
import {
  type AccessUser,
  hasPermission,
  mergeSubjectAttributes,
  type SubjectDetail,
  type SubjectSite,
  type UpdateSubject,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { AppError, notFound, validationError } from '../../../platform/errors';
import type { UseCaseContext } from '../../../platform/use-case';
import {
  attributesOf,
  presentSubject,
  requiredSubjectFields,
  storedAttributes,
  subjectAbilities,
  subjectSnapshot,
} from '../presenters';
import {
  deleteSubjectRow,
  findStudySite,
  findSubjectScopeAcrossStudies,
  isSubjectRandomized,
  listSitesByIds,
  listSubjectEnrollments,
  type SubjectRow,
  type SubjectStudy,
  updateSubjectRow,
} from '../repo';
import { assertEditable, assertUnique, assertValidAttributes, requireStudy, requireSubject } from './guards';

type SubjectRef = { studyId: string; id: string; access: AccessUser };

/** Enrollment statuses in which the subject still takes part (spec 001 §4 enrollment). */
const ACTIVE_ENROLLMENT_STATUSES = new Set(['REGISTERED', 'ONGOING']);

async function detailOf(
  db: Executor,
  study: SubjectStudy,
  row: SubjectRow,
  access: AccessUser,
): Promise<SubjectDetail> {
  const site = await findStudySite(db, row.studyId, row.siteId);
  const enrollments = await listSubjectEnrollments(db, row.studyId, row.id);
  return {
    ...presentSubject(row, { access, required: requiredSubjectFields(study) }),
    siteName: site?.name ?? '',
    abilities: subjectAbilities(access, study, row, enrollments.length > 0),
  };
}

/** Spec 001 §7 GET /studies/{studyId}/patient/{id}: the subject, redacted for the viewer. */
export async function getSubject(db: Executor, input: SubjectRef): Promise<SubjectDetail> {
  const study = await requireStudy(db, input.studyId);
  const row = await requireSubject(db, { ...input, permission: 'PATIENT_VIEW' });
  return detailOf(db, study, row, input.access);
}

/**
 * Spec 001 §7 GET /patient/{id} (no study in the path): where the subject lives, or 404.
 * The route's guard uses it to check PATIENT_VIEW in the subject's study and site.
 */
export async function findSubjectScope(db: Executor, id: string) {
  const scope = await findSubjectScopeAcrossStudies(db, id);
  if (!scope) throw notFound('The subject');
  return scope;
}

/**
 * Spec 001 §7 PUT /studies/{studyId}/patient/{id}: a partial update of the attributes (and
 * the id, which stays unique). REDACTED values keep what is stored; audited before/after.
 */
export async function updateSubject(
  ctx: UseCaseContext,
  input: SubjectRef & { update: UpdateSubject },
): Promise<SubjectDetail> {
  const study = await requireStudy(ctx.tx, input.studyId);
  const row = await requireSubject(ctx.tx, { ...input, permission: 'PATIENT_UPDATE' });
  assertEditable(study);
  const attributes = mergeSubjectAttributes(attributesOf(row), input.update);
  // Issue 22: a randomized subject's trial group is the allocation's; nobody edits it by hand.
  if (
    (attributes.trialGroup ?? null) !== (attributesOf(row).trialGroup ?? null) &&
    (await isSubjectRandomized(ctx.tx, study.id, row.id))
  ) {
    throw validationError(
      [{ path: ['trialGroup'], message: 'LOCKED' }],
      'The trial group comes from the randomization.',
    );
  }
  assertValidAttributes(study, attributes, ctx.now);
  const patientId = input.update.patientId ?? row.patientId;
  await assertUnique(ctx.tx, study.id, { patientId, email: attributes.email, exceptId: row.id });
  const updated = await updateSubjectRow(ctx.tx, study.id, row.id, {
    patientId,
    attributes: storedAttributes(attributes, (row.attributes.createdBy as string | null | undefined) ?? null),
    updatedAt: ctx.now,
  });
  await ctx.audit({
    action: 'SUBJECT_UPDATED',
    entityType: 'SUBJECT',
    entityId: row.id,
    studyId: study.id,
    before: subjectSnapshot(row),
    after: subjectSnapshot(updated),
  });
  return detailOf(ctx.tx, study, updated, input.access);
}

/** Spec 001 §7 DELETE /studies/{studyId}/patient/{id}: only a subject never enrolled; audited. */
export async function deleteSubject(ctx: UseCaseContext, input: SubjectRef): Promise<void> {
  const study = await requireStudy(ctx.tx, input.studyId);
  const row = await requireSubject(ctx.tx, { ...input, permission: 'PATIENT_DELETE' });
  assertEditable(study);
  const enrollments = await listSubjectEnrollments(ctx.tx, study.id, row.id);
  if (enrollments.length > 0) {
    throw new AppError('PRECONDITION', 'A subject with enrollments cannot be deleted; archive it instead.', {
      context: { enrollments: enrollments.length },
    });
  }
  await deleteSubjectRow(ctx.tx, study.id, row.id);
  await ctx.audit({
    action: 'SUBJECT_DELETED',
    entityType: 'SUBJECT',
    entityId: row.id,
    studyId: study.id,
    before: subjectSnapshot(row),
    after: null,
  });
}

/** Spec 001 §4 "Subjects can be archived and unarchived"; archiving twice is refused. */
export async function setSubjectArchived(
  ctx: UseCaseContext,
  input: SubjectRef & { archived: boolean },
): Promise<SubjectDetail> {
  const study = await requireStudy(ctx.tx, input.studyId);
  const permission = input.archived ? 'PATIENT_ARCHIVE' : 'PATIENT_UNARCHIVE';
  const row = await requireSubject(ctx.tx, { ...input, permission });
  assertEditable(study);
  if ((row.archivedAt !== null) === input.archived) {
    throw new AppError(
      'PRECONDITION',
      input.archived ? 'The subject is already archived.' : 'The subject is not archived.',
    );
  }
  const updated = await updateSubjectRow(ctx.tx, study.id, row.id, {
    archivedAt: input.archived ? ctx.now : null,
    updatedAt: ctx.now,
  });
  await ctx.audit({
    action: input.archived ? 'SUBJECT_ARCHIVED' : 'SUBJECT_UNARCHIVED',
    entityType: 'SUBJECT',
    entityId: row.id,
    studyId: study.id,
    before: { archived: row.archivedAt !== null },
    after: { archived: input.archived },
  });
  return detailOf(ctx.tx, study, updated, input.access);
}

/**
 * Spec 001 §7 GET /study/{studyId}/site/{patientId}/{onlyActive}: the subject's home site and
 * the sites of its enrollments, those the caller may see; `onlyActive` keeps the sites where
 * the subject still takes part (home while not archived, enrollments registered or ongoing).
 */
export async function listSubjectSites(
  db: Executor,
  input: { studyId: string; patientId: string; onlyActive: boolean; access: AccessUser },
): Promise<SubjectSite[]> {
  await requireStudy(db, input.studyId);
  const row = await requireSubject(db, { ...input, id: input.patientId, permission: 'PATIENT_VIEW' });
  const active = new Map<string, boolean>([[row.siteId, row.archivedAt === null]]);
  for (const e of await listSubjectEnrollments(db, input.studyId, row.id)) {
    active.set(e.siteId, (active.get(e.siteId) ?? false) || ACTIVE_ENROLLMENT_STATUSES.has(e.status));
  }
  const visible = [...active.keys()].filter(
    (siteId) =>
      hasPermission(input.access, 'PATIENT_VIEW', { studyId: input.studyId, siteId }) &&
      (!input.onlyActive || active.get(siteId)),
  );
  const sites = await listSitesByIds(db, input.studyId, visible);
  return sites.map((site) => ({
    id: site.id,
    name: site.name,
    siteNumber: site.siteNumber,
    isHome: site.id === row.siteId,
    active: active.get(site.id) ?? false,
  }));
}
