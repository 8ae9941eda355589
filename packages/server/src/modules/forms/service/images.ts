/**
 * Study images (spec 000 §7 images; 001 §5 upload limits): stored in the database, accepted by
 * their content (PNG, JPEG, GIF, WebP magic bytes; SVG never), at most 1,024,000 bytes.
 */
import {
  ANSWER_MESSAGES,
  FORM_LIMITS,
  hasDotsInBaseName,
  type ImageUpload,
  type STUDY_IMAGE_TYPES,
  type StudyImage,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { notFound, validationError } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import { findImage, insertImage, listImages } from '../repo';
import { assertFormsEditable, requireFormStudy } from './guards';

type ImageType = (typeof STUDY_IMAGE_TYPES)[number];

/** The image type the bytes begin with, or null (anything else, SVG included, is refused). */
export function sniffImageType(bytes: Buffer): ImageType | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) {
    return 'image/gif';
  }
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

function present(row: {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
  createdAt: Date;
}): StudyImage {
  return {
    id: row.id,
    fileName: row.fileName,
    contentType: row.contentType as ImageType,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
  };
}

function decodeBase64(data: string): Buffer | null {
  const clean = data.replace(/^data:[^;,]*;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1) return null;
  return Buffer.from(clean, 'base64');
}

/** Spec 000 §7 POST image: checks name (INVALID_FILENAME_DOTS), size and content, then stores; audited. */
export async function uploadStudyImage(
  ctx: UseCaseContext,
  input: { studyId: string; upload: ImageUpload },
): Promise<StudyImage> {
  const study = await requireFormStudy(ctx.tx, input.studyId);
  assertFormsEditable(study);
  const fileName = input.upload.fileName.trim();
  const bytes = decodeBase64(input.upload.dataBase64);
  const issues = [];
  if (hasDotsInBaseName(fileName)) {
    issues.push({ path: ['fileName'], message: ANSWER_MESSAGES.INVALID_FILENAME_DOTS });
  }
  if (!bytes) issues.push({ path: ['dataBase64'], message: 'INVALID' });
  else if (bytes.length > FORM_LIMITS.uploadMaxBytes) {
    issues.push({
      path: ['dataBase64'],
      message: ANSWER_MESSAGES.FILE_TOO_LARGE,
      params: { max: FORM_LIMITS.uploadMaxBytes },
    });
  }
  const contentType = bytes ? sniffImageType(bytes) : null;
  if (bytes && !contentType) issues.push({ path: ['dataBase64'], message: 'UNSUPPORTED_IMAGE_TYPE' });
  if (issues.length > 0 || !bytes || !contentType) {
    const id = issues.some((i) => i.message === ANSWER_MESSAGES.INVALID_FILENAME_DOTS)
      ? 'INVALID_FILENAME_DOTS'
      : undefined;
    throw validationError(issues, 'The image cannot be uploaded.', id);
  }
  const row = {
    studyId: study.id,
    id: newId(ctx.now),
    fileName,
    contentType,
    size: bytes.length,
    data: bytes,
    createdBy: ctx.actor.id ?? 'system',
    createdAt: ctx.now,
  };
  await insertImage(ctx.tx, row);
  await ctx.audit({
    action: 'STUDY_IMAGE_UPLOADED',
    entityType: 'STUDY_IMAGE',
    entityId: row.id,
    studyId: study.id,
    after: { fileName, contentType, size: row.size },
  });
  return present(row);
}

/** Spec 000 §7 GET image: the study's images (metadata only). */
export async function listStudyImages(db: Executor, input: { studyId: string }): Promise<StudyImage[]> {
  await requireFormStudy(db, input.studyId);
  return (await listImages(db, input.studyId)).map(present);
}

/** Spec 000 §7 GET image/{imageId}: the stored bytes and their type. */
export async function loadStudyImage(db: Executor, input: { studyId: string; imageId: string }) {
  await requireFormStudy(db, input.studyId);
  const row = await findImage(db, input.studyId, input.imageId);
  if (!row) throw notFound('The image');
  return row;
}
