import type { FastifyInstance } from 'fastify';

/**
 * Every `/api` answer is `Cache-Control: no-store` unless its route set its own header (a study
 * logo may be cached, a subject record never): API answers carry personal data, and neither the
 * browser's disk cache nor a proxy may keep them (issue 17 item 5).
 */
export function registerNoStoreForApi(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if ((req.url === '/api' || req.url.startsWith('/api/')) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
