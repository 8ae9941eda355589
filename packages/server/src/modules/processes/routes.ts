import {
  DataEventDetailSchema,
  DataEventParamsSchema,
  ProcessDetailSchema,
  ProcessParamsSchema,
  ProcessStudyParamsSchema,
  ProcessSummaryListSchema,
  ProcessWriteSchema,
  PublicProcessInfoSchema,
  PublicProcessParamsSchema,
} from '@trialbase/domain';
import { z } from 'zod';
import { actorOf } from '../../platform/auth/guard';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { runUseCase } from '../../platform/use-case';
import { deleteProcess, duplicateProcess } from './service/copy-delete';
import { getDataEvent, getProcess, getPublicProcessInfo, listProcesses } from './service/read-process';
import { createProcess, updateProcess } from './service/write-process';

const tags = ['processes'];

/** Routes of the processes area (spec 001 §7 Processes, 002 §7 pathway getInfo). */
export function processRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db } = deps;
  return [
    defineRoute({
      method: 'POST',
      url: '/api/studies/:studyId/pathway',
      permission: inStudy('PATHWAY_CREATE'),
      schema: {
        tags,
        summary: 'Create a process',
        params: ProcessStudyParamsSchema,
        body: ProcessWriteSchema,
        response: { 201: ProcessDetailSchema },
      },
      handler: async (req, reply) => {
        const detail = await runUseCase(db, actorOf(req), (ctx) =>
          createProcess(ctx, { studyId: req.params.studyId, body: req.body }),
        );
        return reply.code(201).send(detail);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/studies/:studyId/pathway',
      permission: inStudy('PATHWAY_LIST'),
      schema: {
        tags,
        summary: 'Processes of a study',
        params: ProcessStudyParamsSchema,
        response: { 200: ProcessSummaryListSchema },
      },
      handler: async (req) => listProcesses(db, req.params),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/studies/:studyId/pathway/:id',
      permission: inStudy('PATHWAY_VIEW'),
      schema: {
        tags,
        summary: 'One process with its derived flags and locks',
        params: ProcessParamsSchema,
        response: { 200: ProcessDetailSchema },
      },
      handler: async (req) => getProcess(db, req.params),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/studies/:studyId/pathway/:id',
      permission: inStudy('PATHWAY_UPDATE'),
      schema: {
        tags,
        summary: 'Replace a process (locked fields refused per spec 001 §4)',
        params: ProcessParamsSchema,
        body: ProcessWriteSchema,
        response: { 200: ProcessDetailSchema },
      },
      handler: async (req) =>
        runUseCase(db, actorOf(req), (ctx) => updateProcess(ctx, { ...req.params, body: req.body })),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/studies/:studyId/pathway/:id',
      permission: inStudy('PATHWAY_DELETE'),
      schema: {
        tags,
        summary: 'Delete a process (soft); refused once subjects are enrolled',
        params: ProcessParamsSchema,
        response: { 204: z.null() },
      },
      handler: async (req, reply) => {
        await runUseCase(db, actorOf(req), (ctx) => deleteProcess(ctx, req.params));
        return reply.code(204).send(null);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/studies/:studyId/pathway/:id/duplicate',
      permission: inStudy('PATHWAY_DUPLICATE'),
      schema: {
        tags,
        summary: 'Duplicate a process with new data event ids',
        params: ProcessParamsSchema,
        response: { 201: ProcessDetailSchema },
      },
      handler: async (req, reply) => {
        const detail = await runUseCase(db, actorOf(req), (ctx) => duplicateProcess(ctx, req.params));
        return reply.code(201).send(detail);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/study/:studyId/dataEvent/:dataEventId',
      permission: inStudy('PATHWAY_VIEW'),
      schema: {
        tags,
        summary: 'One data event with its process',
        params: DataEventParamsSchema,
        response: { 200: DataEventDetailSchema },
      },
      handler: async (req) => getDataEvent(db, req.params),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/public/study/:studyId/pathway/:pathwayId/getInfo',
      permission: 'public',
      schema: {
        tags: ['public'],
        summary: 'What the public sign-up page may know about a process',
        params: PublicProcessParamsSchema,
        response: { 200: PublicProcessInfoSchema },
      },
      handler: async (req) => getPublicProcessInfo(db, req.params),
    }),
  ] as RouteDefinition<never>[];
}
