import type { FastifyRequest } from 'fastify';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { loadAccessUser } from '../access/api';

/** The caller's permissions: those the guard loaded, or fresh (after a change of access). */
export async function accessOf(deps: ModuleDeps, req: FastifyRequest, fresh = false) {
  if (req.access && !fresh) return req.access;
  return loadAccessUser(deps.db, req.auth!.user);
}
