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
 * GETs a file of the API with the session cookie and saves it, under the name the server gives
 * (content-disposition) or `fallbackName`; a refusal throws an HttpError with the error body.
 */
export async function downloadFile(
  url: string,
  options: { accept: string; fallbackName: string },
): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin', headers: { accept: options.accept } });
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    throw new HttpError('GET', url, response.status, body);
  }
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  saveBlob(blob, /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? options.fallbackName);
}
