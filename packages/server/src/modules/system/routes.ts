import { SystemInfoSchema } from '@trialbase/domain';
import { z } from 'zod';
import type { Config } from '../../platform/config';
import { type Database, migrationsApplied } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { defineRoute } from '../../platform/http/define-route';
import { PRODUCT_VERSION } from '../../platform/version';

const HealthSchema = z.object({ status: z.literal('ok') });
const ReadySchema = z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) });

/** Liveness, readiness and the public system facts the web app starts from. */
export function systemRoutes(deps: { database: Database; config: Config }) {
  return [
    defineRoute({
      method: 'GET',
      url: '/api/health',
      permission: 'public',
      schema: { tags: ['system'], summary: 'The process is up', response: { 200: HealthSchema } },
      handler: async () => ({ status: 'ok' as const }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/ready',
      permission: 'public',
      schema: {
        tags: ['system'],
        summary: 'The database is reachable and every migration is applied',
        response: { 200: ReadySchema },
      },
      handler: async () => {
        let ready = false;
        try {
          ready = await migrationsApplied(deps.database);
        } catch {
          ready = false;
        }
        if (!ready) throw new AppError('DATABASE', 'The database is not ready.', { status: 503 });
        return { status: 'ready' as const, database: deps.database.engine };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/system/info',
      permission: 'public',
      schema: {
        tags: ['system'],
        summary: 'Product version and maintenance mode',
        response: { 200: SystemInfoSchema },
      },
      handler: async () => ({
        product: 'Trialbase' as const,
        version: PRODUCT_VERSION,
        maintenanceMode: deps.config.maintenanceMode,
        defaultLanguage: 'en',
      }),
    }),
  ];
}
