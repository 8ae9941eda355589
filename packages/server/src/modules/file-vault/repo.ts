/** SQL of the file vault (issue 28 item 3); every query is scoped by study first. */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { sites } from '../sites/tables';
import { users } from '../users/tables';
import { fileVaultDocuments, fileVaultFolders, fileVaultSecrets, fileVaultVersions } from './tables';

export type VaultFolderRow = typeof fileVaultFolders.$inferSelect;
export type VaultDocumentRow = typeof fileVaultDocuments.$inferSelect;
export type VaultVersionRow = typeof fileVaultVersions.$inferSelect;
export type VaultVersionInfoRow = Omit<VaultVersionRow, 'data'>;
/** Who uploaded a version (users are global: the join crosses no study). */
export type VaultUploader = { firstName: string | null; lastName: string | null; email: string | null };
export type VaultVersionListedRow = VaultVersionInfoRow & VaultUploader;

const versionInfo = {
  studyId: fileVaultVersions.studyId,
  id: fileVaultVersions.id,
  documentId: fileVaultVersions.documentId,
  version: fileVaultVersions.version,
  fileName: fileVaultVersions.fileName,
  contentType: fileVaultVersions.contentType,
  size: fileVaultVersions.size,
  sha256: fileVaultVersions.sha256,
  comment: fileVaultVersions.comment,
  uploadedBy: fileVaultVersions.uploadedBy,
  createdAt: fileVaultVersions.createdAt,
};

/** A version's columns with its uploader's name and email, read in the same statement (a left join). */
const versionListed = {
  ...versionInfo,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

export async function listFolders(db: Executor, studyId: string): Promise<VaultFolderRow[]> {
  return db
    .select()
    .from(fileVaultFolders)
    .where(and(eq(fileVaultFolders.studyId, studyId), isNull(fileVaultFolders.removedAt)))
    .orderBy(asc(sql`lower(${fileVaultFolders.name})`));
}

/** A live folder of the study, locked for the transaction when `lock`. */
export async function findFolder(
  db: Executor,
  studyId: string,
  folderId: string,
  lock = false,
): Promise<VaultFolderRow | undefined> {
  const query = db
    .select()
    .from(fileVaultFolders)
    .where(
      and(
        eq(fileVaultFolders.studyId, studyId),
        eq(fileVaultFolders.id, folderId),
        isNull(fileVaultFolders.removedAt),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findFolderByName(db: Executor, studyId: string, name: string) {
  const [row] = await db
    .select({ id: fileVaultFolders.id })
    .from(fileVaultFolders)
    .where(
      and(
        eq(fileVaultFolders.studyId, studyId),
        eq(sql`lower(${fileVaultFolders.name})`, name.toLowerCase()),
        isNull(fileVaultFolders.removedAt),
      ),
    );
  return row;
}

export async function insertFolder(db: Executor, row: VaultFolderRow): Promise<void> {
  await db.insert(fileVaultFolders).values(row);
}

export async function updateFolder(
  db: Executor,
  studyId: string,
  folderId: string,
  set: Partial<Pick<VaultFolderRow, 'name' | 'updatedAt' | 'removedAt'>>,
): Promise<void> {
  await db
    .update(fileVaultFolders)
    .set(set)
    .where(and(eq(fileVaultFolders.studyId, studyId), eq(fileVaultFolders.id, folderId)));
}

/** The visibility of every live document of the study (counts per folder, the token's documents). */
export async function listDocumentVisibility(db: Executor, studyId: string, folderId?: string) {
  return db
    .select({
      id: fileVaultDocuments.id,
      folderId: fileVaultDocuments.folderId,
      siteIds: fileVaultDocuments.siteIds,
      roles: fileVaultDocuments.roles,
    })
    .from(fileVaultDocuments)
    .where(
      and(
        eq(fileVaultDocuments.studyId, studyId),
        isNull(fileVaultDocuments.removedAt),
        folderId === undefined ? undefined : eq(fileVaultDocuments.folderId, folderId),
      ),
    );
}

/** Live documents of a folder with their current version (no bytes) and its uploader, in one statement. */
export async function listDocumentsOfFolder(
  db: Executor,
  studyId: string,
  folderId: string,
): Promise<{ document: VaultDocumentRow; current: VaultVersionListedRow }[]> {
  const rows = await db
    .select({ document: fileVaultDocuments, current: versionListed })
    .from(fileVaultDocuments)
    .innerJoin(
      fileVaultVersions,
      and(
        eq(fileVaultVersions.studyId, fileVaultDocuments.studyId),
        eq(fileVaultVersions.documentId, fileVaultDocuments.id),
        eq(fileVaultVersions.version, fileVaultDocuments.currentVersion),
      ),
    )
    .leftJoin(users, eq(users.id, fileVaultVersions.uploadedBy))
    .where(
      and(
        eq(fileVaultDocuments.studyId, studyId),
        eq(fileVaultDocuments.folderId, folderId),
        isNull(fileVaultDocuments.removedAt),
      ),
    )
    .orderBy(asc(sql`lower(${fileVaultDocuments.title})`), asc(fileVaultDocuments.id));
  return rows;
}

/** A live document of the study, locked for the transaction when `lock`. */
export async function findDocument(
  db: Executor,
  studyId: string,
  documentId: string,
  lock = false,
): Promise<VaultDocumentRow | undefined> {
  const query = db
    .select()
    .from(fileVaultDocuments)
    .where(
      and(
        eq(fileVaultDocuments.studyId, studyId),
        eq(fileVaultDocuments.id, documentId),
        isNull(fileVaultDocuments.removedAt),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertDocument(db: Executor, row: VaultDocumentRow): Promise<void> {
  await db.insert(fileVaultDocuments).values(row);
}

export async function updateDocument(
  db: Executor,
  studyId: string,
  documentId: string,
  set: Partial<Omit<VaultDocumentRow, 'studyId' | 'id'>>,
): Promise<void> {
  await db
    .update(fileVaultDocuments)
    .set(set)
    .where(and(eq(fileVaultDocuments.studyId, studyId), eq(fileVaultDocuments.id, documentId)));
}

export async function insertVersion(db: Executor, row: VaultVersionRow): Promise<void> {
  await db.insert(fileVaultVersions).values(row);
}

/** Every version of a document, newest first (no bytes), each with its uploader, in one statement. */
export async function listVersions(
  db: Executor,
  studyId: string,
  documentId: string,
): Promise<VaultVersionListedRow[]> {
  return db
    .select(versionListed)
    .from(fileVaultVersions)
    .leftJoin(users, eq(users.id, fileVaultVersions.uploadedBy))
    .where(and(eq(fileVaultVersions.studyId, studyId), eq(fileVaultVersions.documentId, documentId)))
    .orderBy(desc(fileVaultVersions.version));
}

/** One version with its bytes. */
export async function findVersionData(
  db: Executor,
  studyId: string,
  documentId: string,
  version: number,
): Promise<VaultVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(fileVaultVersions)
    .where(
      and(
        eq(fileVaultVersions.studyId, studyId),
        eq(fileVaultVersions.documentId, documentId),
        eq(fileVaultVersions.version, version),
      ),
    );
  return row;
}

/** The ids among `siteIds` that are sites of the study (all of the study's sites when null). */
export async function listStudySiteIds(db: Executor, studyId: string, siteIds: string[] | null) {
  if (siteIds !== null && siteIds.length === 0) return [];
  const rows = await db
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.studyId, studyId), siteIds === null ? undefined : inArray(sites.id, siteIds)));
  return rows.map((r) => r.id);
}

/** The name and email of the user uploading now (for the upload's answer; users are global). */
export async function findUploader(db: Executor, userId: string): Promise<VaultUploader> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? { firstName: null, lastName: null, email: null };
}

/** The user a download token names, for the permission re-check (not study data: users are global). */
export async function findTokenUser(db: Executor, userId: string) {
  const [row] = await db
    .select({ id: users.id, systemPermissions: users.systemPermissions, isDisabled: users.isDisabled })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function readSecret(db: Executor, id: string): Promise<Buffer | undefined> {
  const [row] = await db.select().from(fileVaultSecrets).where(eq(fileVaultSecrets.id, id));
  return row?.secret;
}

/** Stores the key unless another server stored one first (the first insert wins). */
export async function insertSecret(db: Executor, id: string, secret: Buffer, now: Date): Promise<void> {
  await db.insert(fileVaultSecrets).values({ id, secret, createdAt: now }).onConflictDoNothing();
}

export async function countDocumentsOfFolder(db: Executor, studyId: string, folderId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(fileVaultDocuments)
    .where(
      and(
        eq(fileVaultDocuments.studyId, studyId),
        eq(fileVaultDocuments.folderId, folderId),
        isNull(fileVaultDocuments.removedAt),
      ),
    );
  return row?.n ?? 0;
}
