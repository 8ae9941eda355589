import { CSRF_HEADER } from '@trialbase/domain';
import { getCsrfToken } from './auth-state';
import { HttpError } from './http';

/** Saves a downloaded file under its name (a temporary object URL behind a clicked link). */
export function saveBlob(blob: Blob, fileName: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/**
 * Fetches a file of the API with the session cookie and saves it, under the name the server gives
 * (content-disposition) or `fallbackName`: a GET, or with `body` a POST of it as JSON (the CSRF
 * token sent along). A refusal throws an HttpError with the error body.
 */
export async function downloadFile(
  url: string,
  options: { accept: string; fallbackName: string; body?: unknown },
): Promise<void> {
  const method = options.body === undefined ? 'GET' : 'POST';
  const headers: Record<string, string> = { accept: options.accept };
  const csrf = getCsrfToken();
  if (csrf) headers[CSRF_HEADER] = csrf;
  if (method === 'POST') headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method,
    headers,
    credentials: 'same-origin',
    ...(method === 'POST' ? { body: JSON.stringify(options.body) } : {}),
  });
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    throw new HttpError(method, url, response.status, body);
  }
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  saveBlob(blob, /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? options.fallbackName);
}
