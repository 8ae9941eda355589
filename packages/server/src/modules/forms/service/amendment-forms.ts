/**
 * The forms side of finishing or discarding an amendment (spec 001 §7, issue 23 item 1). Finishing
 * publishes a new major version of every form whose draft changed, so new enrolments take it;
 * enrolments tag their versions, so forms already filled stay readable at theirs. Discarding puts each
 * changed draft back to its latest published version and removes the forms the amendment created.
 */
import type { Executor } from '../../../platform/db/client';
import type { UseCaseContext } from '../../../platform/use-case';
import { readDocument } from '../documents';
import { latestVersion, listForms, updateForm } from '../repo';
import { promoteFormVersion } from './versions';

/** The live forms of the study whose draft is not the published version. */
async function changedForms(db: Executor, studyId: string) {
  return (await listForms(db, studyId)).filter((row) => readDocument(row.document).published !== true);
}

/** Finishing: a new major version of each changed form (an invalid draft refuses the finish). */
export async function publishChangedForms(
  ctx: UseCaseContext,
  studyId: string,
): Promise<{ formId: string; version: { major: number; minor: number } }[]> {
  const published: { formId: string; version: { major: number; minor: number } }[] = [];
  for (const row of await changedForms(ctx.tx, studyId)) {
    const { version } = await promoteFormVersion(ctx, { studyId, formId: row.id, kind: 'major' });
    published.push({ formId: row.id, version: { major: version.major, minor: version.minor } });
  }
  return published;
}

/**
 * The overview's amendment summary (issue 23, spec 001 §2): the forms whose draft is ahead of its
 * published version, each with the version existing enrolments hold now (null: never published).
 */
export async function listChangedForms(
  db: Executor,
  studyId: string,
): Promise<{ formId: string; name: string; publishedVersion: { major: number; minor: number } | null }[]> {
  const out = [];
  for (const row of await changedForms(db, studyId)) {
    const latest = await latestVersion(db, studyId, row.id);
    out.push({
      formId: row.id,
      name: row.name,
      publishedVersion: latest ? { major: latest.major, minor: latest.minor } : null,
    });
  }
  return out;
}

/** Discarding: changed drafts back to their latest version; forms created since `since` and never published removed. */
export async function revertChangedForms(
  ctx: UseCaseContext,
  studyId: string,
  since: Date,
): Promise<string[]> {
  const reverted: string[] = [];
  for (const row of await changedForms(ctx.tx, studyId)) {
    const latest = await latestVersion(ctx.tx, studyId, row.id);
    if (latest) {
      const document = latest.document;
      await updateForm(ctx.tx, studyId, row.id, { document, revision: row.revision + 1, updatedAt: ctx.now });
      await ctx.audit({
        action: 'FORM_TEMPLATE_UPDATED',
        entityType: 'FORM_TEMPLATE',
        entityId: row.id,
        studyId,
        before: { name: row.name, type: row.type, document: row.document },
        after: {
          name: row.name,
          type: row.type,
          document,
          revertedTo: { major: latest.major, minor: latest.minor },
        },
        reason: 'Amendment discarded',
      });
    } else if (row.createdAt >= since) {
      await updateForm(ctx.tx, studyId, row.id, { deletedAt: ctx.now, updatedAt: ctx.now });
      await ctx.audit({
        action: 'FORM_TEMPLATE_DELETED',
        entityType: 'FORM_TEMPLATE',
        entityId: row.id,
        studyId,
        before: { name: row.name, type: row.type },
        reason: 'Amendment discarded',
      });
    } else continue;
    reverted.push(row.id);
  }
  return reverted;
}
