import {
  QuestionnaireFillSchema,
  QuestionnaireSaveResultSchema,
  SubmitUnscheduledQuestionnaireSchema,
  TokenQuestionnaireParamsSchema,
  TokenQuestionnairesParamsSchema,
  UpdateUnscheduledQuestionnaireSchema,
} from '@trialbase/domain';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { enrollmentSite } from '../enrollments/route-helpers';
import { BASE, handleSubmit, handleUpdate } from './route-helpers';
import { getFillPayload } from './service/read';

const tags = ['filled forms'];

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
      method: 'GET',
      url: `${BASE}/questionnaires/unscheduled`,
      permission: inStudy('QUESTIONNAIRE_VIEW', { site: enrollmentSite }),
      schema: {
        tags,
        summary:
          'The forms of an unscheduled event (mandatory and optional selection) with their answer sets',
        params: TokenQuestionnairesParamsSchema,
        response: { 200: QuestionnaireFillSchema },
      },
      handler: async (req) => {
        const { sets: _sets, ...payload } = await getFillPayload(db, req.params, req.access, 'UNSCHEDULED');
        return payload;
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/questionnaires/unscheduled`,
      permission: inStudy('QUESTIONNAIRE_CREATE', { site: enrollmentSite }),
      schema: {
        tags,
        summary: 'Save one form of an unscheduled event as staff; isFinal completes it',
        params: TokenQuestionnairesParamsSchema,
        body: SubmitUnscheduledQuestionnaireSchema,
        response: { 200: QuestionnaireSaveResultSchema },
      },
      handler: async (req) => handleSubmit(deps, req, 'UNSCHEDULED'),
    }),
    defineRoute({
      method: 'PUT',
      url: `${BASE}/questionnaires/:questionnaireId/unscheduled`,
      permission: inStudy('QUESTIONNAIRE_UPDATE', { site: enrollmentSite }),
      schema: {
        tags,
        summary:
          'Update a submitted form of an unscheduled event with a reason (Extended-Validation when the study asks for it)',
        params: TokenQuestionnaireParamsSchema,
        body: UpdateUnscheduledQuestionnaireSchema,
        response: { 200: QuestionnaireSaveResultSchema },
      },
      handler: async (req) => handleUpdate(deps, req, 'UNSCHEDULED'),
    }),
  ] as RouteDefinition<never>[];
}
