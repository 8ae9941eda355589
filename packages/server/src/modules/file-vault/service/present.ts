import type { StudyRole, VaultDocument, VaultFolder, VaultVersion } from '@trialbase/domain';
import type { VaultDocumentRow, VaultFolderRow, VaultVersionListedRow } from '../repo';

export function presentFolder(row: VaultFolderRow, documentCount: number): VaultFolder {
  return { id: row.id, name: row.name, documentCount, createdTime: row.createdAt.toISOString() };
}

/** "First Last" of the uploader; null when the user row is gone. */
function uploaderName(row: VaultVersionListedRow): string | null {
  const name = [row.firstName, row.lastName]
    .filter((part) => part)
    .join(' ')
    .trim();
  return name || null;
}

export function presentVersion(row: VaultVersionListedRow): VaultVersion {
  return {
    id: row.id,
    version: row.version,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    sha256: row.sha256,
    comment: row.comment,
    uploadedBy: row.uploadedBy,
    uploadedByName: uploaderName(row),
    uploadedByEmail: row.email,
    uploadedTime: row.createdAt.toISOString(),
  };
}

export function presentDocument(
  row: VaultDocumentRow,
  current: VaultVersionListedRow,
  canManage: boolean,
): VaultDocument {
  return {
    id: row.id,
    folderId: row.folderId,
    title: row.title,
    siteIds: row.siteIds ?? null,
    roles: (row.roles ?? null) as StudyRole[] | null,
    current: presentVersion(current),
    versionCount: row.currentVersion,
    createdTime: row.createdAt.toISOString(),
    updatedTime: row.updatedAt.toISOString(),
    canManage,
  };
}
