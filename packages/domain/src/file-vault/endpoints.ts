import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import {
  UploadVaultDocumentSchema,
  UploadVaultVersionSchema,
  VaultDocumentDetailSchema,
  VaultDocumentListSchema,
  VaultDocumentParamsSchema,
  VaultDocumentSchema,
  VaultDownloadQuerySchema,
  VaultFolderInputSchema,
  VaultFolderListSchema,
  VaultFolderParamsSchema,
  VaultFolderSchema,
  VaultRemoveQuerySchema,
  VaultStudyParamsSchema,
  VaultTokenSchema,
} from './schemas';

const tags = ['file-vault'] as const;
const BASE = '/api/fv/studies/:studyId';

/**
 * The file vault (issue 28 item 3; spec 000 §6 file vault permissions, 001 §7 getJWT, served under
 * /api as written). Lists hold what the caller's sites and role see; a document they do not see is
 * 403, an id the study does not have 404. Downloads go through a short-lived token.
 */
export const fileVaultEndpoints = {
  listFolders: defineEndpoint({
    method: 'GET',
    path: `${BASE}/folders`,
    summary: "The vault's folders, each with the number of documents the caller sees",
    tags,
    params: VaultStudyParamsSchema,
    response: { 200: VaultFolderListSchema },
  }),
  createFolder: defineEndpoint({
    method: 'POST',
    path: `${BASE}/folders`,
    summary: 'Create a folder (names unique in the study)',
    tags,
    params: VaultStudyParamsSchema,
    body: VaultFolderInputSchema,
    response: { 201: VaultFolderSchema },
  }),
  renameFolder: defineEndpoint({
    method: 'PUT',
    path: `${BASE}/folders/:folderId`,
    summary: 'Rename a folder',
    tags,
    params: VaultFolderParamsSchema,
    body: VaultFolderInputSchema,
    response: { 200: VaultFolderSchema },
  }),
  removeFolder: defineEndpoint({
    method: 'DELETE',
    path: `${BASE}/folders/:folderId`,
    summary: 'Remove an empty folder (409 while it holds documents)',
    tags,
    params: VaultFolderParamsSchema,
    response: { 204: z.null() },
  }),
  listDocuments: defineEndpoint({
    method: 'GET',
    path: `${BASE}/folders/:folderId/documents`,
    summary: "The folder's documents the caller's sites and role see, each with its current version",
    tags,
    params: VaultFolderParamsSchema,
    response: { 200: VaultDocumentListSchema },
  }),
  uploadDocument: defineEndpoint({
    method: 'POST',
    path: `${BASE}/folders/:folderId/documents`,
    summary:
      'Upload a document (JSON with dataBase64; at most 10,240,000 bytes, no dots in the base name, PDF, image or office content) visible to all or chosen sites and roles',
    tags,
    params: VaultFolderParamsSchema,
    body: UploadVaultDocumentSchema,
    response: { 201: VaultDocumentSchema },
  }),
  getDocument: defineEndpoint({
    method: 'GET',
    path: `${BASE}/documents/:documentId`,
    summary: 'One document with every version, newest first',
    tags,
    params: VaultDocumentParamsSchema,
    response: { 200: VaultDocumentDetailSchema },
  }),
  uploadVersion: defineEndpoint({
    method: 'POST',
    path: `${BASE}/documents/:documentId/versions`,
    summary: 'Upload a new version of a document (the previous ones are kept)',
    tags,
    params: VaultDocumentParamsSchema,
    body: UploadVaultVersionSchema,
    response: { 201: VaultDocumentSchema },
  }),
  removeDocument: defineEndpoint({
    method: 'DELETE',
    path: `${BASE}/documents/:documentId`,
    summary: 'Remove a document (soft delete with a reason; its versions are kept)',
    tags,
    params: VaultDocumentParamsSchema,
    query: VaultRemoveQuerySchema,
    response: { 204: z.null() },
  }),
  getJWT: defineEndpoint({
    method: 'GET',
    path: `${BASE}/getJWT`,
    summary:
      'A signed token (HS256, five minutes) bound to the caller, the study and the documents the caller sees, for direct downloads',
    tags,
    params: VaultStudyParamsSchema,
    response: { 200: VaultTokenSchema },
  }),
  download: defineEndpoint({
    method: 'GET',
    path: `${BASE}/documents/:documentId/download`,
    summary:
      'Download a document (the current version, or ?version=) with the token of getJWT; audited. Expired, altered or other tokens are refused',
    tags,
    params: VaultDocumentParamsSchema,
    query: VaultDownloadQuerySchema,
  }),
};
