/**
 * File vault changes (issue 28 item 3): folders, a new document with its first version, a new
 * version (the previous ones are kept), soft removal with a reason. Each is one use case with its
 * audit event; the bytes never enter the trail, their SHA-256 does.
 */
import type { UploadVaultDocument, UploadVaultVersion, VaultDocument, VaultFolder } from '@trialbase/domain';
import { AppError, notFound, validationError } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import {
  countDocumentsOfFolder,
  findDocument,
  findFolder,
  findFolderByName,
  findUploader,
  insertDocument,
  insertFolder,
  insertVersion,
  listStudySiteIds,
  updateDocument,
  updateFolder,
  type VaultDocumentRow,
  type VaultVersionRow,
} from '../repo';
import { checkVaultFile } from './file-check';
import { presentDocument, presentFolder } from './present';

type Actor = { studyId: string; userId: string };

async function assertFreeName(ctx: UseCaseContext, studyId: string, name: string, self?: string) {
  const other = await findFolderByName(ctx.tx, studyId, name);
  if (other && other.id !== self) {
    throw new AppError('CONFLICT', 'A folder of this name exists.', {
      id: 'DUPLICATE_NAME',
      context: { issues: [{ path: ['name'], message: 'DUPLICATE_NAME' }] },
    });
  }
}

/** `POST /fv/studies/{studyId}/folders`: a new folder, names unique in the study. */
export async function createVaultFolder(
  ctx: UseCaseContext,
  input: Actor & { name: string },
): Promise<VaultFolder> {
  const name = input.name.trim();
  await assertFreeName(ctx, input.studyId, name);
  const row = {
    studyId: input.studyId,
    id: newId(ctx.now),
    name,
    createdBy: input.userId,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    removedAt: null,
  };
  await insertFolder(ctx.tx, row);
  await ctx.audit({
    action: 'FILE_VAULT_FOLDER_CREATED',
    entityType: 'FILE_VAULT_FOLDER',
    entityId: row.id,
    studyId: input.studyId,
    after: { name },
  });
  return presentFolder(row, 0);
}

/** `PUT /fv/studies/{studyId}/folders/{folderId}`: renames a folder. */
export async function renameVaultFolder(
  ctx: UseCaseContext,
  input: Actor & { folderId: string; name: string; documentCount: number },
): Promise<VaultFolder> {
  const folder = await findFolder(ctx.tx, input.studyId, input.folderId, true);
  if (!folder) throw notFound('The folder');
  const name = input.name.trim();
  await assertFreeName(ctx, input.studyId, name, folder.id);
  await updateFolder(ctx.tx, input.studyId, folder.id, { name, updatedAt: ctx.now });
  await ctx.audit({
    action: 'FILE_VAULT_FOLDER_RENAMED',
    entityType: 'FILE_VAULT_FOLDER',
    entityId: folder.id,
    studyId: input.studyId,
    before: { name: folder.name },
    after: { name },
  });
  return presentFolder({ ...folder, name, updatedAt: ctx.now }, input.documentCount);
}

/** `DELETE /fv/studies/{studyId}/folders/{folderId}`: removes an empty folder (409 otherwise). */
export async function removeVaultFolder(ctx: UseCaseContext, input: Actor & { folderId: string }) {
  const folder = await findFolder(ctx.tx, input.studyId, input.folderId, true);
  if (!folder) throw notFound('The folder');
  if ((await countDocumentsOfFolder(ctx.tx, input.studyId, folder.id)) > 0) {
    throw new AppError('PRECONDITION', 'The folder still holds documents.', {
      context: { reason: 'FILE_VAULT_FOLDER_NOT_EMPTY' },
    });
  }
  await updateFolder(ctx.tx, input.studyId, folder.id, { removedAt: ctx.now, updatedAt: ctx.now });
  await ctx.audit({
    action: 'FILE_VAULT_FOLDER_REMOVED',
    entityType: 'FILE_VAULT_FOLDER',
    entityId: folder.id,
    studyId: input.studyId,
    before: { name: folder.name },
  });
}

/** The chosen sites must be the study's own (a 400 on `siteIds` otherwise). */
async function assertStudySites(ctx: UseCaseContext, studyId: string, siteIds: string[] | null) {
  if (siteIds === null) return;
  const known = new Set(await listStudySiteIds(ctx.tx, studyId, siteIds));
  const issues = siteIds.flatMap((id, index) =>
    known.has(id) ? [] : [{ path: ['siteIds', index], message: 'The site is not a site of this study.' }],
  );
  if (issues.length > 0)
    throw validationError(issues, 'The visibility names sites that are not the study’s.');
}

function versionRow(
  ctx: UseCaseContext,
  input: Actor & { documentId: string; version: number; comment: string | null },
  file: ReturnType<typeof checkVaultFile>,
): VaultVersionRow {
  return {
    studyId: input.studyId,
    id: newId(ctx.now),
    documentId: input.documentId,
    version: input.version,
    fileName: file.fileName,
    contentType: file.contentType,
    size: file.bytes.length,
    sha256: file.sha256,
    comment: input.comment,
    data: file.bytes,
    uploadedBy: input.userId,
    createdAt: ctx.now,
  };
}

/** `POST .../folders/{folderId}/documents`: a new document visible as chosen, version 1. */
export async function uploadVaultDocument(
  ctx: UseCaseContext,
  input: Actor & { folderId: string; body: UploadVaultDocument },
): Promise<VaultDocument> {
  const { studyId, body } = input;
  const folder = await findFolder(ctx.tx, studyId, input.folderId, true);
  if (!folder) throw notFound('The folder');
  const siteIds = body.siteIds ? [...new Set(body.siteIds)] : null;
  const roles = body.roles ? [...new Set(body.roles)] : null;
  await assertStudySites(ctx, studyId, siteIds);
  const file = checkVaultFile(body);
  const id = newId(ctx.now);
  const doc: VaultDocumentRow = {
    studyId,
    id,
    folderId: folder.id,
    title: body.title?.trim() || file.fileName,
    siteIds,
    roles,
    currentVersion: 1,
    createdBy: input.userId,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    removedAt: null,
    removedBy: null,
    removedReason: null,
  };
  await insertDocument(ctx.tx, doc);
  const version = versionRow(ctx, { ...input, documentId: id, version: 1, comment: null }, file);
  await insertVersion(ctx.tx, version);
  await ctx.audit({
    action: 'FILE_VAULT_DOCUMENT_UPLOADED',
    entityType: 'FILE_VAULT_DOCUMENT',
    entityId: id,
    studyId,
    after: {
      folderId: folder.id,
      title: doc.title,
      siteIds,
      roles,
      version: 1,
      fileName: file.fileName,
      contentType: file.contentType,
      size: version.size,
      sha256: file.sha256,
    },
  });
  return presentDocument(doc, { ...version, ...(await findUploader(ctx.tx, input.userId)) }, true);
}

/** `POST .../documents/{documentId}/versions`: the next version; earlier ones stay listed and downloadable. */
export async function uploadVaultVersion(
  ctx: UseCaseContext,
  input: Actor & { documentId: string; body: UploadVaultVersion },
): Promise<VaultDocument> {
  const { studyId, body } = input;
  const doc = await findDocument(ctx.tx, studyId, input.documentId, true);
  if (!doc) throw notFound('The document');
  const file = checkVaultFile(body);
  const next = doc.currentVersion + 1;
  const version = versionRow(ctx, { ...input, version: next, comment: body.comment?.trim() || null }, file);
  await insertVersion(ctx.tx, version);
  await updateDocument(ctx.tx, studyId, doc.id, { currentVersion: next, updatedAt: ctx.now });
  await ctx.audit({
    action: 'FILE_VAULT_VERSION_UPLOADED',
    entityType: 'FILE_VAULT_DOCUMENT',
    entityId: doc.id,
    studyId,
    before: { version: doc.currentVersion },
    after: {
      version: next,
      fileName: file.fileName,
      contentType: file.contentType,
      size: version.size,
      sha256: file.sha256,
      comment: version.comment,
    },
  });
  const uploader = await findUploader(ctx.tx, input.userId);
  return presentDocument(
    { ...doc, currentVersion: next, updatedAt: ctx.now },
    { ...version, ...uploader },
    true,
  );
}

/** `DELETE .../documents/{documentId}?reason`: soft removal with who, when and why; versions kept. */
export async function removeVaultDocument(
  ctx: UseCaseContext,
  input: Actor & { documentId: string; reason: string },
): Promise<void> {
  const doc = await findDocument(ctx.tx, input.studyId, input.documentId, true);
  if (!doc) throw notFound('The document');
  const reason = input.reason.trim();
  await updateDocument(ctx.tx, input.studyId, doc.id, {
    removedAt: ctx.now,
    removedBy: input.userId,
    removedReason: reason,
    updatedAt: ctx.now,
  });
  await ctx.audit({
    action: 'FILE_VAULT_DOCUMENT_REMOVED',
    entityType: 'FILE_VAULT_DOCUMENT',
    entityId: doc.id,
    studyId: input.studyId,
    reason,
    before: { title: doc.title, folderId: doc.folderId, version: doc.currentVersion },
  });
}
