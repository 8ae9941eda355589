import { and, desc, eq, inArray, lt, max, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { enrollments } from '../enrollments/tables';
import { tokens } from '../enrollments/tokens/tables';
import { subjects } from '../subjects/tables';
import type { SigningKey } from './service/pdf';
import { econsentFiles, econsentPaperRecords, econsentSignatures, econsentSigningKeys } from './tables';

export type EConsentFileRow = typeof econsentFiles.$inferSelect;
export type EConsentSignatureRow = typeof econsentSignatures.$inferSelect;

/** File columns without the bytes (lists and look-ups). */
const fileInfo = {
  studyId: econsentFiles.studyId,
  id: econsentFiles.id,
  processId: econsentFiles.processId,
  dataEventId: econsentFiles.dataEventId,
  language: econsentFiles.language,
  version: econsentFiles.version,
  fileName: econsentFiles.fileName,
  size: econsentFiles.size,
  sha256: econsentFiles.sha256,
  pageCount: econsentFiles.pageCount,
  uploadedBy: econsentFiles.uploadedBy,
  createdAt: econsentFiles.createdAt,
};
export type EConsentFileInfoRow = Omit<EConsentFileRow, 'data'>;

export async function insertEConsentFile(db: Executor, row: EConsentFileRow): Promise<void> {
  await db.insert(econsentFiles).values(row);
}

/** The newest version number of an event's document in a language (0 when there is none). */
export async function latestFileVersion(
  db: Executor,
  studyId: string,
  dataEventId: string,
  language: string,
): Promise<number> {
  const [row] = await db
    .select({ version: max(econsentFiles.version) })
    .from(econsentFiles)
    .where(
      and(
        eq(econsentFiles.studyId, studyId),
        eq(econsentFiles.dataEventId, dataEventId),
        eq(econsentFiles.language, language),
      ),
    );
  return row?.version ?? 0;
}

export async function listEConsentFiles(
  db: Executor,
  studyId: string,
  filter: { dataEventId?: string } = {},
): Promise<EConsentFileInfoRow[]> {
  const where: SQL[] = [eq(econsentFiles.studyId, studyId)];
  if (filter.dataEventId) where.push(eq(econsentFiles.dataEventId, filter.dataEventId));
  return db
    .select(fileInfo)
    .from(econsentFiles)
    .where(and(...where))
    .orderBy(desc(econsentFiles.createdAt), desc(econsentFiles.version));
}

export async function findEConsentFile(
  db: Executor,
  studyId: string,
  id: string,
): Promise<EConsentFileRow | null> {
  const [row] = await db
    .select()
    .from(econsentFiles)
    .where(and(eq(econsentFiles.studyId, studyId), eq(econsentFiles.id, id)));
  return row ?? null;
}

/** The current (newest) version of an event's document in a language, with its bytes. */
export async function findCurrentEConsentFile(
  db: Executor,
  studyId: string,
  dataEventId: string,
  language: string,
): Promise<EConsentFileRow | null> {
  const [row] = await db
    .select()
    .from(econsentFiles)
    .where(
      and(
        eq(econsentFiles.studyId, studyId),
        eq(econsentFiles.dataEventId, dataEventId),
        eq(econsentFiles.language, language),
      ),
    )
    .orderBy(desc(econsentFiles.version))
    .limit(1);
  return row ?? null;
}

/** The current version per language of an event's document (no bytes). */
export async function listCurrentEConsentFiles(
  db: Executor,
  studyId: string,
  dataEventId: string,
): Promise<EConsentFileInfoRow[]> {
  const rows = await listEConsentFiles(db, studyId, { dataEventId });
  const current = new Map<string, EConsentFileInfoRow>();
  for (const row of rows) {
    const seen = current.get(row.language);
    if (!seen || seen.version < row.version) current.set(row.language, row);
  }
  return [...current.values()];
}

export async function insertSignature(db: Executor, row: EConsentSignatureRow): Promise<void> {
  await db.insert(econsentSignatures).values(row);
}

export async function findSignatureOfToken(
  db: Executor,
  studyId: string,
  tokenId: string,
  options: { lock?: boolean } = {},
): Promise<EConsentSignatureRow | null> {
  const query = db
    .select()
    .from(econsentSignatures)
    .where(and(eq(econsentSignatures.studyId, studyId), eq(econsentSignatures.tokenId, tokenId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateSignature(
  db: Executor,
  studyId: string,
  id: string,
  values: Partial<Omit<EConsentSignatureRow, 'studyId' | 'id'>>,
): Promise<void> {
  await db
    .update(econsentSignatures)
    .set(values)
    .where(and(eq(econsentSignatures.studyId, studyId), eq(econsentSignatures.id, id)));
}

/** Signatures of an event's document in a language on versions older than `version` (re-consent). */
export async function listSignaturesBeforeVersion(
  db: Executor,
  studyId: string,
  input: { dataEventId: string; language: string; version: number },
) {
  return db
    .select({
      id: econsentSignatures.id,
      tokenId: econsentSignatures.tokenId,
      enrollmentId: econsentSignatures.enrollmentId,
      fileVersion: econsentSignatures.fileVersion,
    })
    .from(econsentSignatures)
    .where(
      and(
        eq(econsentSignatures.studyId, studyId),
        eq(econsentSignatures.dataEventId, input.dataEventId),
        eq(econsentSignatures.language, input.language),
        lt(econsentSignatures.fileVersion, input.version),
      ),
    );
}

/** Paper consents of an event recorded before now (re-consent: their language is the participant's). */
export async function listPaperRecordsOfEvent(db: Executor, studyId: string, dataEventId: string) {
  return db
    .select({
      id: econsentPaperRecords.id,
      tokenId: econsentPaperRecords.tokenId,
      enrollmentId: econsentPaperRecords.enrollmentId,
      subjectId: econsentPaperRecords.subjectId,
    })
    .from(econsentPaperRecords)
    .where(and(eq(econsentPaperRecords.studyId, studyId), eq(econsentPaperRecords.dataEventId, dataEventId)));
}

/** Signature columns the lists read (no PDFs or images). */
const signatureInfo = {
  id: econsentSignatures.id,
  tokenId: econsentSignatures.tokenId,
  fileId: econsentSignatures.fileId,
  fileVersion: econsentSignatures.fileVersion,
  language: econsentSignatures.language,
  originalSha256: econsentSignatures.originalSha256,
  participant: econsentSignatures.participant,
  identity: econsentSignatures.identity,
  investigator: econsentSignatures.investigator,
  clauses: econsentSignatures.clauses,
  signedFileName: econsentSignatures.signedFileName,
  signedPdfSha256: econsentSignatures.signedPdfSha256,
};
export type SignatureInfoRow = {
  [K in keyof typeof signatureInfo]: EConsentSignatureRow[K];
};

/** Paper record columns the lists read (no scan bytes). */
const paperInfo = {
  id: econsentPaperRecords.id,
  signedDate: econsentPaperRecords.signedDate,
  witness: econsentPaperRecords.witness,
  reason: econsentPaperRecords.reason,
  recordedBy: econsentPaperRecords.recordedBy,
  scanFileName: econsentPaperRecords.scanFileName,
  scanSha256: econsentPaperRecords.scanSha256,
};
export type PaperInfoRow = {
  [K in keyof typeof paperInfo]: EConsentPaperRow[K];
};

/** An ECONSENT token with its enrollment, subject and signature or paper record (if any). */
export type EConsentTokenRow = {
  tokenId: string;
  tokenStatus: string;
  dataEventId: string;
  enrollmentId: string;
  subjectId: string;
  siteId: string;
  subjectKey: string;
  signature: SignatureInfoRow | null;
  signedSize: number | null;
  paper: PaperInfoRow | null;
  scanSize: number | null;
};

/**
 * The study's ECONSENT tokens (not removed) with their signatures: of one subject, one token, or
 * at the given sites ('ALL' for every site), oldest first.
 */
export async function listEConsentTokens(
  db: Executor,
  studyId: string,
  filter: { subjectId?: string; tokenId?: string; siteIds?: 'ALL' | string[]; dataEventId?: string },
): Promise<EConsentTokenRow[]> {
  const where: SQL[] = [eq(tokens.studyId, studyId), eq(tokens.type, 'ECONSENT')];
  if (filter.subjectId) where.push(eq(enrollments.subjectId, filter.subjectId));
  if (filter.tokenId) where.push(eq(tokens.id, filter.tokenId));
  if (filter.dataEventId) where.push(eq(tokens.dataEventId, filter.dataEventId));
  if (Array.isArray(filter.siteIds)) {
    if (filter.siteIds.length === 0) return [];
    where.push(inArray(enrollments.siteId, filter.siteIds));
  }
  const rows = await db
    .select({
      tokenId: tokens.id,
      tokenStatus: tokens.status,
      removedAt: tokens.removedAt,
      dataEventId: tokens.dataEventId,
      enrollmentId: enrollments.id,
      subjectId: enrollments.subjectId,
      siteId: enrollments.siteId,
      subjectKey: subjects.patientId,
      createdAt: tokens.createdAt,
      signature: signatureInfo,
      signedSize: sql<number | null>`octet_length(${econsentSignatures.signedPdf})`,
      paper: paperInfo,
      scanSize: sql<number | null>`octet_length(${econsentPaperRecords.scanPdf})`,
    })
    .from(tokens)
    .innerJoin(
      enrollments,
      and(eq(enrollments.studyId, tokens.studyId), eq(enrollments.id, tokens.enrollmentId)),
    )
    .innerJoin(
      subjects,
      and(eq(subjects.studyId, enrollments.studyId), eq(subjects.id, enrollments.subjectId)),
    )
    .leftJoin(
      econsentSignatures,
      and(eq(econsentSignatures.studyId, tokens.studyId), eq(econsentSignatures.tokenId, tokens.id)),
    )
    .leftJoin(
      econsentPaperRecords,
      and(eq(econsentPaperRecords.studyId, tokens.studyId), eq(econsentPaperRecords.tokenId, tokens.id)),
    )
    .where(and(...where))
    .orderBy(tokens.createdAt, tokens.id);
  return rows
    .filter((r) => r.removedAt === null)
    .map((r) => ({
      tokenId: r.tokenId,
      tokenStatus: r.tokenStatus,
      dataEventId: r.dataEventId,
      enrollmentId: r.enrollmentId,
      subjectId: r.subjectId,
      siteId: r.siteId,
      subjectKey: r.subjectKey,
      signature: r.signature?.id ? (r.signature as SignatureInfoRow) : null,
      signedSize: r.signedSize === null ? null : Number(r.signedSize),
      paper: r.paper?.id ? (r.paper as PaperInfoRow) : null,
      scanSize: r.scanSize === null ? null : Number(r.scanSize),
    }));
}

export async function readSigningKey(db: Executor): Promise<SigningKey | null> {
  const [row] = await db.select().from(econsentSigningKeys).where(eq(econsentSigningKeys.id, 'default'));
  // PGlite answers bytea as a Uint8Array, PostgreSQL as a Buffer.
  return row ? { p12: Buffer.from(row.p12), passphrase: row.passphrase, subject: row.subject } : null;
}

export async function insertSigningKey(db: Executor, key: SigningKey & { createdAt: Date }): Promise<void> {
  await db
    .insert(econsentSigningKeys)
    .values({ id: 'default', ...key })
    .onConflictDoNothing({ target: econsentSigningKeys.id });
}

export type EConsentPaperRow = typeof econsentPaperRecords.$inferSelect;

export async function insertPaperRecord(db: Executor, row: EConsentPaperRow): Promise<void> {
  await db.insert(econsentPaperRecords).values(row);
}

export async function findPaperRecordOfToken(
  db: Executor,
  studyId: string,
  tokenId: string,
): Promise<EConsentPaperRow | null> {
  const [row] = await db
    .select()
    .from(econsentPaperRecords)
    .where(and(eq(econsentPaperRecords.studyId, studyId), eq(econsentPaperRecords.tokenId, tokenId)));
  return row ?? null;
}
