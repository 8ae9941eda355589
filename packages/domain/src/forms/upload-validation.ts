/**
 * Upload checks for FILE and IMAGE answers and consent PDFs (spec 001 §5, 002 §5,
 * DESIGN.md upload limit). Content sniffing is the server's job; this checks name and size.
 */
import { assertNever } from '../common/assert';
import type { FieldIssue } from '../common/errors';
import { ANSWER_MESSAGES } from './answer-messages';
import { FORM_LIMITS } from './form-constants';

export const UPLOAD_KINDS = ['ANSWER_FILE', 'ANSWER_IMAGE', 'CONSENT_PDF'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export type UploadCandidate = { fileName: string; size: number; mimeType?: string | undefined };

const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'svg', 'heic'] as const;

/** Spec 001 §5 / DESIGN.md: the largest accepted size in bytes for an upload kind (inclusive). */
export function uploadMaxBytes(kind: UploadKind): number {
  switch (kind) {
    case 'ANSWER_FILE':
    case 'ANSWER_IMAGE':
      return FORM_LIMITS.uploadMaxBytes;
    case 'CONSENT_PDF':
      return FORM_LIMITS.consentPdfMaxBytes;
    default:
      return assertNever(kind);
  }
}

/** Splits "scan.v2.pdf" into base "scan.v2" and extension "pdf" (no extension: ""). */
export function splitFileName(fileName: string): { base: string; extension: string } {
  const lastDot = fileName.lastIndexOf('.');
  if (lastDot <= 0) return { base: fileName, extension: '' };
  return { base: fileName.slice(0, lastDot), extension: fileName.slice(lastDot + 1).toLowerCase() };
}

/** DESIGN.md: a name fails with INVALID_FILENAME_DOTS when its base name contains a dot. */
export function hasDotsInBaseName(fileName: string): boolean {
  return splitFileName(fileName).base.includes('.');
}

/** Spec 001 §5 / 002 §5 upload rules: size limit, dots in the base name, PDF only, images only. */
export function validateUpload(file: UploadCandidate, kind: UploadKind): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const name = file.fileName.trim();
  const { base, extension } = splitFileName(name);
  if (base === '') {
    issues.push({ path: ['fileName'], message: ANSWER_MESSAGES.VALID, params: { field: 'fileName' } });
  } else if (base.includes('.')) {
    issues.push({ path: ['fileName'], message: ANSWER_MESSAGES.INVALID_FILENAME_DOTS });
  }
  const max = uploadMaxBytes(kind);
  if (!Number.isInteger(file.size) || file.size < 0 || file.size > max) {
    issues.push({ path: ['size'], message: ANSWER_MESSAGES.FILE_TOO_LARGE, params: { max } });
  }
  switch (kind) {
    case 'ANSWER_FILE':
      break;
    case 'ANSWER_IMAGE': {
      const isImage =
        (file.mimeType ?? '').startsWith('image/') ||
        (IMAGE_EXTENSIONS as readonly string[]).includes(extension);
      if (!isImage) issues.push({ path: ['fileName'], message: ANSWER_MESSAGES.IMAGE_ONLY });
      break;
    }
    case 'CONSENT_PDF':
      if (extension !== 'pdf') issues.push({ path: ['fileName'], message: ANSWER_MESSAGES.INVALID_PDF });
      break;
    default:
      assertNever(kind);
  }
  return issues;
}
