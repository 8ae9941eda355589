import type {} from '@fastify/cookie';
import { authEndpoints } from '@trialbase/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ActiveSession, SESSION_COOKIE } from '../../platform/auth/sessions';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { unauthenticated } from '../../platform/errors';
import { defineRoute } from '../../platform/http/define-route';
import type { UserRow } from '../users/api';
import { presentSessionUser } from '../users/presenters';
import { login, logout } from './service/sessions';

function presentSession(user: UserRow, session: ActiveSession) {
  return {
    user: presentSessionUser(user),
    csrfToken: session.csrfToken,
    expiresAt: session.expiresAt.toISOString(),
  };
}

function isHttps(req: FastifyRequest, config: Config): boolean {
  return req.protocol === 'https' || (config.publicUrl?.startsWith('https://') ?? false);
}

function setSessionCookie(reply: FastifyReply, req: FastifyRequest, config: Config, secret: string) {
  reply.setCookie(SESSION_COOKIE, secret, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(req, config),
  });
}

/** Staff login, session lookup and logout (spec 000 §2, §4 401 handling). */
export function authRoutes(deps: { db: Db; config: Config }) {
  return [
    defineRoute({
      endpoint: authEndpoints.login,
      permission: 'public',
      handler: async (req, reply) => {
        const result = await login(deps, {
          email: req.body.email,
          password: req.body.password,
          ip: req.ip ?? null,
          userAgent: req.headers['user-agent'] ?? null,
        });
        setSessionCookie(reply, req, deps.config, result.secret);
        return presentSession(result.user, result.session);
      },
    }),
    defineRoute({
      endpoint: authEndpoints.session,
      permission: 'public',
      handler: async (req) => {
        if (!req.auth) throw unauthenticated('Your session has ended. Please log in again.');
        return presentSession(req.auth.user, req.auth.session);
      },
    }),
    defineRoute({
      endpoint: authEndpoints.logout,
      permission: 'session',
      handler: async (req, reply) => {
        const auth = req.auth!;
        await logout(deps.db, { sessionId: auth.session.id, userId: auth.user.id });
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return reply.code(204).send(null);
      },
    }),
  ];
}
