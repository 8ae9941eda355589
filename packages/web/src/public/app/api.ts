import type { ErrorBody } from '@trialbase/domain';
import { timedSignal } from './abort';

/** Spec 002 §7: HTTP timeout 60 s. */
const TIMEOUT_MS = 60_000;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A failed public call. `status` 0 means the server was not reached (offline, timeout). */
export class PublicHttpError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;

  constructor(status: number, body: ErrorBody | null, fallback: string) {
    super(body?.message ?? fallback);
    this.name = 'PublicHttpError';
    this.status = status;
    this.body = body;
  }

  /** The spec's error type (`VALIDATION`, `TOKEN_DISABLED`, …), when the server sent one. */
  get type(): string | null {
    return this.body?.type ?? null;
  }

  /** The error's context object (field issues, cooldownTime, captcha, …). */
  get context(): Record<string, unknown> {
    const context = (this.body as { context?: unknown } | null)?.context;
    return typeof context === 'object' && context !== null ? (context as Record<string, unknown>) : {};
  }
}

export function isPublicHttpError(error: unknown): error is PublicHttpError {
  return error instanceof PublicHttpError;
}

function toErrorBody(data: unknown): ErrorBody | null {
  if (typeof data === 'object' && data !== null && 'type' in data && 'message' in data)
    return data as ErrorBody;
  return null;
}

/**
 * Calls `/api/public/...` (or another `/api` path) with JSON. The participant session is an
 * httpOnly cookie the server sets; the pages never see it. Answers are typed by the domain's
 * public contract (`@trialbase/domain` public schemas), which the server validates on the way out.
 */
export async function publicApi<T>(
  path: string,
  options: { method?: Method; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const timed = timedSignal(TIMEOUT_MS, options.signal);
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: timed.signal,
    });
  } catch (error) {
    timed.done();
    if (options.signal?.aborted) throw error;
    throw new PublicHttpError(0, null, 'The server could not be reached.');
  }
  // The timeout covers reading the body too.
  const text = await response.text().finally(timed.done);
  let data: unknown;
  try {
    data = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) throw new PublicHttpError(response.status, toErrorBody(data), `HTTP ${response.status}`);
  return data as T;
}
