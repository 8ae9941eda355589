import {
  buildPath,
  type EConsentCodeChannel,
  LANGUAGE_CODES,
  type LanguageCode,
  PARTICIPANT_LINK_HEADER,
  type PublicEConsentDetails,
  type PublicEConsentSigned,
  type PublicSignEConsentBody,
  publicRoutes,
} from '@trialbase/domain';
import { callPublic, isPublicHttpError, PublicHttpError } from '../app/api';
import { saveTokenInfo } from '../app/flow-store';

/** The link of the signing page: study, token id and the link's token string (spec 002 §2 routes). */
export type SigningLink = { studyId: string; tokenId: string; token: string | null };

function linkHeaders(link: SigningLink): Record<string, string> {
  return link.token ? { [PARTICIPANT_LINK_HEADER]: link.token } : {};
}

/**
 * Runs a participant call; when the participant session is missing (the signing link opened
 * directly, a new browser), the link is validated once (which opens the session) and the call
 * is tried again.
 */
async function withSession<T>(link: SigningLink, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!link.token || !isPublicHttpError(error) || (error.status !== 401 && error.status !== 404))
      throw error;
    const info = await callPublic(publicRoutes.validateToken, {
      params: { studyId: link.studyId },
      body: { token: link.token },
    });
    saveTokenInfo(info);
    return send();
  }
}

/** A study language code, or undefined (the server picks the participant's or the study's). */
function languageOf(code: string): LanguageCode | undefined {
  return LANGUAGE_CODES.find((known) => known === code);
}

/** Spec 002 §7 explicitConsentDetails: document, clauses, code channels and what is signed already. */
export function loadDetails(link: SigningLink, language: string): Promise<PublicEConsentDetails> {
  return withSession(link, () =>
    callPublic(publicRoutes.econsentDetails, {
      params: { studyId: link.studyId, tokenId: link.tokenId },
      query: { language: languageOf(language) },
      headers: linkHeaders(link),
    }),
  );
}

/** The consent PDF to read (binary), in the document's language. */
export function loadDocument(link: SigningLink, language: string): Promise<Uint8Array> {
  return withSession(link, async () => {
    const path = buildPath(publicRoutes.econsentDocument, {
      studyId: link.studyId,
      tokenId: link.tokenId,
    });
    let response: Response;
    try {
      response = await fetch(`${path}?language=${encodeURIComponent(language)}`, {
        credentials: 'same-origin',
        headers: { accept: 'application/pdf', ...linkHeaders(link) },
      });
    } catch {
      throw new PublicHttpError(0, null, 'The server could not be reached.');
    }
    if (!response.ok) throw new PublicHttpError(response.status, null, `HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  });
}

/** Sends the signing code to the chosen channel (412 during the cooldown). */
export function requestSigningCode(link: SigningLink, channel: EConsentCodeChannel) {
  return withSession(link, () =>
    callPublic(publicRoutes.econsentRequestCode, {
      params: { studyId: link.studyId, tokenId: link.tokenId },
      body: { channel },
      headers: linkHeaders(link),
    }),
  );
}

/** Spec 002 §7 setEconsentSigned (public): the participant's signature. */
export function signConsent(
  link: SigningLink,
  enrollmentId: string,
  body: PublicSignEConsentBody,
): Promise<PublicEConsentSigned> {
  return withSession(link, () =>
    callPublic(publicRoutes.econsentSign, {
      params: { studyId: link.studyId, enrollmentId, tokenId: link.tokenId },
      body,
      headers: linkHeaders(link),
    }),
  );
}

/** Base64 to bytes without a library (atob is everywhere the participant pages run). */
function bytesOf(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * Spec 002 §7 downloadEConsentFile: the signed PDF saved under its name (with `_signed`), through
 * a link the browser downloads; spec 002 §8 the caller toasts a failure.
 */
export async function downloadSignedConsent(link: SigningLink): Promise<void> {
  const file = await withSession(link, () =>
    callPublic(publicRoutes.econsentDownload, {
      params: { studyId: link.studyId, tokenId: link.tokenId },
      headers: linkHeaders(link),
    }),
  );
  const data = bytesOf(file.data);
  const url = URL.createObjectURL(new Blob([data.buffer as ArrayBuffer], { type: 'application/pdf' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = file.fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
