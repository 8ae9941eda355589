/**
 * The study-build check (issue 23 item 3, beyond the spec): GET /study/{studyId}/buildCheck. Read
 * like the study design (form view permission), for the whole study whatever the caller's sites.
 */
import { buildCheckEndpoints } from '@trialbase/domain';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { checkStudyBuild } from './service';

export function buildCheckRoutes({ db }: ModuleDeps): RouteDefinition<never>[] {
  return [
    defineRoute({
      endpoint: buildCheckEndpoints.get,
      permission: inStudy('QUESTIONNAIRE_TEMPLATE_VIEW'),
      handler: async (req) => checkStudyBuild(db, req.params.studyId),
    }),
  ] as RouteDefinition<never>[];
}
