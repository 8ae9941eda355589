import type { EndpointDefinition, Permission } from '@trialbase/domain';
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type EndpointRouteDefinition, type EndpointSchema, routeOfEndpoint } from './endpoint-route';

/**
 * Who may call a route. Every route must say (CONVENTIONS.md: an unguarded route does not
 * compile): `public` for anonymous calls, `session` for any signed-in staff user,
 * `system-admin` for holders of SYSTEM_ALL, or a check run on the signed-in request.
 */
export type RoutePermission =
  | 'public'
  | 'session'
  | 'system-admin'
  | StudyPermission
  | { name: string; check: (req: FastifyRequest) => boolean | Promise<boolean> };

/**
 * A domain permission checked with `hasPermission` in the scope of the study named by the
 * route's `studyId` (or `id`) path parameter, and of a site when `site` finds one
 * (spec 000 §6: system level, study level, or study access study-wide or for the site).
 */
export type StudyPermission = {
  study: Permission;
  site?: (req: FastifyRequest) => string | undefined;
};

/** Declares that a route needs `permission` in its study (and optionally its site). */
export function inStudy(permission: Permission, site?: StudyPermission['site']): StudyPermission {
  return site ? { study: permission, site } : { study: permission };
}

export type RouteDefinition<S extends FastifySchema = FastifySchema> = Omit<
  RouteOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    S,
    ZodTypeProvider
  >,
  'config'
> & { permission: RoutePermission };

/**
 * Declares a route: its domain endpoint (method, path and zod schemas, issue 14 item 6), or
 * method, spec URL and schemas written here; a permission and a short handler.
 */
export function defineRoute<const E extends EndpointDefinition>(
  route: EndpointRouteDefinition<E>,
): RouteDefinition<EndpointSchema<E> & FastifySchema>;
export function defineRoute<S extends FastifySchema>(route: RouteDefinition<S>): RouteDefinition<S>;
export function defineRoute(route: object): unknown {
  return 'endpoint' in route ? routeOfEndpoint(route as EndpointRouteDefinition<EndpointDefinition>) : route;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
  }
}

/** Registers a module's routes; the permission travels in the route config for the guard. */
export function registerRoutes(app: FastifyInstance, routes: RouteDefinition<never>[]): void {
  for (const { permission, ...route } of routes) {
    app.withTypeProvider<ZodTypeProvider>().route({ ...(route as RouteOptions), config: { permission } });
  }
}
