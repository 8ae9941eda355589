/** Published versions and the forms of processes and enrollments (spec 001 §3 form version, §7). */
import { type FormTemplateView, nextFormVersion, type PublishedVersion } from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { AppError, notFound, validationError } from '../../../platform/errors';
import type { UseCaseContext } from '../../../platform/use-case';
import { readDocument } from '../documents';
import type { FormUsage } from '../form-usage';
import { presentForm, presentVersion } from '../presenters';
import { findForm, findVersion, insertVersion, latestVersion, updateForm } from '../repo';
import { assertFormsEditable, formLocks, requireForm, requireFormStudy } from './guards';
import { authoringIssuesOf } from './save-form';

/**
 * Spec 001 §3/§7 promoteFormVersion: the valid draft becomes the next major or minor version,
 * copied into the immutable version table; the draft is marked published.
 */
export async function promoteFormVersion(
  ctx: UseCaseContext,
  input: { studyId: string; formId: string; kind: 'major' | 'minor' },
): Promise<{ formId: string; version: PublishedVersion }> {
  const study = await requireFormStudy(ctx.tx, input.studyId);
  assertFormsEditable(study);
  // Locked like a save (issue 13 item 8), so the version is the draft as saved, not half of a save.
  const row = await requireForm(ctx.tx, input.studyId, input.formId, { lock: true });
  const draft = readDocument(row.document);
  const issues = authoringIssuesOf(study, draft);
  if (issues.length > 0) throw validationError(issues, 'The form is not valid and cannot be published.');
  const latest = await latestVersion(ctx.tx, input.studyId, row.id);
  const version = nextFormVersion(latest, input.kind);
  const document = { ...draft, version, published: true };
  await insertVersion(ctx.tx, {
    studyId: input.studyId,
    formId: row.id,
    major: version.major,
    minor: version.minor,
    document,
    publishedBy: ctx.actor.id ?? 'system',
    publishedAt: ctx.now,
  });
  await updateForm(ctx.tx, input.studyId, row.id, {
    document,
    versionMajor: version.major,
    versionMinor: version.minor,
    updatedAt: ctx.now,
  });
  await ctx.audit({
    action: 'FORM_VERSION_PUBLISHED',
    entityType: 'FORM_TEMPLATE_VERSION',
    entityId: row.id,
    studyId: input.studyId,
    before: latest ? { major: latest.major, minor: latest.minor } : null,
    after: { ...version, kind: input.kind },
  });
  return { formId: row.id, version: { ...version, publishedAt: ctx.now.toISOString() } };
}

/** Spec 001 §7 GET process/{processId}/forms: the forms of a process in its order (404 for an unknown process). */
export async function listProcessForms(
  db: Executor,
  usage: FormUsage,
  input: { studyId: string; processId: string },
): Promise<FormTemplateView[]> {
  const study = await requireFormStudy(db, input.studyId);
  const formIds = await usage.findProcessFormIds(db, input.studyId, input.processId);
  if (!formIds) throw notFound('The process');
  const forms: FormTemplateView[] = [];
  for (const formId of formIds) {
    const row = await findForm(db, input.studyId, formId);
    if (!row) continue;
    const isUsed = await usage.isFormUsedInAnyProcess(db, input.studyId, formId);
    forms.push(presentForm(row, formLocks(study, readDocument(row.document), isUsed), isUsed));
  }
  return forms;
}

async function requireEnrollmentVersions(
  db: Executor,
  usage: FormUsage,
  studyId: string,
  pathwayRecordId: string,
) {
  await requireFormStudy(db, studyId);
  const versions = await usage.findEnrollmentFormVersions(db, studyId, pathwayRecordId);
  if (!versions) {
    throw new AppError('NOT_FOUND', 'The enrollment was not found.', { id: 'INVALID_ENROLLMENT' });
  }
  return versions;
}

/** Spec 001 §7 tagged: the form versions an enrollment was started with (INVALID_ENROLLMENT when unknown). */
export async function listTaggedForms(
  db: Executor,
  usage: FormUsage,
  input: { studyId: string; pathwayRecordId: string },
): Promise<FormTemplateView[]> {
  const tags = await requireEnrollmentVersions(db, usage, input.studyId, input.pathwayRecordId);
  const versions = await Promise.all(
    tags.map((t) => findVersion(db, input.studyId, t.formId, t.major, t.minor)),
  );
  return versions.flatMap((v) => (v ? [presentVersion(v)] : []));
}

/** Spec 001 §7 tagged one: the version of one form an enrollment uses. */
export async function getTaggedForm(
  db: Executor,
  usage: FormUsage,
  input: { studyId: string; formId: string; pathwayRecordId: string },
): Promise<FormTemplateView> {
  const tags = await requireEnrollmentVersions(db, usage, input.studyId, input.pathwayRecordId);
  const tag = tags.find((t) => t.formId === input.formId);
  const version = tag ? await findVersion(db, input.studyId, tag.formId, tag.major, tag.minor) : null;
  if (!version) throw notFound('The form version');
  return presentVersion(version);
}
