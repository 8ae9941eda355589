import type { AccessUser, EndpointDefinition, Permission } from '@trialbase/domain';
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
import { refuseNulInBody, refuseNulInUrl } from './input-edge';
import { type RateLimit, type RateLimitDeps, rateLimitHooks } from './rate-limit';
import type { SiteScope } from './site-scope';

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
 * route's `studyId` (or `id`) path parameter (spec 000 §6: system level, study level, or study
 * access study-wide or for the site). A site-scoped route names where its site comes from
 * (`site`); the guard then checks the permission at that site too, so handlers never do.
 */
export type StudyPermission = {
  study: Permission;
  site?: SiteScope;
  /** The permission needed at the site when the request decides it (secondary verification). */
  atSite?: (params: Record<string, string | undefined>) => Permission;
  /** A rule the role table cannot express, on top of the permission (e.g. who may create studies). */
  also?: { rule: string; holds: (access: AccessUser) => boolean };
};

/**
 * Declares that a route needs `permission` in its study and, with `site`, at the site of what
 * the request names: `inStudy('TOKEN_START', { site: enrollmentSite })`.
 */
export function inStudy(
  permission: Permission,
  options: Omit<StudyPermission, 'study'> = {},
): StudyPermission {
  return { study: permission, ...options };
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
> & {
  permission: RoutePermission;
  /** Rate limits of the route, checked and counted by hooks around its preHandlers (rate-limit.ts). */
  rateLimit?: RateLimit[];
};

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

function hookList<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

/**
 * Registers a module's routes; the permission travels in the route config for the guard,
 * declared rate limits become hooks around the route's own preHandlers over the throttle store,
 * and every route refuses a NUL character in its input (input-edge.ts: the URL before the guard,
 * the body after it).
 */
export function registerRoutes(
  app: FastifyInstance,
  routes: RouteDefinition<never>[],
  deps?: RateLimitDeps,
): void {
  for (const { permission, rateLimit, ...route } of routes) {
    const options = { ...(route as RouteOptions), config: { permission } };
    options.preParsing = [refuseNulInUrl, ...hookList(options.preParsing)];
    options.preValidation = [refuseNulInBody, ...hookList(options.preValidation)];
    if (rateLimit) {
      if (!deps)
        throw new Error(`${options.url} declares rate limits: registerRoutes needs the throttle store.`);
      const hooks = rateLimitHooks(deps, rateLimit);
      options.preHandler = [hooks.before, ...hookList(options.preHandler), hooks.after];
      options.onError = [...hookList(options.onError), hooks.onError];
      options.onSend = [...hookList(options.onSend), hooks.onSend];
    }
    app.withTypeProvider<ZodTypeProvider>().route(options);
  }
}
