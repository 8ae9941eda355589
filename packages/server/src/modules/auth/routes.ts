import type {} from '@fastify/cookie';
import { LoginRequestSchema, SessionSchema } from '@trialbase/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type ActiveSession, SESSION_COOKIE } from '../../platform/auth/sessions';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { unauthenticated } from '../../platform/errors';
import { defineRoute } from '../../platform/http/define-route';
import { presentSessionUser } from '../users/presenters';
import type { UserRow } from '../users/api';
import { login, logout } from './service';

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
      method: 'POST',
      url: '/api/auth/login',
      permission: 'public',
      schema: {
        tags: ['auth'],
        summary: 'Log in with email and password',
        body: LoginRequestSchema,
        response: { 200: SessionSchema },
      },
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
      method: 'GET',
      url: '/api/auth/session',
      permission: 'public',
      schema: { tags: ['auth'], summary: 'The current session', response: { 200: SessionSchema } },
      handler: async (req) => {
        if (!req.auth) throw unauthenticated('Your session has ended. Please log in again.');
        return presentSession(req.auth.user, req.auth.session);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/auth/logout',
      permission: 'session',
      schema: { tags: ['auth'], summary: 'Log out', response: { 204: z.null() } },
      handler: async (req, reply) => {
        const auth = req.auth!;
        await logout(deps.db, { sessionId: auth.session.id, userId: auth.user.id });
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return reply.code(204).send(null);
      },
    }),
  ];
}
