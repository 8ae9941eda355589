import type { AccessUser, Permission } from '@trialbase/domain';
import { hasPermission } from '@trialbase/domain';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client';
import { forbidden } from '../errors';

/**
 * Finds the site of one entity of a study (an enrollment, token, subject or filled form) by the
 * id a request names; throws the module's 404 when the study has no such entity. Product modules
 * declare these next to their routes (a platform module imports no product module).
 */
export type SiteResolver = (db: Executor, studyId: string, id: string) => Promise<string>;

/**
 * Where a site-scoped route finds the site it acts at (spec 000 §6: study access for the site).
 * The guard checks the route's permission there:
 * - `site`: the URL names the site itself (`/sites/:siteId`); checked before the input is validated;
 * - `entity`: the URL names an entity of one site; its module's resolver finds the site (404 when
 *   there is none) before the input is validated, so a caller with the permission only at other
 *   sites gets 403 whatever the body;
 * - `input`: the validated body or query names the sites (all must be covered); checked after
 *   validation, before the handler.
 */
export type SiteScope =
  | { kind: 'site'; param: string }
  | { kind: 'entity'; entity: string; param: string; resolve: SiteResolver }
  | { kind: 'input'; entity: string; sites: (db: Executor, req: FastifyRequest) => Promise<string[]> };

/** The URL's `:param` names the site itself. */
export function siteParam(param = 'siteId'): SiteScope {
  return { kind: 'site', param };
}

/** The URL's `:param` names an entity whose site `resolve` finds (`entity` names it for people). */
export function siteOfEntity(entity: string, param: string, resolve: SiteResolver): SiteScope {
  return { kind: 'entity', entity, param, resolve };
}

/** The validated body or query names the sites (each must be covered by the caller's access). */
export function sitesOfInput(
  entity: string,
  sites: (db: Executor, req: FastifyRequest) => Promise<string[]>,
): SiteScope {
  return { kind: 'input', entity, sites };
}

type Params = Record<string, string | undefined>;

export function paramsOf(req: FastifyRequest): Params {
  return (req.params ?? {}) as Params;
}

/** The sites a URL-named scope points at (empty when the site comes from the input). */
export async function sitesNamedByUrl(
  db: Executor,
  scope: SiteScope,
  req: FastifyRequest,
): Promise<string[]> {
  const params = paramsOf(req);
  const studyId = params.studyId ?? params.id ?? '';
  switch (scope.kind) {
    case 'site':
      return [params[scope.param] ?? ''];
    case 'entity':
      return [await scope.resolve(db, studyId, params[scope.param] ?? '')];
    case 'input':
      return [];
  }
}

/** Spec 000 §6: the caller holds `permission` at every one of the sites, else 403. */
export function assertAtSites(
  access: AccessUser,
  permission: Permission,
  studyId: string | undefined,
  siteIds: string[],
): void {
  for (const siteId of siteIds) {
    if (!hasPermission(access, permission, { studyId, siteId })) throw forbidden();
  }
}
