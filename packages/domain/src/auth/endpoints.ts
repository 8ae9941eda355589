import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { LoginRequestSchema, SessionSchema } from './schemas';

/** The auth endpoints (issue 14 item 6): method, path and schemas, shared by the server's routes and the web clients. */
export const authEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Log in with email and password',
    tags: ['auth'],
    body: LoginRequestSchema,
    response: { 200: SessionSchema },
  }),
  session: defineEndpoint({
    method: 'GET',
    path: '/api/auth/session',
    summary: 'The current session',
    tags: ['auth'],
    response: { 200: SessionSchema },
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/auth/logout',
    summary: 'Log out',
    tags: ['auth'],
    response: { 204: z.null() },
  }),
};
