/**
 * The checks of a vault upload (issue 28 item 3; spec 001 §5 upload, DESIGN.md uploads): strict
 * base64, the domain's name and size rules (INVALID_FILENAME_DOTS, 10,240,000 bytes), no path
 * separators or control characters in the name, and content that agrees with the extension
 * (PDF and images by magic bytes, office documents by their container's entries).
 */
import { createHash } from 'node:crypto';
import {
  ANSWER_MESSAGES,
  type FieldIssue,
  isZipContainer,
  splitFileName,
  VAULT_CONTENT_TYPES,
  type VaultExtension,
  type VaultFile,
  validateVaultUpload,
  vaultContentMatches,
} from '@trialbase/domain';
import { strFromU8, unzipSync } from 'fflate';
import { validationError } from '../../../platform/errors';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function decodeBase64(text: string): Buffer | null {
  const compact = text.replace(/\s+/g, '');
  if (compact.length % 4 !== 0 || !BASE64.test(compact)) return null;
  return Buffer.from(compact, 'base64');
}

function isUnsafeName(name: string): boolean {
  return [...name].some((c) => c === '/' || c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
}

/** The entry names of a ZIP and its `mimetype` text (OpenDocument), or null when it is not readable. */
function zipInfo(bytes: Uint8Array): { entries: string[]; mimetype: string | null } | null {
  if (!isZipContainer(bytes)) return null;
  const entries: string[] = [];
  try {
    const files = unzipSync(bytes, {
      filter: (file) => {
        entries.push(file.name);
        return file.name === 'mimetype' && file.originalSize < 256;
      },
    });
    const mimetype = files.mimetype ? strFromU8(files.mimetype) : null;
    return { entries, mimetype };
  } catch {
    return null;
  }
}

export type CheckedVaultFile = {
  fileName: string;
  bytes: Buffer;
  contentType: string;
  sha256: string;
};

/** Every check at once: the file ready to store, or one 400 listing each problem with its path. */
export function checkVaultFile(file: VaultFile): CheckedVaultFile {
  const bytes = decodeBase64(file.dataBase64);
  const fileName = file.fileName.trim();
  const issues: FieldIssue[] = bytes
    ? validateVaultUpload({ fileName, size: bytes.length })
    : validateVaultUpload({ fileName, size: 1 });
  if (isUnsafeName(fileName)) {
    issues.push({ path: ['fileName'], message: ANSWER_MESSAGES.VALID, params: { field: 'fileName' } });
  }
  const extension = splitFileName(fileName).extension as VaultExtension;
  const isTooLarge = issues.some((i) => i.message === ANSWER_MESSAGES.FILE_TOO_LARGE);
  const knownType = extension in VAULT_CONTENT_TYPES;
  if (!bytes) {
    issues.push({ path: ['dataBase64'], message: ANSWER_MESSAGES.VALID, params: { field: 'file' } });
  } else if (!isTooLarge && knownType && !vaultContentMatches(extension, bytes, zipInfo(bytes))) {
    issues.push({ path: ['dataBase64'], message: 'PUBLIC.QUESTION_FORM.UNSUPPORTED_FILE_TYPE' });
  }
  if (issues.length > 0 || !bytes) {
    const hasDots = issues.some((i) => i.message === ANSWER_MESSAGES.INVALID_FILENAME_DOTS);
    throw validationError(
      issues,
      hasDots ? 'The file name may not contain dots.' : 'The file cannot be uploaded.',
      hasDots ? 'INVALID_FILENAME_DOTS' : undefined,
    );
  }
  return {
    fileName,
    bytes,
    contentType: VAULT_CONTENT_TYPES[extension],
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}
