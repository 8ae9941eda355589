import type { EndpointDefinition } from '@trialbase/domain';
import type { FastifySchema } from 'fastify';
import type { RouteDefinition } from './define-route';
import { withExactIds } from './input-edge';

type Field<E, K extends string> = E extends { [P in K]: infer T } ? T : undefined;

/** The Fastify schema an endpoint stands for: its params, query, body and answers (issue 14 item 6). */
export type EndpointSchema<E extends EndpointDefinition> = {
  tags: string[];
  summary: string;
  description?: string;
  params: Field<E, 'params'>;
  querystring: Field<E, 'query'>;
  body: Field<E, 'body'>;
  response: Field<E, 'response'>;
};

/**
 * A route that takes its method, path and schemas from a domain endpoint: it names the
 * endpoint and adds only what the server decides (permission, handler, hooks).
 */
export type EndpointRouteDefinition<E extends EndpointDefinition> = Omit<
  RouteDefinition<EndpointSchema<E> & FastifySchema>,
  'method' | 'url' | 'schema'
> & { endpoint: E };

/** Maps an endpoint route to the method, url and schema Fastify registers. */
export function routeOfEndpoint<E extends EndpointDefinition>(
  route: EndpointRouteDefinition<E>,
): RouteDefinition<EndpointSchema<E> & FastifySchema> {
  const { endpoint, ...rest } = route;
  const schema: Record<string, unknown> = { tags: [...endpoint.tags], summary: endpoint.summary };
  if (endpoint.description) schema.description = endpoint.description;
  // Record ids keep their exact shape at the edge (issue 17 item 4).
  if (endpoint.params) schema.params = withExactIds(endpoint.params);
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  if (endpoint.response) schema.response = endpoint.response;
  return {
    ...rest,
    method: endpoint.method,
    url: endpoint.path,
    schema: schema as unknown as EndpointSchema<E> & FastifySchema,
  } as RouteDefinition<EndpointSchema<E> & FastifySchema>;
}
