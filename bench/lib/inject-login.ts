// Signing in through app.inject (the benches that build the app in-process, without HTTP).
import { CSRF_HEADER } from '@trialbase/domain';
import type { FastifyInstance } from 'fastify';

/** Logs in and returns the headers a signed-in call needs: the session cookie and the CSRF token. */
export async function injectLogin(app: FastifyInstance, email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'tb_session');
  return {
    cookie: `tb_session=${cookie?.value}`,
    [CSRF_HEADER]: res.json<{ csrfToken: string }>().csrfToken,
  };
}
