import { systemEndpoints } from '@trialbase/domain';
import type { Config } from '../../platform/config';
import { type Database, migrationsApplied } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { defineRoute } from '../../platform/http/define-route';
import { PRODUCT_VERSION } from '../../platform/version';

/** Liveness, readiness and the public system facts the web app starts from. */
export function systemRoutes(deps: { database: Database; config: Config }) {
  return [
    defineRoute({
      endpoint: systemEndpoints.health,
      permission: 'public',
      handler: async () => ({ status: 'ok' as const }),
    }),
    defineRoute({
      endpoint: systemEndpoints.ready,
      permission: 'public',
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
      endpoint: systemEndpoints.info,
      permission: 'public',
      handler: async () => ({
        product: 'Trialbase' as const,
        version: PRODUCT_VERSION,
        maintenanceMode: deps.config.maintenanceMode,
        defaultLanguage: 'en',
      }),
    }),
  ];
}
