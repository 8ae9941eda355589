/**
 * The amendment impact preview (issue 23 item 2, beyond the spec): GET /study/{id}/amendment/impact,
 * guarded like finishAmendment; the per-site counts cover only the sites where the caller holds it.
 */
import { amendmentEndpoints, sitesWithPermission } from '@trialbase/domain';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { readAmendmentImpact } from './service';

export function amendmentRoutes({ db }: ModuleDeps): RouteDefinition<never>[] {
  return [
    defineRoute({
      endpoint: amendmentEndpoints.impact,
      permission: inStudy('STUDY_AMENDMENT_FINISH'),
      handler: async (req) => {
        if (!req.access) throw new Error('The guard did not load the access of a study route.');
        const sites = sitesWithPermission(req.access, 'STUDY_AMENDMENT_FINISH', req.params.id);
        return readAmendmentImpact(db, req.params.id, sites);
      },
    }),
  ] as RouteDefinition<never>[];
}
