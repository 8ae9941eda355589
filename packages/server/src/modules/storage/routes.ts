/**
 * Soft delete and the study storage (spec 001 §7, 000 §3 soft-delete types; issue 23 item 5). The
 * types are those modules registered (platform/soft-delete/registry.ts); an unknown type is a 404.
 */
import { storageEndpoints } from '@trialbase/domain';
import { actorOf } from '../../platform/auth/guard';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { runUseCase } from '../../platform/use-case';
import { loadAccessUser } from '../access/api';
import { listStorage, removeItem, restoreItem } from './service/storage';

export function storageRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db } = deps;
  const accessOf = async (req: Parameters<Parameters<typeof defineRoute>[0]['handler']>[0]) =>
    req.access ?? (await loadAccessUser(db, req.auth!.user));
  return [
    defineRoute({
      endpoint: storageEndpoints.remove,
      // The item's site is checked in the use case (the type decides where the site comes from).
      permission: inStudy('SOFT_DELETE'),
      handler: async (req) => {
        const access = await accessOf(req);
        return runUseCase(db, actorOf(req), (ctx) =>
          removeItem(ctx, { ...req.params, reason: req.query.reason, access }),
        );
      },
    }),
    defineRoute({
      endpoint: storageEndpoints.restore,
      permission: inStudy('SOFT_DELETE_RESTORE'),
      handler: async (req, reply) => {
        const access = await accessOf(req);
        await runUseCase(db, actorOf(req), (ctx) =>
          restoreItem(ctx, { ...req.params, reason: req.body.reason, access }),
        );
        return reply.code(204).send(null);
      },
    }),
    defineRoute({
      endpoint: storageEndpoints.list,
      permission: inStudy('SOFT_DELETE'),
      handler: async (req) => ({ items: await listStorage(db, req.params.studyId, await accessOf(req)) }),
    }),
  ] as RouteDefinition<never>[];
}
