/**
 * Files attached to answers (spec 000 §7 files, 002 §5 upload, §7 uploads; issue 8 items 3 and 5):
 * size at most 1,024,000 bytes, no dots in the base name (INVALID_FILENAME_DOTS), type decided by the
 * content's magic bytes (PDF, PNG, JPEG, GIF, WEBP), images only for IMAGE questions and answer
 * images. One service for the staff and the participant variants; every upload is audited.
 */
import { createHash } from 'node:crypto';
import {
  ANSWER_MESSAGES,
  type AnswerFileInfo,
  type AnswerFileUploadBody,
  type FieldIssue,
  isImageType,
  isQuestionAskedIn,
  type Question,
  sniffContentType,
  type UploadKind,
  validateUpload,
} from '@trialbase/domain';
import { notFound, validationError } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import type { TokenRow } from '../../enrollments/tokens/api';
import { loadFillContext } from '../../questionnaires/service/context';
import { type AnswerFileRow, insertAnswerFile } from '../repo';

export type Uploader = { type: 'USER' | 'SUBJECT_TOKEN'; id: string };
export type UploadTarget = { formId: string; questionId: string } | null;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** Path separators and control characters never belong in a stored name. */
function isUnsafeName(name: string): boolean {
  return [...name].some((c) => c === '/' || c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
}

/** Strict base64 (no silently skipped characters); null when it is not. */
function decodeBase64(text: string): Buffer | null {
  const compact = text.replace(/\s+/g, '');
  if (compact.length % 4 !== 0 || !BASE64.test(compact)) return null;
  return Buffer.from(compact, 'base64');
}

/** The question an upload is for, and whether it takes files or images; 400 when it takes neither. */
async function uploadKindOf(
  ctx: UseCaseContext,
  token: TokenRow,
  target: UploadTarget,
  audience: 'staff' | 'public',
): Promise<UploadKind> {
  if (!target) return 'ANSWER_IMAGE';
  const fill = await loadFillContext(ctx.tx, {
    studyId: token.studyId,
    enrollmentId: token.enrollmentId,
    tokenId: token.id,
  });
  const form = fill.forms.find((f) => f.formId === target.formId);
  if (!form)
    throw validationError([{ path: ['formId'], message: 'The form is not part of this data event.' }]);
  const question = (form.form.questions as Question[]).find((q) => q.id === target.questionId);
  if (!question || !isQuestionAskedIn(question, audience)) throw notFound('The question');
  if (question.type === 'FILE') return 'ANSWER_FILE';
  if (question.type === 'IMAGE') return 'ANSWER_IMAGE';
  throw validationError([{ path: ['questionId'], message: 'This question does not take files.' }]);
}

/** Spec 002 §5 upload rules over the decoded bytes; the sniffed type, or a 400 listing every problem. */
function checkFile(body: AnswerFileUploadBody, bytes: Buffer | null, kind: UploadKind) {
  const sniffed = bytes ? sniffContentType(bytes) : null;
  const issues: FieldIssue[] = validateUpload(
    { fileName: body.fileName, size: bytes?.length ?? 0, mimeType: sniffed ?? undefined },
    kind,
  );
  if (isUnsafeName(body.fileName)) {
    issues.push({ path: ['fileName'], message: ANSWER_MESSAGES.VALID, params: { field: 'fileName' } });
  }
  if (!bytes || bytes.length === 0) {
    issues.push({ path: ['dataBase64'], message: ANSWER_MESSAGES.VALID, params: { field: 'file' } });
  } else if (!sniffed) {
    issues.push({ path: ['dataBase64'], message: 'PUBLIC.QUESTION_FORM.UNSUPPORTED_FILE_TYPE' });
  } else if (kind === 'ANSWER_IMAGE' && !isImageType(sniffed)) {
    issues.push({ path: ['dataBase64'], message: ANSWER_MESSAGES.IMAGE_ONLY });
  }
  if (issues.length > 0) {
    const hasDots = issues.some((i) => i.message === ANSWER_MESSAGES.INVALID_FILENAME_DOTS);
    throw validationError(
      issues,
      hasDots ? 'The file name may not contain dots.' : 'The file cannot be uploaded.',
      hasDots ? 'INVALID_FILENAME_DOTS' : undefined,
    );
  }
  return sniffed as NonNullable<typeof sniffed>;
}

export function presentAnswerFile(row: AnswerFileRow): AnswerFileInfo {
  return {
    id: row.id,
    tokenId: row.tokenId,
    formId: row.formId,
    questionId: row.questionId,
    fileName: row.fileName,
    size: row.size,
    mimeType: row.contentType,
    sha256: row.sha256,
    createdTime: row.createdAt.toISOString(),
  };
}

/**
 * Spec 000 §7 / 002 §7 answer file and answer image upload: checks the target question (FILE or
 * IMAGE, asked of this audience) and the file, stores it with its SHA-256 and audits the upload.
 * A null target is a participant answer image (images only).
 */
export async function uploadAnswerFile(
  ctx: UseCaseContext,
  input: {
    token: TokenRow;
    target: UploadTarget;
    body: AnswerFileUploadBody;
    uploader: Uploader;
    /** POST answerImages: images only, whatever the question takes. */
    imagesOnly?: boolean;
  },
): Promise<AnswerFileInfo> {
  const { token, target, body } = input;
  const audience = input.uploader.type === 'SUBJECT_TOKEN' ? 'public' : 'staff';
  const questionKind = await uploadKindOf(ctx, token, target, audience);
  const kind: UploadKind = input.imagesOnly ? 'ANSWER_IMAGE' : questionKind;
  return storeAnswerFile(ctx, {
    studyId: token.studyId,
    tokenId: token.id,
    target,
    body,
    kind,
    uploader: input.uploader,
  });
}

/**
 * The checks and storage every answer upload shares (size, name, content type by magic bytes),
 * for a form link `tokenId` (a token, or a custom AE report's own link): stored with its SHA-256, audited.
 */
export async function storeAnswerFile(
  ctx: UseCaseContext,
  input: {
    studyId: string;
    tokenId: string;
    target: UploadTarget;
    body: AnswerFileUploadBody;
    kind: UploadKind;
    uploader: Uploader;
  },
): Promise<AnswerFileInfo> {
  const { target, body, kind } = input;
  const bytes = decodeBase64(body.dataBase64);
  const contentType = checkFile(body, bytes, kind);
  const data = bytes as Buffer;
  const row: AnswerFileRow = {
    studyId: input.studyId,
    id: newId(ctx.now),
    tokenId: input.tokenId,
    formId: target?.formId ?? null,
    questionId: target?.questionId ?? null,
    fileName: body.fileName.trim(),
    contentType,
    size: data.length,
    sha256: createHash('sha256').update(data).digest('hex'),
    data,
    uploadedByType: input.uploader.type,
    uploadedBy: input.uploader.id,
    createdAt: ctx.now,
  };
  await insertAnswerFile(ctx.tx, row);
  const info = presentAnswerFile(row);
  await ctx.audit({
    action: 'ANSWER_FILE_UPLOADED',
    entityType: 'ANSWER_FILE',
    entityId: row.id,
    studyId: input.studyId,
    before: null,
    after: { ...info, kind },
  });
  return info;
}
