import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { loadAccessUser } from '../access/api';

/** Path parameters are free text so an unknown study is a 404, not a 400. */
export const IdParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const StudyIdParamsSchema = z.object({ studyId: z.string().min(1).max(64) });

/** The caller's permissions: those the guard loaded, or fresh (after a change of access). */
export async function accessOf(deps: ModuleDeps, req: FastifyRequest, fresh = false) {
  if (req.access && !fresh) return req.access;
  return loadAccessUser(deps.db, req.auth!.user);
}
