import {
  buildPath,
  type EndpointCallArgs,
  type EndpointCallOptions,
  type EndpointDefinition,
  type EndpointResult,
  type ErrorBody,
  type PathParams,
  successSchemaOf,
} from '@trialbase/domain';
import { timedSignal } from './abort';

/** Spec 002 §7: HTTP timeout 60 s. */
const TIMEOUT_MS = 60_000;

type Method = EndpointDefinition['method'];

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
 * What a participant call of `E` takes: its path parameters and body as the domain endpoint
 * types them (each only when the endpoint has one), plus an abort signal.
 */
export type PublicCallOptions<E extends EndpointDefinition> = EndpointCallOptions<
  E,
  { signal?: AbortSignal; headers?: Record<string, string> }
>;

/**
 * Calls a public domain endpoint by name (issue 14 item 6) with JSON. The participant session
 * is an httpOnly cookie the server sets; the pages never see it. The answer is parsed with the
 * endpoint's response schema (the one the server validates on the way out), so a page never
 * works on an unchecked shape; 204 and binary answers give `undefined`.
 */
export async function callPublic<E extends EndpointDefinition>(
  endpoint: E,
  ...[options]: EndpointCallArgs<E, { signal?: AbortSignal; headers?: Record<string, string> }>
): Promise<EndpointResult<E>> {
  const { params, query, body, signal, headers } = (options ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal;
    headers?: Record<string, string>;
  };
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined) search.set(key, String(value));
  const url = buildPath(endpoint, (params ?? {}) as PathParams<E>) + (search.toString() ? `?${search}` : '');
  const data = await send(url, endpoint.method, body, signal, headers);
  const schema = successSchemaOf(endpoint);
  return (schema ? schema.parse(data) : undefined) as EndpointResult<E>;
}

async function send(
  url: string,
  method: Method,
  body: unknown,
  signal: AbortSignal | undefined,
  headers: Record<string, string> = {},
): Promise<unknown> {
  const timed = timedSignal(TIMEOUT_MS, signal);
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: timed.signal,
    });
  } catch (error) {
    timed.done();
    if (signal?.aborted) throw error;
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
  return data;
}
