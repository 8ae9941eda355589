/**
 * Exports (issue 26): start an export (a job on the durable queue), the caller's exports, one
 * export's status and progress, and its download: the requester only, while it is kept. The
 * permission is the export permission of spec 000 §6 (REPORTING_EXPORT); sites named in the
 * request must all be the caller's.
 */
import { Readable } from 'node:stream';
import { type AccessUser, exportEndpoints } from '@trialbase/domain';
import type { FastifyRequest } from 'fastify';
import { actorOf } from '../../platform/auth/guard';
import { AppError, notFound } from '../../platform/errors';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { sitesOfInput } from '../../platform/http/site-scope';
import { runUseCase } from '../../platform/use-case';
import { presentExportJob } from './presenters';
import { type ExportJobRow, findExportJob, listExportJobs, readExportChunks } from './repo';
import { EXPORT_QUEUE } from './service/run-export';
import { startExport } from './service/start-export';

function accessOf(req: FastifyRequest): AccessUser {
  if (!req.access) throw new Error('The guard did not load the access of a study route.');
  return req.access;
}

/** Who asked: the staff user or the API key (an export is its requester's alone). */
function requesterOf(req: FastifyRequest): string {
  const actor = actorOf(req);
  return `${actor.type}:${actor.id ?? ''}`;
}

/** The sites the request names (each must be the caller's: the guard checks them). */
const requestedSites = sitesOfInput('site', async (_db, req) => {
  const body = req.body as { sites?: string[] } | undefined;
  return body?.sites ?? [];
});

export function exportRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db, clock } = deps;

  /** The caller's own export; another's is not found (never 403: its existence is not told). */
  async function ownExport(
    req: FastifyRequest,
    params: { studyId: string; exportId: string },
  ): Promise<ExportJobRow> {
    const row = await findExportJob(db, params.studyId, params.exportId);
    if (!row || row.requestedBy !== requesterOf(req)) throw notFound('The export');
    return row;
  }

  return [
    defineRoute({
      endpoint: exportEndpoints.start,
      permission: inStudy('REPORTING_EXPORT', { site: requestedSites }),
      handler: async (req, reply) => {
        const job = await runUseCase(
          db,
          actorOf(req),
          (ctx) =>
            startExport(ctx, {
              studyId: req.params.studyId,
              request: req.body,
              access: accessOf(req),
              requestedBy: requesterOf(req),
              language: req.auth?.user.language ?? 'en',
            }),
          clock(),
        );
        deps.jobs()?.kick(EXPORT_QUEUE);
        return reply.code(202).send(presentExportJob(job, clock()));
      },
    }),
    defineRoute({
      endpoint: exportEndpoints.list,
      permission: inStudy('REPORTING_EXPORT'),
      handler: async (req) => {
        const rows = await listExportJobs(db, req.params.studyId, requesterOf(req));
        const now = clock();
        return { items: rows.map((row) => presentExportJob(row, now)) };
      },
    }),
    defineRoute({
      endpoint: exportEndpoints.get,
      permission: inStudy('REPORTING_EXPORT'),
      handler: async (req) => presentExportJob(await ownExport(req, req.params), clock()),
    }),
    defineRoute({
      endpoint: exportEndpoints.download,
      permission: inStudy('REPORTING_EXPORT'),
      handler: async (req, reply) => {
        const row = await ownExport(req, req.params);
        const now = clock();
        if (row.status !== 'COMPLETED' || row.fileSize === null) {
          throw new AppError('CONFLICT', 'The export is not ready.', { status: 409 });
        }
        if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) {
          throw new AppError('NOT_FOUND', 'The export is no longer kept.', { status: 410 });
        }
        await runUseCase(
          db,
          actorOf(req),
          (ctx) =>
            ctx.audit({
              action: 'EXPORT_DOWNLOADED',
              entityType: 'EXPORT',
              entityId: row.id,
              studyId: row.studyId,
              before: null,
              after: { size: row.fileSize },
            }),
          now,
        );
        return reply
          .type('application/zip')
          .header('content-length', String(row.fileSize))
          .header('content-disposition', `attachment; filename="${row.fileName ?? `export-${row.id}.zip`}"`)
          .send(Readable.from(readExportChunks(db, row)));
      },
    }),
  ] as RouteDefinition<never>[];
}
