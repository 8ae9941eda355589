import type {} from '@fastify/cookie';
import {
  type AccessUser,
  type AuditActor,
  apiKeyPermissions,
  CSRF_HEADER,
  hasPermission,
  isApiKeyPermission,
  type Permission,
} from '@trialbase/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db, Executor } from '../db/client';
import { AppError, forbidden, unauthenticated } from '../errors';
import type { StudyPermission } from '../http/define-route';
import { assertAtSites, paramsOf, sitesNamedByUrl } from '../http/site-scope';
import { type LiveSession, SESSION_COOKIE, touchSession } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's live session, the user, and the studies the user may enter. */
    auth: LiveSession | null;
    /** Set when the request is authenticated by a study's API key (no session, not a browser). */
    apiKey: ApiKeyPrincipal | null;
    /** The caller's permissions, loaded by the guard for study routes (fresh at each request). */
    access: AccessUser | null;
  }
}

/** Who calls when a request carries a study's API key instead of a session. */
export type ApiKeyPrincipal = {
  studyId: string;
  keyId: string;
  viewIdentifiable: boolean;
  /** Issue 26 item 4: the API user may read the incremental feed (REPORTING_FEED). */
  dataFeed: boolean;
  /** Issue 28 item 2: the API user may write data (create subjects, enrol, submit forms). */
  dataWrite: boolean;
};

/**
 * What the guard needs from the product modules, handed in by app.ts (issue 14 item 8: the
 * platform imports no product module): the authentication of a study's API key (integrations
 * module). The caller's study access comes with the session (sessions.ts, from the access table).
 */
export type AuthGuardDeps = {
  db: Db;
  config: Config;
  authenticateApiKey: (
    db: Executor,
    input: { token: string; ip: string; now: Date },
  ) => Promise<ApiKeyPrincipal>;
};

/** The bearer token of the Authorization header, or null when there is none (other schemes are ignored). */
export function bearerTokenOf(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True when the request comes from our own origin (or from a non-browser client that sends no Origin). */
function isSameOrigin(req: FastifyRequest): boolean {
  const origin = req.headers.origin;
  if (!origin) return req.headers['sec-fetch-site'] !== 'cross-site';
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/** Who the audit trail records for a request: the signed-in user or the API key (DESIGN.md audit trail). */
export function actorOf(req: FastifyRequest): AuditActor {
  if (req.auth) return { type: 'USER', id: req.auth.user.id };
  if (req.apiKey) return { type: 'API_KEY', id: req.apiKey.keyId };
  throw unauthenticated();
}

/**
 * Spec 001 §2 API access: an API key acts in its own study only, with the read-only
 * permission set of the domain; its permissions look like a study-wide role to handlers.
 */
function authorizeApiKey(req: FastifyRequest, key: ApiKeyPrincipal, permission: StudyPermission): void {
  if (studyIdOf(req) !== key.studyId) throw forbidden('This API key belongs to another study.');
  if (!isApiKeyPermission(permission.study, key)) throw forbidden('API keys cannot do this.');
  req.access = {
    systemPermissions: [],
    studyAccess: [
      { studyId: key.studyId, role: 'OTHER', permissions: apiKeyPermissions(key), siteIds: 'ALL' },
    ],
  };
}

/**
 * Authentication and authorisation for every `/api` route (DESIGN.md security model):
 * the session cookie is resolved before anything else (or, without one, a Bearer API key),
 * state-changing browser calls must carry the session's CSRF token (or, without a session,
 * come from our own origin), and the route's declared permission is checked before its
 * input is even validated.
 */
export function registerAuthGuard(app: FastifyInstance, deps: AuthGuardDeps): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('apiKey', null);
  app.decorateRequest('access', null);

  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    const secret = req.cookies[SESSION_COOKIE];
    if (secret) {
      req.auth = await touchSession(deps.db, secret, new Date(), deps.config.sessionTtlMinutes);
    } else {
      const token = bearerTokenOf(req);
      if (token !== null) {
        req.apiKey = await deps.authenticateApiKey(deps.db, { token, ip: req.ip, now: new Date() });
        // An API client is not a browser: no cookie means no CSRF to guard against.
        return;
      }
    }
    if (SAFE_METHODS.has(req.method)) return;
    if (!isSameOrigin(req)) throw new AppError('SECURITY', 'Cross-site request refused.', { status: 403 });
    // Participant calls never use the staff session (a staff member may open a participant link
    // in the same browser): the same-origin check above and the SameSite=Strict participant
    // cookie guard them.
    if (req.url.startsWith('/api/public/')) return;
    if (req.auth && req.headers[CSRF_HEADER] !== req.auth.session.csrfToken) {
      throw new AppError(
        'SECURITY',
        'The request is missing its CSRF token. Reload the page and try again.',
        {
          status: 403,
        },
      );
    }
  });

  app.addHook('preValidation', async (req) => {
    const permission = req.routeOptions.config.permission;
    if (!req.url.startsWith('/api/') || req.is404) return;
    if (permission === undefined) {
      // Defence in depth: registerRoutes always sets one, so this is a programming error.
      throw new AppError('INTERNAL', 'Route has no declared permission.');
    }
    if (permission === 'public') return;
    if (req.apiKey) {
      // Session, system-admin and custom checks are for people; a key only reaches study routes.
      if (typeof permission === 'string' || !('study' in permission)) {
        throw unauthenticated('This call needs a signed-in user; API keys cannot use it.');
      }
      authorizeApiKey(req, req.apiKey, permission);
      await authorizeSite(req, permission);
      return;
    }
    if (!req.auth) throw unauthenticated();
    if (permission === 'session') return;
    if (permission === 'system-admin') {
      if (!req.auth.user.systemPermissions.includes('SYSTEM_ALL')) throw forbidden();
      return;
    }
    if ('study' in permission) {
      const access: AccessUser = {
        systemPermissions: req.auth.user.systemPermissions as Permission[],
        studyAccess: req.auth.studyAccess,
      };
      req.access = access;
      if (!hasPermission(access, permission.study, { studyId: studyIdOf(req) })) throw forbidden();
      await authorizeSite(req, permission);
      return;
    }
    if (!(await permission.check(req))) throw forbidden();
  });

  // Sites named by the body or query are known once the input is validated (the handler's input).
  app.addHook('preHandler', async (req) => {
    const permission = req.routeOptions.config.permission;
    if (typeof permission !== 'object' || !('study' in permission) || permission.site?.kind !== 'input')
      return;
    if (!req.url.startsWith('/api/') || !req.access) return;
    const sites = await permission.site.sites(deps.db, req);
    assertAtSites(req.access, sitePermissionOf(req, permission), studyIdOf(req), sites);
  });

  /**
   * Spec 000 §6 site scope declared on the route: the `also` rule, then the site the URL names
   * (its entity looked up first: 404 when there is none, as the handler would say), checked with
   * the route's permission (or the one the request asks for at the site).
   */
  async function authorizeSite(req: FastifyRequest, permission: StudyPermission): Promise<void> {
    const access = req.access;
    if (!access) throw forbidden();
    if (permission.also && !permission.also.holds(access)) throw forbidden();
    if (!permission.site) return;
    // A malformed id keeps its 400: validation answers next, and the handler never runs.
    if (permission.site.kind === 'entity' && !paramsAreValid(req)) return;
    const sites = await sitesNamedByUrl(deps.db, permission.site, req);
    assertAtSites(access, sitePermissionOf(req, permission), studyIdOf(req), sites);
  }
}

function paramsAreValid(req: FastifyRequest): boolean {
  const schema = req.routeOptions.schema?.params as { safeParse?: (v: unknown) => { success: boolean } };
  return typeof schema?.safeParse !== 'function' || schema.safeParse(req.params).success;
}

function studyIdOf(req: FastifyRequest): string | undefined {
  const params = paramsOf(req);
  return params.studyId ?? params.id;
}

function sitePermissionOf(req: FastifyRequest, permission: StudyPermission): Permission {
  return permission.atSite?.(paramsOf(req)) ?? permission.study;
}
