/**
 * Answer files API contract (spec 000 §7 files, 002 §7 uploads): staff and public upload, info and
 * download of files attached to FILE and IMAGE answers, and participant answer images.
 * Uploads travel as JSON with base64 content (no multipart parser is installed).
 */
import { z } from 'zod';
import { IdSchema, LinkTokenSchema } from '../common/ids';
import { TimestampSchema } from '../common/timestamps';
import { FORM_LIMITS } from '../forms/model';

/** Base64 of at most the upload limit (4 characters per 3 bytes), padding allowed. */
const MAX_BASE64_CHARS = Math.ceil(FORM_LIMITS.uploadMaxBytes / 3) * 4;

/** Path of the staff and public upload calls. */
export const AnswerFileUploadParamsSchema = z.object({
  studyId: IdSchema,
  tokenId: IdSchema,
  formId: z.string().min(1).max(64),
  questionId: z.string().min(1).max(64),
});
export type AnswerFileUploadParams = z.infer<typeof AnswerFileUploadParamsSchema>;

export const AnswerFileParamsSchema = AnswerFileUploadParamsSchema.extend({ answerFileId: IdSchema });
export type AnswerFileParams = z.infer<typeof AnswerFileParamsSchema>;

/**
 * One file: name as the user's device gave it, the type it claims (advisory only: the server
 * decides by content) and the bytes in base64. A slightly larger base64 is allowed so that a file
 * just over the limit gets the size message rather than a schema error.
 */
export const AnswerFileUploadBodySchema = z.object({
  fileName: z.string().min(1).max(255),
  contentType: z.string().max(255).optional(),
  dataBase64: z
    .string()
    .min(1)
    .max(MAX_BASE64_CHARS + 1024),
});
export type AnswerFileUploadBody = z.infer<typeof AnswerFileUploadBodySchema>;

/** POST /public/studies/{studyId}/answerImages: an image of the participant's link. */
export const PublicAnswerImageBodySchema = AnswerFileUploadBodySchema.extend({
  token: LinkTokenSchema,
  formId: z.string().min(1).max(64).optional(),
  questionId: z.string().min(1).max(64).optional(),
});
export type PublicAnswerImageBody = z.infer<typeof PublicAnswerImageBodySchema>;

/** What an upload answers and the info call returns; `id`, `fileName`, `size`, `mimeType` go into the answer's files or images. */
export const AnswerFileInfoSchema = z.object({
  id: IdSchema,
  tokenId: IdSchema,
  formId: z.string().nullable(),
  questionId: z.string().nullable(),
  fileName: z.string(),
  size: z.number().int().min(0),
  mimeType: z.string(),
  sha256: z.string(),
  createdTime: TimestampSchema,
});
export type AnswerFileInfo = z.infer<typeof AnswerFileInfoSchema>;
