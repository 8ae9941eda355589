/**
 * File vault API contract (issue 28 item 3; 001 §7 `GET /fv/studies/{studyId}/getJWT`): folders,
 * documents with their versions and visibility, uploads (JSON with base64 content, as every upload
 * of the product: files/schemas.ts), soft delete with a reason and the direct-download token.
 */
import { z } from 'zod';
import { STUDY_ROLES } from '../access/roles';
import { IdSchema } from '../common/ids';
import { TimestampSchema } from '../common/timestamps';
import { VAULT_LIMITS, VAULT_MAX_BYTES, VaultVisibilitySchema } from './model';

/** Base64 of at most the vault limit, plus room so a file just over it gets the size message. */
const MAX_BASE64_CHARS = Math.ceil(VAULT_MAX_BYTES / 3) * 4 + 1024;

export const VaultStudyParamsSchema = z.object({ studyId: IdSchema });
export const VaultFolderParamsSchema = VaultStudyParamsSchema.extend({ folderId: IdSchema });
export const VaultDocumentParamsSchema = VaultStudyParamsSchema.extend({ documentId: IdSchema });

export const VaultFolderInputSchema = z.object({
  name: z.string().trim().min(1).max(VAULT_LIMITS.folderName),
});
export type VaultFolderInput = z.infer<typeof VaultFolderInputSchema>;

/** A folder with the number of documents the caller sees in it. */
export const VaultFolderSchema = z.object({
  id: IdSchema,
  name: z.string(),
  documentCount: z.number().int().min(0),
  createdTime: TimestampSchema,
});
export type VaultFolder = z.infer<typeof VaultFolderSchema>;

/** What the caller may do in the vault (the server decides; the web only hides). */
export const VaultAbilitiesSchema = z.object({
  canUpload: z.boolean(),
  canDelete: z.boolean(),
  canManageFolders: z.boolean(),
});
export type VaultAbilities = z.infer<typeof VaultAbilitiesSchema>;

export const VaultFolderListSchema = z.object({
  items: z.array(VaultFolderSchema),
  abilities: VaultAbilitiesSchema,
});
export type VaultFolderList = z.infer<typeof VaultFolderListSchema>;

/** One file of the upload calls: the name the device gave and the bytes in base64. */
export const VaultFileSchema = z.object({
  fileName: z.string().min(1).max(VAULT_LIMITS.fileName),
  dataBase64: z.string().min(1).max(MAX_BASE64_CHARS),
});
export type VaultFile = z.infer<typeof VaultFileSchema>;

/** A new document: title (the file name when empty), visibility and its first version. */
export const UploadVaultDocumentSchema = VaultFileSchema.extend({
  title: z.string().trim().max(VAULT_LIMITS.title).optional(),
  siteIds: VaultVisibilitySchema.shape.siteIds,
  roles: VaultVisibilitySchema.shape.roles,
});
export type UploadVaultDocument = z.infer<typeof UploadVaultDocumentSchema>;

/** A new version of a document, with an optional note of what changed. */
export const UploadVaultVersionSchema = VaultFileSchema.extend({
  comment: z.string().trim().max(1000).optional(),
});
export type UploadVaultVersion = z.infer<typeof UploadVaultVersionSchema>;

export const VaultVersionSchema = z.object({
  id: IdSchema,
  version: z.number().int().min(1),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int().min(0),
  sha256: z.string(),
  comment: z.string().nullable(),
  uploadedBy: z.string(),
  /** "First Last" of the uploader (null only if the user row is gone). */
  uploadedByName: z.string().nullable(),
  uploadedByEmail: z.string().nullable(),
  uploadedTime: TimestampSchema,
});
export type VaultVersion = z.infer<typeof VaultVersionSchema>;

export const VaultDocumentSchema = z.object({
  id: IdSchema,
  folderId: IdSchema,
  title: z.string(),
  siteIds: z.array(z.string()).nullable(),
  roles: z.array(z.enum(STUDY_ROLES)).nullable(),
  current: VaultVersionSchema,
  versionCount: z.number().int().min(1),
  createdTime: TimestampSchema,
  updatedTime: TimestampSchema,
  /** The caller may add versions and (with FILE_VAULT_DELETE) remove it. */
  canManage: z.boolean(),
});
export type VaultDocument = z.infer<typeof VaultDocumentSchema>;

export const VaultDocumentListSchema = z.object({
  folder: VaultFolderSchema,
  items: z.array(VaultDocumentSchema),
  abilities: VaultAbilitiesSchema,
});
export type VaultDocumentList = z.infer<typeof VaultDocumentListSchema>;

/** One document with every version, newest first (previous versions are kept). */
export const VaultDocumentDetailSchema = VaultDocumentSchema.extend({
  versions: z.array(VaultVersionSchema),
});
export type VaultDocumentDetail = z.infer<typeof VaultDocumentDetailSchema>;

export const VaultRemoveQuerySchema = z.object({ reason: z.string().trim().min(1).max(1000) });
export type VaultRemoveQuery = z.infer<typeof VaultRemoveQuerySchema>;

/** 001 §7 getJWT: the signed direct-download token and when it expires. */
export const VaultTokenSchema = z.object({ token: z.string(), expiresAt: TimestampSchema });
export type VaultToken = z.infer<typeof VaultTokenSchema>;

/** The direct download: the token of getJWT, and a version (the current one when absent). */
export const VaultDownloadQuerySchema = z.object({
  token: z.string().min(1).max(20_000),
  version: z.coerce.number().int().min(1).optional(),
});
export type VaultDownloadQuery = z.infer<typeof VaultDownloadQuerySchema>;
