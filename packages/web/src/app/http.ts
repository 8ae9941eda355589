import {
  buildPath,
  CSRF_HEADER,
  type EndpointCallArgs,
  type EndpointCallOptions,
  type EndpointDefinition,
  type EndpointQuery,
  type EndpointResult,
  type ErrorBody,
  type PathParams,
  successSchemaOf,
} from '@trialbase/domain';
import { getCsrfToken, getSessionEmail, hadSession } from './auth-state';
import { requestReauthentication } from './reauth-store';
import { isExemptFrom401 } from './url-rules';

/** Spec 000 §9: HTTP timeout 60 s. */
const TIMEOUT_MS = 60_000;

type Parser<T> = { parse: (data: unknown) => T };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions<T> = {
  method?: Method;
  body?: unknown;
  /** Domain schema the answer must satisfy; omit for empty answers (204). */
  schema?: Parser<T>;
  signal?: AbortSignal;
  /** Extra request headers (e.g. `Extended-Validation`); they never replace accept, content-type or CSRF. */
  headers?: Record<string, string>;
};

/** A failed call. `status` 0 means the server was not reached (offline, timeout, CORS). */
export class HttpError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;
  readonly url: string;
  readonly method: Method;

  constructor(method: Method, url: string, status: number, body: ErrorBody | null) {
    super(body?.message ?? `HTTP ${status} on ${method} ${url}`);
    this.name = 'HttpError';
    this.method = method;
    this.url = url;
    this.status = status;
    this.body = body;
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

function toErrorBody(data: unknown): ErrorBody | null {
  if (typeof data === 'object' && data !== null && 'type' in data && 'message' in data) {
    return data as ErrorBody;
  }
  return null;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function send(
  method: Method,
  url: string,
  body: unknown,
  signal?: AbortSignal,
  extraHeaders?: Record<string, string>,
): Promise<Response> {
  const headers: Record<string, string> = { ...extraHeaders, accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const csrf = getCsrfToken();
  if (method !== 'GET' && csrf) headers[CSRF_HEADER] = csrf;
  // A hand-made timeout: AbortSignal.timeout/any are newer than the browsers of spec 000 §1.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  signal?.addEventListener('abort', forwardAbort);
  try {
    return await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new HttpError(method, url, 0, null);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

/**
 * Calls the API and parses the answer with a domain schema. A 401 on a session that
 * existed while the page was open waits for re-authentication, then retries once.
 */
export async function apiRequest<T = void>(url: string, options: RequestOptions<T> = {}): Promise<T> {
  const method = options.method ?? 'GET';
  let response = await send(method, url, options.body, options.signal, options.headers);
  const email = getSessionEmail();
  if (response.status === 401 && hadSession() && email && !isExemptFrom401(url, window.location.pathname)) {
    await requestReauthentication(email).catch(() => {
      throw new HttpError(method, url, 401, null);
    });
    response = await send(method, url, options.body, options.signal, options.headers);
  }
  const data = await readJson(response);
  if (!response.ok) throw new HttpError(method, url, response.status, toErrorBody(data));
  return options.schema ? options.schema.parse(data) : (undefined as T);
}

/** Adds defined query parameters to a path (arrays as repeated keys). */
export function withQuery(path: string, params: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * What a call of `E` takes: its path parameters, query and body as the domain endpoint types
 * them (each only when the endpoint has one), plus an abort signal and extra headers.
 */
export type CallOptions<E extends EndpointDefinition> = EndpointCallOptions<E, StaffCallExtras>;

type StaffCallExtras = { signal?: AbortSignal; headers?: Record<string, string> };

/** The URL of an endpoint with its path parameters filled in (for links, images and downloads). */
export function endpointUrl<E extends EndpointDefinition>(
  endpoint: E,
  params: PathParams<E>,
  query?: EndpointQuery<E>,
): string {
  return withQuery(buildPath(endpoint, params), query ?? {});
}

/**
 * Calls a domain endpoint by name (issue 14 item 6): the URL comes from its path and the
 * answer is parsed with its response schema; 204 and binary answers give `undefined`.
 */
export function call<E extends EndpointDefinition>(
  endpoint: E,
  ...[options]: EndpointCallArgs<E, StaffCallExtras>
): Promise<EndpointResult<E>> {
  const { params, query, body, signal, headers } = (options ?? {}) as CallOptions<EndpointDefinition> & {
    params?: Record<string, string>;
    query?: object;
    body?: unknown;
  };
  const url = withQuery(buildPath(endpoint, (params ?? {}) as PathParams<E>), query ?? {});
  const schema = successSchemaOf(endpoint) as { parse: (data: unknown) => EndpointResult<E> } | undefined;
  return apiRequest<EndpointResult<E>>(url, { method: endpoint.method, body, schema, signal, headers });
}
