import type {} from '@fastify/cookie';
import { type AccessUser, CSRF_HEADER, hasPermission } from '@trialbase/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadAccessUser } from '../../modules/access/repo';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { AppError, forbidden, unauthenticated } from '../errors';
import { type ActiveSession, type AuthenticatedUser, SESSION_COOKIE, touchSession } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    auth: { user: AuthenticatedUser; session: ActiveSession } | null;
    /** The caller's permissions, loaded by the guard for study routes (fresh at each request). */
    access: AccessUser | null;
  }
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

/**
 * Authentication and authorisation for every `/api` route (DESIGN.md security model):
 * the session cookie is resolved before anything else, state-changing calls must carry
 * the session's CSRF token (or, without a session, come from our own origin), and the
 * route's declared permission is checked before its input is even validated.
 */
export function registerAuthGuard(app: FastifyInstance, deps: { db: Db; config: Config }): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('access', null);

  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    const secret = req.cookies[SESSION_COOKIE];
    if (secret) req.auth = await touchSession(deps.db, secret, new Date(), deps.config.sessionTtlMinutes);
    if (SAFE_METHODS.has(req.method)) return;
    if (!isSameOrigin(req)) throw new AppError('SECURITY', 'Cross-site request refused.', { status: 403 });
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
    if (!req.auth) throw unauthenticated();
    if (permission === 'session') return;
    if (permission === 'system-admin') {
      if (!req.auth.user.systemPermissions.includes('SYSTEM_ALL')) throw forbidden();
      return;
    }
    if ('study' in permission) {
      const params = (req.params ?? {}) as Record<string, string | undefined>;
      const studyId = params.studyId ?? params.id;
      const access = await loadAccessUser(deps.db, req.auth.user);
      req.access = access;
      const siteId = permission.site?.(req);
      if (!hasPermission(access, permission.study, { studyId, siteId })) throw forbidden();
      return;
    }
    if (!(await permission.check(req))) throw forbidden();
  });
}
