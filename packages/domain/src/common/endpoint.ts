import type { z } from 'zod';

/**
 * One HTTP endpoint of the API, declared once (issue 14 item 6): the server's route takes
 * its method, path and schemas, and the web clients call it by name. The schemas are the
 * domain's zod schemas; `path` is the route path with `:name` parameters.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type EndpointDefinition = {
  method: HttpMethod;
  path: `/api/${string}`;
  summary: string;
  description?: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Answer schemas by status; absent for binary answers (images, downloads). */
  response?: Partial<Record<200 | 201 | 202 | 204, z.ZodType>>;
};

/** Declares an endpoint, keeping the literal method, path and schema types. */
export function defineEndpoint<const E extends EndpointDefinition>(endpoint: E): E {
  return endpoint;
}

/** The method and path of an endpoint: what a client needs at run time to call it. */
export type EndpointAddress = { readonly method: HttpMethod; readonly path: string };

declare const ENDPOINT: unique symbol;

/**
 * A call address of endpoint `E` without its schemas (issue 16): at run time only its method and
 * path, so a client that imports it carries no zod schemas (the participant pages' first load);
 * `E` rides along as a type, so calls are typed from the same schemas as the server's route.
 */
export type EndpointRoute<E extends EndpointDefinition> = {
  readonly method: E['method'];
  readonly path: E['path'];
  readonly [ENDPOINT]?: E;
};

/** The endpoint a route stands for (the endpoint itself for a full definition). */
export type EndpointOf<R> = R extends EndpointDefinition
  ? R
  : R extends { readonly [ENDPOINT]?: infer E }
    ? E extends EndpointDefinition
      ? E
      : never
    : never;

/**
 * The route of endpoint `E`, e.g. `routeOf<typeof publicEndpoints.logo>('GET', '/api/public/study/:studyId/logo')`:
 * the method and path must be the endpoint's own (their literal types are checked), and a test
 * compares every route with its endpoint.
 */
export function routeOf<E extends EndpointDefinition>(
  method: E['method'],
  path: E['path'],
): EndpointRoute<E> {
  return { method, path };
}

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The `:name` segments of an endpoint's path, each a string. */
export type PathParams<E extends EndpointAddress> = { [K in ParamNames<E['path']>]: string };

/** Whether the endpoint's path has `:name` segments. */
export type HasPathParams<E extends EndpointAddress> = [ParamNames<E['path']>] extends [never] ? false : true;

/** The query the endpoint accepts (its input type), or `never` when it takes none. */
export type EndpointQuery<E extends EndpointDefinition> = E['query'] extends z.ZodType
  ? z.input<E['query']>
  : never;

/** The body the endpoint accepts (its input type), or `never` when it takes none. */
export type EndpointBody<E extends EndpointDefinition> = E['body'] extends z.ZodType
  ? z.input<E['body']>
  : never;

/**
 * What a client call of `E` takes (staff and participant clients alike): its path parameters,
 * query and body as the endpoint types them, each only when the endpoint has one, plus `Extra`
 * (the client's own options, e.g. an abort signal).
 */
export type EndpointCallOptions<E extends EndpointDefinition, Extra = object> = Extra &
  (HasPathParams<E> extends true ? { params: PathParams<E> } : { params?: undefined }) &
  ([EndpointQuery<E>] extends [never] ? { query?: undefined } : { query?: EndpointQuery<E> }) &
  ([EndpointBody<E>] extends [never] ? { body?: undefined } : { body: EndpointBody<E> });

/** The options argument of a client call: required when the endpoint has path parameters or a body. */
export type EndpointCallArgs<E extends EndpointDefinition, Extra = object> =
  HasPathParams<E> extends true
    ? [options: EndpointCallOptions<E, Extra>]
    : [EndpointBody<E>] extends [never]
      ? [options?: EndpointCallOptions<E, Extra>]
      : [options: EndpointCallOptions<E, Extra>];

type SuccessSchema<R> = R extends { 200: infer S }
  ? S
  : R extends { 201: infer S }
    ? S
    : R extends { 202: infer S }
      ? S
      : undefined;

/** What a successful call answers: the parsed 200/201/202 body, `void` for 204 or binary answers. */
export type EndpointResult<E extends EndpointDefinition> =
  SuccessSchema<E['response']> extends z.ZodType ? z.output<SuccessSchema<E['response']>> : undefined;

/**
 * A successful answer as it comes over the wire, not parsed on the client: the input type of the
 * answer schema (the server parsed its answer with that schema on the way out, so the body has the
 * schema's shape; a codec's or default's output is only had by parsing it, e.g. getProcess's form).
 */
export type EndpointWireResult<E extends EndpointDefinition> =
  SuccessSchema<E['response']> extends z.ZodType ? z.input<SuccessSchema<E['response']>> : undefined;

/** The schema a successful answer is parsed with (200, 201 or 202), if the endpoint answers JSON. */
export function successSchemaOf(endpoint: EndpointDefinition): z.ZodType | undefined {
  const response = endpoint.response;
  return response?.[200] ?? response?.[201] ?? response?.[202];
}

/**
 * The endpoint's path with its `:name` segments filled in, each URI-encoded; a parameter
 * that is missing throws, so no call goes to a half-built URL.
 */
export function buildPath<E extends EndpointAddress>(endpoint: E, params: PathParams<E>): string {
  const values = params as Record<string, string>;
  return endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) {
      throw new Error(`Missing path parameter ${name} for ${endpoint.method} ${endpoint.path}`);
    }
    return encodeURIComponent(value);
  });
}
