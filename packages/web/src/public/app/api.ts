import {
  buildPath,
  type EndpointCallArgs,
  type EndpointCallOptions,
  type EndpointDefinition,
  type EndpointOf,
  type EndpointResult,
  type EndpointRoute,
  type EndpointWireResult,
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
export type PublicCallOptions<E extends EndpointDefinition> = EndpointCallOptions<E, CallExtra>;

type CallExtra = { signal?: AbortSignal; headers?: Record<string, string> };

/**
 * Calls a participant endpoint (issue 14 item 6) with JSON. The participant session is an
 * httpOnly cookie the server sets; the pages never see it. 204 and binary answers give `undefined`.
 *
 * Called with a route (`publicRoutes`, issue 16), the answer is not parsed here: the server parses
 * every answer with the endpoint's response schema on the way out, so the body has that schema's
 * shape, typed as its input (what the wire carries); the participant pages load no zod for it. A
 * page that needs the schema's output (getProcess's form with its defaults filled in) parses with
 * the schema itself. Called with a full endpoint definition, the answer is parsed with its response
 * schema as before.
 */
export function callPublic<E extends EndpointDefinition>(
  endpoint: E,
  ...args: EndpointCallArgs<E, CallExtra>
): Promise<EndpointResult<E>>;
export function callPublic<R extends EndpointRoute<EndpointDefinition>>(
  route: R,
  ...args: EndpointCallArgs<EndpointOf<R>, CallExtra>
): Promise<EndpointWireResult<EndpointOf<R>>>;
export async function callPublic(
  endpoint: EndpointDefinition | EndpointRoute<EndpointDefinition>,
  options?: unknown,
): Promise<unknown> {
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
  const url =
    buildPath(endpoint, (params ?? {}) as PathParams<typeof endpoint>) +
    (search.toString() ? `?${search}` : '');
  const data = await send(url, endpoint.method, body, signal, headers);
  if (!('tags' in endpoint)) return data;
  const schema = successSchemaOf(endpoint);
  return schema ? schema.parse(data) : undefined;
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
