/**
 * Consent documents (spec 000 §7 eConsentFile, §9; issue 24 items 1 and 5): upload of a consent PDF
 * for one language of an e-consent data event (checked by content: %PDF- header and parseable by
 * pdf-lib, at most 10,240,000 bytes, no dots in the base name), versioned per event and language;
 * a new version asks every enrolled participant who signed an older one in that language to
 * re-consent (a new ECONSENT token, sent like an activation).
 */
import {
  ANSWER_MESSAGES,
  type EConsentFileInfo,
  type FieldIssue,
  type LanguageCode,
  type UploadEConsentFileBody,
  validateUpload,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { AppError, notFound, validationError } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import { findProcessOfDataEvent } from '../../processes/api';
import { readProcess } from '../../processes/documents';
import {
  type EConsentFileInfoRow,
  type EConsentFileRow,
  findCurrentEConsentFile,
  findEConsentFile,
  insertEConsentFile,
  latestFileVersion,
} from '../repo';
import { readPdfPageCount, sha256Hex } from './pdf';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function decodeBase64(text: string): Buffer | null {
  const compact = text.replace(/\s+/g, '');
  if (compact.length % 4 !== 0 || !BASE64.test(compact)) return null;
  return Buffer.from(compact, 'base64');
}

export function presentEConsentFile(row: EConsentFileInfoRow, currentVersion: number): EConsentFileInfo {
  return {
    id: row.id,
    studyId: row.studyId,
    processId: row.processId,
    dataEventId: row.dataEventId,
    language: row.language as LanguageCode,
    version: row.version,
    fileName: row.fileName,
    size: row.size,
    sha256: row.sha256,
    pageCount: row.pageCount,
    uploadedBy: row.uploadedBy,
    uploadedTime: row.createdAt.toISOString(),
    isCurrent: row.version === currentVersion,
  };
}

/**
 * Spec 000 §9, DESIGN.md uploads: the checks of a consent PDF; the bytes and page count, or a 400
 * (issue paths under `at`, the scanned paper of a paper consent being `['paper', 'scan']`).
 */
export async function checkConsentPdf(
  body: Pick<UploadEConsentFileBody, 'fileName' | 'dataBase64'>,
  at: (string | number)[] = [],
) {
  const bytes = decodeBase64(body.dataBase64);
  const issues: FieldIssue[] = validateUpload(
    { fileName: body.fileName, size: bytes?.length ?? 0, mimeType: 'application/pdf' },
    'CONSENT_PDF',
  );
  if (/[/\\\p{Cc}]/u.test(body.fileName)) {
    issues.push({ path: ['fileName'], message: ANSWER_MESSAGES.VALID, params: { field: 'fileName' } });
  }
  const isTooLarge = issues.some((i) => i.message === ANSWER_MESSAGES.FILE_TOO_LARGE);
  const pageCount = bytes && !isTooLarge ? await readPdfPageCount(bytes) : null;
  if (!isTooLarge && (!bytes || pageCount === null)) {
    issues.push({ path: ['dataBase64'], message: ANSWER_MESSAGES.INVALID_PDF });
  }
  if (issues.length > 0 || !bytes || pageCount === null) {
    for (const issue of issues) issue.path = [...at, ...issue.path];
    const hasDots = issues.some((i) => i.message === ANSWER_MESSAGES.INVALID_FILENAME_DOTS);
    throw validationError(
      issues,
      hasDots ? 'The file name may not contain dots.' : 'The file is not a consent PDF that can be used.',
      hasDots ? 'INVALID_FILENAME_DOTS' : 'INVALID_PDF',
    );
  }
  return { bytes, pageCount };
}

/** The e-consent event a data event id names, with its process; 400 when it is no e-consent event. */
async function econsentEventOf(ctx: UseCaseContext, studyId: string, dataEventId: string) {
  const row = await findProcessOfDataEvent(ctx.tx, studyId, dataEventId);
  const process = row ? readProcess(row) : null;
  const event = process?.dataEvents.find((e) => e.id === dataEventId);
  if (!process || event?.type !== 'TYPE_ECONSENT') {
    throw validationError(
      [{ path: ['dataEventId'], message: 'ECONSENT.NOT_ECONSENT_EVENT' }],
      'The data event is not an e-consent event of this study.',
    );
  }
  return { process, event };
}

/**
 * `POST /studies/{studyId}/eConsentFile` (issue 24 item 1): stores the next version of the event's
 * document in the language and audits it. Re-consent of earlier signers follows in the same
 * transaction (see reconsent.ts, called by the route's use case).
 */
export async function uploadEConsentFile(
  ctx: UseCaseContext,
  input: { studyId: string; body: UploadEConsentFileBody; uploadedBy: string },
): Promise<EConsentFileRow> {
  const { studyId, body } = input;
  const { process } = await econsentEventOf(ctx, studyId, body.dataEventId);
  const { bytes, pageCount } = await checkConsentPdf(body);
  const version = (await latestFileVersion(ctx.tx, studyId, body.dataEventId, body.language)) + 1;
  const row: EConsentFileRow = {
    studyId,
    id: newId(ctx.now),
    processId: process.id,
    dataEventId: body.dataEventId,
    language: body.language,
    version,
    fileName: body.fileName.trim(),
    size: bytes.length,
    sha256: sha256Hex(bytes),
    pageCount,
    data: bytes,
    uploadedBy: input.uploadedBy,
    createdAt: ctx.now,
  };
  try {
    await insertEConsentFile(ctx.tx, row);
  } catch (error) {
    // Two uploads of the same event and language at once: the unique version decides.
    throw new AppError('CONFLICT', 'Another version of this document was uploaded at the same time.', {
      context: { cause: String(error) },
    });
  }
  await ctx.audit({
    action: 'ECONSENT_FILE_UPLOADED',
    entityType: 'ECONSENT_FILE',
    entityId: row.id,
    studyId,
    after: {
      dataEventId: row.dataEventId,
      processId: row.processId,
      language: row.language,
      version,
      fileName: row.fileName,
      size: row.size,
      sha256: row.sha256,
      pageCount,
    },
  });
  return row;
}

/**
 * `GET /studies/{studyId}/eConsentFile/{id}?language`: the file, or with `language` the current
 * version of the same event's document in that language (404 when there is none).
 */
export async function readEConsentFile(
  db: Executor,
  input: { studyId: string; fileId: string; language?: string },
): Promise<EConsentFileRow> {
  const named = await findEConsentFile(db, input.studyId, input.fileId);
  if (!named) throw notFound('The consent document');
  if (!input.language || input.language === named.language) return named;
  const current = await findCurrentEConsentFile(db, input.studyId, named.dataEventId, input.language);
  if (!current) throw notFound('The consent document in this language');
  return current;
}
