import { questionnaireEndpoints } from '@trialbase/domain';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { enrollmentSite } from '../enrollments/route-helpers';
import { handleSubmit, handleUpdate } from './route-helpers';
import { getFillPayload } from './service/read';

/**
 * Filled forms of unscheduled events (spec 001 §7 `.../questionnaires/unscheduled`; §3 unexpected,
 * discontinued and external events recorded per enrollment). The same services as the plain calls, with
 * the token required to be an unscheduled event's (409 NOT_UNSCHEDULED_EVENT otherwise): same validation,
 * audit, edit locks and token completion.
 */
export function unscheduledQuestionnaireRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db } = deps;
  return [
    defineRoute({
      endpoint: questionnaireEndpoints.unscheduledForms,
      permission: inStudy('QUESTIONNAIRE_VIEW', { site: enrollmentSite }),
      handler: async (req) => {
        const { sets: _sets, ...payload } = await getFillPayload(db, req.params, req.access, 'UNSCHEDULED');
        return payload;
      },
    }),
    defineRoute({
      endpoint: questionnaireEndpoints.saveUnscheduled,
      permission: inStudy('QUESTIONNAIRE_CREATE', { site: enrollmentSite }),
      handler: async (req) => handleSubmit(deps, req, 'UNSCHEDULED'),
    }),
    defineRoute({
      endpoint: questionnaireEndpoints.updateUnscheduled,
      permission: inStudy('QUESTIONNAIRE_UPDATE', { site: enrollmentSite }),
      handler: async (req) => handleUpdate(deps, req, 'UNSCHEDULED'),
    }),
  ] as RouteDefinition<never>[];
}
