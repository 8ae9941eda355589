/**
 * File vault reads (issue 28 item 3): folders with the number of documents the caller sees, a
 * folder's visible documents, one document with its versions, the download token of 001 §7 getJWT
 * and the audited direct download. A document the caller does not see is 403 (docs/ROLES.md: a
 * record of another site), an id the study does not have 404.
 */
import type {
  AccessUser,
  VaultDocumentDetail,
  VaultDocumentList,
  VaultFolderList,
  VaultToken,
} from '@trialbase/domain';
import { hasPermission } from '@trialbase/domain';
import type { Db, Executor } from '../../../platform/db/client';
import { forbidden, notFound } from '../../../platform/errors';
import { runUseCase } from '../../../platform/use-case';
import { loadAccessUser } from '../../access/api';
import {
  findDocument,
  findFolder,
  findTokenUser,
  findVersionData,
  listDocumentsOfFolder,
  listDocumentVisibility,
  listFolders,
  listVersions,
  type VaultDocumentRow,
  type VaultVersionRow,
} from '../repo';
import { canManageDocument, canSeeDocument, vaultAbilitiesOf, vaultCallerOf } from './access';
import { presentDocument, presentFolder, presentVersion } from './present';
import { issueVaultToken, vaultSecretOf, verifyVaultToken } from './token';

/** `GET /fv/studies/{studyId}/folders`. */
export async function listVaultFolders(
  db: Executor,
  access: AccessUser,
  studyId: string,
): Promise<VaultFolderList> {
  const caller = vaultCallerOf(access, studyId);
  const [folders, docs] = await Promise.all([listFolders(db, studyId), listDocumentVisibility(db, studyId)]);
  const counts = new Map<string, number>();
  for (const doc of docs) {
    if (canSeeDocument(caller, doc)) counts.set(doc.folderId, (counts.get(doc.folderId) ?? 0) + 1);
  }
  return {
    items: folders.map((f) => presentFolder(f, counts.get(f.id) ?? 0)),
    abilities: vaultAbilitiesOf(access, studyId),
  };
}

/** `GET /fv/studies/{studyId}/folders/{folderId}/documents`: only what the caller's sites and role see. */
export async function listVaultDocuments(
  db: Executor,
  access: AccessUser,
  input: { studyId: string; folderId: string },
): Promise<VaultDocumentList> {
  const folder = await findFolder(db, input.studyId, input.folderId);
  if (!folder) throw notFound('The folder');
  const caller = vaultCallerOf(access, input.studyId);
  const rows = await listDocumentsOfFolder(db, input.studyId, folder.id);
  const items = rows
    .filter((r) => canSeeDocument(caller, r.document))
    .map((r) => presentDocument(r.document, r.current, canManageDocument(caller, r.document)));
  return {
    folder: presentFolder(folder, items.length),
    items,
    abilities: vaultAbilitiesOf(access, input.studyId),
  };
}

/** The document if the caller sees it: 404 when the study has none, 403 when it is not meant for them. */
export async function visibleDocument(
  db: Executor,
  access: AccessUser,
  input: { studyId: string; documentId: string },
): Promise<VaultDocumentRow> {
  const doc = await findDocument(db, input.studyId, input.documentId);
  if (!doc) throw notFound('The document');
  if (!canSeeDocument(vaultCallerOf(access, input.studyId), doc)) throw forbidden();
  return doc;
}

/** `GET /fv/studies/{studyId}/documents/{documentId}`: with every version, newest first. */
export async function readVaultDocument(
  db: Executor,
  access: AccessUser,
  input: { studyId: string; documentId: string },
): Promise<VaultDocumentDetail> {
  const doc = await visibleDocument(db, access, input);
  const versions = await listVersions(db, input.studyId, doc.id);
  const current = versions.find((v) => v.version === doc.currentVersion);
  if (!current) throw notFound('The document');
  const canManage = canManageDocument(vaultCallerOf(access, input.studyId), doc);
  return { ...presentDocument(doc, current, canManage), versions: versions.map(presentVersion) };
}

/** 001 §7 `GET /fv/studies/{studyId}/getJWT`: a token for the documents the caller sees now. */
export async function issueVaultDownloadToken(
  db: Executor,
  access: AccessUser,
  input: { studyId: string; userId: string; now: Date },
): Promise<VaultToken> {
  const caller = vaultCallerOf(access, input.studyId);
  const docs = await listDocumentVisibility(db, input.studyId);
  const documentIds = docs.filter((d) => canSeeDocument(caller, d)).map((d) => d.id);
  const secret = await vaultSecretOf(db, input.now);
  const { token, expiresAt } = issueVaultToken(secret, { ...input, documentIds });
  return { token, expiresAt: expiresAt.toISOString() };
}

/**
 * The direct download (issue 28 item 3): the token's signature and expiry, its study, its user
 * still active and still holding FILE_VAULT_VIEW, the document among the token's and still visible;
 * then the version's bytes, and one audit event per download, in the user's name.
 */
export async function downloadVaultDocument(
  db: Db,
  input: { studyId: string; documentId: string; token: string; version?: number | undefined; now: Date },
): Promise<VaultVersionRow> {
  const secret = await vaultSecretOf(db, input.now);
  const claims = verifyVaultToken(secret, input.token, input.now);
  if (claims.study !== input.studyId) throw forbidden('The download link belongs to another study.');
  const user = await findTokenUser(db, claims.sub);
  if (!user || user.isDisabled) throw forbidden();
  const access = await loadAccessUser(db, user);
  if (!hasPermission(access, 'FILE_VAULT_VIEW', { studyId: input.studyId })) throw forbidden();
  const doc = await findDocument(db, input.studyId, input.documentId);
  if (!doc) throw notFound('The document');
  if (!claims.docs.includes(doc.id)) throw forbidden('The download link is not for this document.');
  if (!canSeeDocument(vaultCallerOf(access, input.studyId), doc)) throw forbidden();
  const version = input.version ?? doc.currentVersion;
  const row = await findVersionData(db, input.studyId, doc.id, version);
  if (!row) throw notFound('The version');
  await runUseCase(
    db,
    { type: 'USER', id: user.id },
    (ctx) =>
      ctx.audit({
        action: 'FILE_VAULT_DOCUMENT_DOWNLOADED',
        entityType: 'FILE_VAULT_DOCUMENT',
        entityId: doc.id,
        studyId: input.studyId,
        after: {
          version,
          fileName: row.fileName,
          sha256: row.sha256,
          via: 'DOWNLOAD_TOKEN',
          tokenId: claims.jti,
        },
      }),
    input.now,
  );
  return row;
}
