import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fileVaultEndpoints as fv,
  type UploadVaultDocument,
  type UploadVaultVersion,
} from '@trialbase/domain';
import { call, endpointUrl } from '../../app/http';

export const vaultKeys = {
  all: (studyId: string) => ['file-vault', studyId] as const,
  folders: (studyId: string) => ['file-vault', studyId, 'folders'] as const,
  documents: (studyId: string, folderId: string) => ['file-vault', studyId, 'folders', folderId] as const,
  document: (studyId: string, documentId: string) =>
    ['file-vault', studyId, 'documents', documentId] as const,
};

/** GET /fv/studies/{studyId}/folders (issue 28 item 3): folders with the documents the caller sees. */
export function useVaultFolders(studyId: string) {
  return useQuery({
    queryKey: vaultKeys.folders(studyId),
    queryFn: ({ signal }) => call(fv.listFolders, { params: { studyId }, signal }),
    meta: { localErrors: true },
    retry: false,
  });
}

export function useVaultDocuments(studyId: string, folderId: string | null) {
  return useQuery({
    queryKey: vaultKeys.documents(studyId, folderId ?? ''),
    queryFn: ({ signal }) =>
      call(fv.listDocuments, { params: { studyId, folderId: folderId ?? '' }, signal }),
    enabled: folderId !== null,
    meta: { localErrors: true },
    retry: false,
  });
}

export function useVaultDocument(studyId: string, documentId: string) {
  return useQuery({
    queryKey: vaultKeys.document(studyId, documentId),
    queryFn: ({ signal }) => call(fv.getDocument, { params: { studyId, documentId }, signal }),
  });
}

function useRefresh(studyId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: vaultKeys.all(studyId) });
}

export function useCreateFolder(studyId: string) {
  const refresh = useRefresh(studyId);
  return useMutation({
    mutationFn: (name: string) => call(fv.createFolder, { params: { studyId }, body: { name } }),
    onSuccess: refresh,
  });
}

export function useRenameFolder(studyId: string, folderId: string) {
  const refresh = useRefresh(studyId);
  return useMutation({
    mutationFn: (name: string) => call(fv.renameFolder, { params: { studyId, folderId }, body: { name } }),
    onSuccess: refresh,
  });
}

export function useRemoveFolder(studyId: string) {
  const refresh = useRefresh(studyId);
  return useMutation({
    mutationFn: (folderId: string) => call(fv.removeFolder, { params: { studyId, folderId } }),
    onSuccess: refresh,
  });
}

export function useUploadDocument(studyId: string, folderId: string) {
  const refresh = useRefresh(studyId);
  return useMutation({
    mutationFn: (body: UploadVaultDocument) =>
      call(fv.uploadDocument, { params: { studyId, folderId }, body }),
    onSuccess: refresh,
  });
}

export function useUploadVersion(studyId: string, documentId: string) {
  const refresh = useRefresh(studyId);
  return useMutation({
    mutationFn: (body: UploadVaultVersion) =>
      call(fv.uploadVersion, { params: { studyId, documentId }, body }),
    onSuccess: refresh,
  });
}

export function useRemoveDocument(studyId: string, documentId: string) {
  const refresh = useRefresh(studyId);
  return useMutation({
    mutationFn: (reason: string) =>
      call(fv.removeDocument, { params: { studyId, documentId }, query: { reason } }),
    onSuccess: refresh,
  });
}

/**
 * Downloads a document: a fresh token from 001 §7 getJWT, then the direct URL (the browser saves
 * the file itself, nothing is held in memory). The server audits the download.
 */
export async function downloadVaultDocument(
  studyId: string,
  document: { id: string; fileName: string },
  version?: number,
): Promise<void> {
  const { token } = await call(fv.getJWT, { params: { studyId } });
  const link = window.document.createElement('a');
  link.href = endpointUrl(
    fv.download,
    { studyId, documentId: document.id },
    version === undefined ? { token } : { token, version },
  );
  link.download = document.fileName;
  link.rel = 'noopener';
  window.document.body.append(link);
  link.click();
  link.remove();
}

/** Reads a file as base64 (without the data-URL prefix) for the JSON upload. */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const text = String(reader.result ?? '');
      resolve(text.slice(text.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}
