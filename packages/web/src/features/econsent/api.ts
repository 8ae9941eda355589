import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  buildPath,
  type EConsentLogRow,
  type ErrorBody,
  econsentEndpoints,
  type PaperEConsentBody,
  processEndpoints,
  type SignedEConsentInfo,
  type UploadEConsentFileBody,
} from '@trialbase/domain';
import { extendedValidationHeaders } from '../../app/extended-validation';
import { call, HttpError } from '../../app/http';
import { gatedQueryOptions, type QueryGate } from '../../app/query-gate';
import { processKeys, useProcessList } from '../processes/api';
import { subjectKeys } from '../subjects/api';

export type { EConsentLogRow, SignedEConsentInfo };

export const econsentKeys = {
  all: (studyId: string) => ['econsent', studyId] as const,
  files: (studyId: string) => ['econsent', studyId, 'files'] as const,
  log: (studyId: string) => ['econsent', studyId, 'log'] as const,
  subject: (studyId: string, subjectId: string) => ['econsent', studyId, 'subject', subjectId] as const,
  token: (studyId: string, tokenId: string) => ['econsent', studyId, 'token', tokenId] as const,
};

/** The token an e-consent belongs to (its enrolment and id): what the staff calls name. */
export type EConsentRef = { studyId: string; enrollmentId: string; tokenId: string };

/** GET /studies/{studyId}/eConsentFiles: every version of every consent document, newest first. */
export function useConsentFiles(studyId: string, gate?: QueryGate) {
  return useQuery({
    queryKey: econsentKeys.files(studyId),
    queryFn: ({ signal }) => call(econsentEndpoints.listFiles, { params: { studyId }, query: {}, signal }),
    ...gatedQueryOptions(gate),
  });
}

/** The study's e-consent data events (TYPE_ECONSENT) with their process, from the process documents. */
export function useConsentEvents(studyId: string, gate?: QueryGate) {
  const list = useProcessList(studyId, gate);
  const details = useQueries({
    queries: (list.data ?? []).map((process) => ({
      queryKey: processKeys.detail(studyId, process.id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call(processEndpoints.get, { params: { studyId, id: process.id }, signal }),
      ...gatedQueryOptions(gate),
    })),
  });
  const isPending = list.isPending || details.some((detail) => detail.isPending);
  const events = details.flatMap((detail) =>
    (detail.data?.dataEvents ?? [])
      .filter((event) => event.type === 'TYPE_ECONSENT')
      .map((event) => ({
        processId: detail.data?.id ?? '',
        pathwayName: detail.data?.pathwayName ?? '',
        event,
      })),
  );
  return { events, isPending, isError: list.isError };
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

/** POST /studies/{studyId}/eConsentFile: a consent PDF for one event and language (the next version). */
export function useUploadConsentFile(studyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UploadEConsentFileBody) =>
      call(econsentEndpoints.uploadFile, { params: { studyId }, body }),
    meta: { localErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: econsentKeys.all(studyId) }),
  });
}

/** GET /studies/{studyId}/eConsentLog: the study's consents at the caller's sites. */
export function useConsentLog(studyId: string, gate?: QueryGate) {
  return useQuery({
    queryKey: econsentKeys.log(studyId),
    queryFn: ({ signal }) => call(econsentEndpoints.log, { params: { studyId }, query: {}, signal }),
    ...gatedQueryOptions(gate),
  });
}

/** GET /studies/{studyId}/patient/{id}/eConsents: the subject view's e-consent tab. */
export function useSubjectConsents(studyId: string, subjectId: string, gate?: QueryGate) {
  return useQuery({
    queryKey: econsentKeys.subject(studyId, subjectId),
    queryFn: ({ signal }) =>
      call(econsentEndpoints.subjectList, { params: { studyId, id: subjectId }, signal }),
    ...gatedQueryOptions(gate),
  });
}

/** GET .../tokens/{tokenId}/signedEConsentFile: one e-consent with its signatures and clauses. */
export function useSignedConsent(ref: EConsentRef | null) {
  return useQuery({
    queryKey: econsentKeys.token(ref?.studyId ?? '', ref?.tokenId ?? ''),
    queryFn: ({ signal }) =>
      call(econsentEndpoints.signedFileInfo, {
        params: {
          studyId: ref?.studyId ?? '',
          enrollmentId: ref?.enrollmentId ?? '',
          tokenId: ref?.tokenId ?? '',
        },
        signal,
      }),
    enabled: ref !== null,
  });
}

/**
 * PUT .../tokens/{tokenId}/setEconsentSigned (staff): the investigator countersigns with the
 * password (Extended-Validation header); the token completes.
 */
export function useCountersign(studyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, password }: { ref: EConsentRef; password: string }) =>
      call(econsentEndpoints.countersign, {
        params: { studyId: ref.studyId, enrollmentId: ref.enrollmentId, tokenId: ref.tokenId },
        body: { meaning: 'CONSENT_OBTAINED' },
        headers: extendedValidationHeaders(password),
      }),
    meta: { localErrors: true },
    onSuccess: (info) => {
      queryClient.setQueryData(econsentKeys.token(studyId, info.tokenId), info);
      void queryClient.invalidateQueries({ queryKey: econsentKeys.all(studyId) });
      void queryClient.invalidateQueries({ queryKey: subjectKeys.all(studyId) });
    },
  });
}

/**
 * PUT .../tokens/{tokenId}/setEconsentSigned with `paper` (staff, password): records that the
 * participant signed the consent on paper (date, witness, reason, optional scanned PDF).
 */
export function useRecordPaperConsent(studyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      ref,
      password,
      paper,
    }: {
      ref: EConsentRef;
      password: string;
      paper: PaperEConsentBody;
    }) =>
      call(econsentEndpoints.countersign, {
        params: { studyId: ref.studyId, enrollmentId: ref.enrollmentId, tokenId: ref.tokenId },
        body: { meaning: 'CONSENT_OBTAINED', paper },
        headers: extendedValidationHeaders(password),
      }),
    meta: { localErrors: true },
    onSuccess: (info) => {
      queryClient.setQueryData(econsentKeys.token(studyId, info.tokenId), info);
      void queryClient.invalidateQueries({ queryKey: econsentKeys.all(studyId) });
      void queryClient.invalidateQueries({ queryKey: subjectKeys.all(studyId) });
    },
  });
}

/** The file name a download's content-disposition gives, else the fallback. */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (encoded?.[1]) return decodeURIComponent(encoded[1]);
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? fallback;
}

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

async function downloadBinary(url: string, headers: Record<string, string>, fallback: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: 'same-origin',
      headers: { accept: 'application/pdf, application/json', ...headers },
    });
  } catch {
    throw new HttpError('GET', url, 0, null);
  }
  if (!response.ok) {
    const text = await response.text();
    let body: ErrorBody | null = null;
    try {
      body = text ? (JSON.parse(text) as ErrorBody) : null;
    } catch {
      body = null;
    }
    throw new HttpError('GET', url, response.status, body);
  }
  saveBlob(await response.blob(), fileNameOf(response, fallback));
}

/**
 * GET .../downloadSignedEConsentFile with the password (Extended-Validation): the signed PDF,
 * saved under the server's name (`…_signed.pdf`). A changed stored file answers 409 TAMPERED.
 */
export function downloadSignedConsent(ref: EConsentRef, password: string, fallback: string): Promise<void> {
  const url = buildPath(econsentEndpoints.downloadSignedFile, {
    studyId: ref.studyId,
    enrollmentId: ref.enrollmentId,
    tokenId: ref.tokenId,
  });
  return downloadBinary(url, extendedValidationHeaders(password), fallback);
}

/** GET /studies/{studyId}/eConsentFile/{id}: one version of a consent document (the original PDF). */
export function downloadConsentFile(studyId: string, fileId: string, fileName: string): Promise<void> {
  return downloadBinary(
    buildPath(econsentEndpoints.getFile, { studyId, eConsentFileId: fileId }),
    {},
    fileName,
  );
}
