import type { StudyRole, VaultDocument, VaultFolder, VaultVersion } from '@trialbase/domain';
import type { VaultDocumentRow, VaultFolderRow, VaultVersionInfoRow } from '../repo';

export function presentFolder(row: VaultFolderRow, documentCount: number): VaultFolder {
  return { id: row.id, name: row.name, documentCount, createdTime: row.createdAt.toISOString() };
}

export function presentVersion(row: VaultVersionInfoRow): VaultVersion {
  return {
    id: row.id,
    version: row.version,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    sha256: row.sha256,
    comment: row.comment,
    uploadedBy: row.uploadedBy,
    uploadedTime: row.createdAt.toISOString(),
  };
}

export function presentDocument(
  row: VaultDocumentRow,
  current: VaultVersionInfoRow,
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
