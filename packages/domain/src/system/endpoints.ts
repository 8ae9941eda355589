import { z } from 'zod';
import { SystemInfoSchema } from '../auth/schemas';
import { defineEndpoint } from '../common/endpoint';

const HealthSchema = z.object({ status: z.literal('ok') });
const ReadySchema = z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) });

/** The system endpoints (issue 14 item 6): method, path and schemas, shared by the server's routes and the web clients. */
export const systemEndpoints = {
  health: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    summary: 'The process is up',
    tags: ['system'],
    response: { 200: HealthSchema },
  }),
  ready: defineEndpoint({
    method: 'GET',
    path: '/api/ready',
    summary: 'The database is reachable and every migration is applied',
    tags: ['system'],
    response: { 200: ReadySchema },
  }),
  info: defineEndpoint({
    method: 'GET',
    path: '/api/system/info',
    summary: 'Product version and maintenance mode',
    tags: ['system'],
    response: { 200: SystemInfoSchema },
  }),
};
