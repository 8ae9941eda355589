import { processEndpoints } from '@trialbase/domain';
import { actorOf } from '../../platform/auth/guard';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { runUseCase } from '../../platform/use-case';
import { deleteProcess, duplicateProcess } from './service/copy-delete';
import { getDataEvent, getProcess, getPublicProcessInfo, listProcesses } from './service/read-process';
import { createProcess, updateProcess } from './service/write-process';

/** Routes of the processes area (spec 001 §7 Processes, 002 §7 pathway getInfo). */
export function processRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db } = deps;
  return [
    defineRoute({
      endpoint: processEndpoints.create,
      permission: inStudy('PATHWAY_CREATE'),
      handler: async (req, reply) => {
        const detail = await runUseCase(db, actorOf(req), (ctx) =>
          createProcess(ctx, { studyId: req.params.studyId, body: req.body }),
        );
        return reply.code(201).send(detail);
      },
    }),
    defineRoute({
      endpoint: processEndpoints.list,
      permission: inStudy('PATHWAY_LIST'),
      handler: async (req) => listProcesses(db, req.params),
    }),
    defineRoute({
      endpoint: processEndpoints.get,
      permission: inStudy('PATHWAY_VIEW'),
      handler: async (req) => getProcess(db, req.params),
    }),
    defineRoute({
      endpoint: processEndpoints.update,
      permission: inStudy('PATHWAY_UPDATE'),
      handler: async (req) =>
        runUseCase(db, actorOf(req), (ctx) => updateProcess(ctx, { ...req.params, body: req.body })),
    }),
    defineRoute({
      endpoint: processEndpoints.delete,
      permission: inStudy('PATHWAY_DELETE'),
      handler: async (req, reply) => {
        await runUseCase(db, actorOf(req), (ctx) => deleteProcess(ctx, req.params));
        return reply.code(204).send(null);
      },
    }),
    defineRoute({
      endpoint: processEndpoints.duplicate,
      permission: inStudy('PATHWAY_DUPLICATE'),
      handler: async (req, reply) => {
        const detail = await runUseCase(db, actorOf(req), (ctx) => duplicateProcess(ctx, req.params));
        return reply.code(201).send(detail);
      },
    }),
    defineRoute({
      endpoint: processEndpoints.dataEvent,
      permission: inStudy('PATHWAY_VIEW'),
      handler: async (req) => getDataEvent(db, req.params),
    }),
    defineRoute({
      endpoint: processEndpoints.publicInfo,
      permission: 'public',
      handler: async (req) => getPublicProcessInfo(db, req.params),
    }),
  ] as RouteDefinition<never>[];
}
