import { questionnaireEndpoints } from '@trialbase/domain';
import { actorOf } from '../../platform/auth/guard';
import type { Db } from '../../platform/db/client';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { runUseCase } from '../../platform/use-case';
import { enrollmentSite } from '../enrollments/route-helpers';
import { kickJobs, tokenRefSite } from '../enrollments/tokens/route-helpers';
import { scheduleEnvOf } from '../enrollments/tokens/service/send-link';
import { findQuestionnaire } from './repo';
import {
  handleSubmit,
  handleUpdate,
  questionnaireSite,
  saveResult,
  verificationPermission,
} from './route-helpers';
import { getChangeLog } from './service/change-log';
import {
  getFillPayload,
  getReviewData,
  getShowRuleResult,
  listCompletedSets,
  listReferenceQuestionnaires,
  presentSets,
} from './service/read';
import { saveUnfinishedQuestionnaire } from './service/save-unfinished-questionnaire';
import { verifyAnswer, verifyQuestionnaire } from './service/verify';
import { unscheduledQuestionnaireRoutes } from './unscheduled-routes';

/**
 * Filled forms (spec 001 §7 "Filled forms (staff)", issue 7 items 5 and 6): staff fill, draft save,
 * update with reason, review data, cross-form data, change log and source data verification.
 */
export function questionnaireRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db, clock } = deps;
  const env = scheduleEnvOf(deps.config);
  return [
    ...unscheduledQuestionnaireRoutes(deps),
    defineRoute({
      endpoint: questionnaireEndpoints.ofToken,
      permission: inStudy('QUESTIONNAIRE_VIEW', { site: enrollmentSite }),
      handler: async (req) => {
        const { sets: _sets, ...payload } = await getFillPayload(db, req.params, req.access);
        return payload;
      },
    }),
    defineRoute({
      endpoint: questionnaireEndpoints.save,
      permission: inStudy('QUESTIONNAIRE_CREATE', { site: enrollmentSite }),
      handler: async (req) => handleSubmit(deps, req, 'SCHEDULED'),
    }),
    defineRoute({
      endpoint: questionnaireEndpoints.update,
      permission: inStudy('QUESTIONNAIRE_UPDATE', { site: enrollmentSite }),
      handler: async (req) => handleUpdate(deps, req, 'SCHEDULED'),
    }),
    defineRoute({
      endpoint: questionnaireEndpoints.saveDraft,
      permission: inStudy('QUESTIONNAIRE_CREATE', { site: enrollmentSite }),
      handler: async (req) => {
        const outcome = await runUseCase(
          db,
          actorOf(req),
          (ctx) => saveUnfinishedQuestionnaire(ctx, { ...req.params, ...req.body }, env),
          clock(),
        );
        await kickJobs(deps);
        return saveResult(db, req.params.studyId, outcome, req.auth?.user);
      },
    }),
    defineRoute({
      endpoint: questionnaireEndpoints.reviewData,
      permission: inStudy('QUESTIONNAIRE_VIEW', { site: enrollmentSite }),
      handler: async (req) => {
        return getReviewData(db, req.params, req.access);
      },
    }),
    defineRoute({
      endpoint: questionnaireEndpoints.completed,
      permission: inStudy('QUESTIONNAIRE_VIEW', { site: enrollmentSite }),
      handler: async (req) => {
        return listCompletedSets(db, req.params);
      },
    }),
    defineRoute({
      endpoint: questionnaireEndpoints.referenceRuleQuestionnaires,
      permission: inStudy('QUESTIONNAIRE_VIEW', { site: enrollmentSite }),
      handler: async (req) => {
        return listReferenceQuestionnaires(db, req.params);
      },
    }),
    defineRoute({
      endpoint: questionnaireEndpoints.showRuleResult,
      permission: inStudy('QUESTIONNAIRE_VIEW', { site: tokenRefSite('tokenStringOrId') }),
      handler: async (req) => {
        const { siteId: _siteId, ...result } = await getShowRuleResult(db, req.params);
        return result;
      },
    }),
    defineRoute({
      endpoint: questionnaireEndpoints.changeLog,
      permission: inStudy('QUESTIONNAIRE_VIEW', { site: questionnaireSite }),
      handler: async (req) => {
        const { entries } = await getChangeLog(db, { ...req.params, withVerification: false });
        return { entries };
      },
    }),
    defineRoute({
      endpoint: questionnaireEndpoints.monitorLog,
      permission: inStudy('VERIFICATION_STATUS_VIEW', { site: questionnaireSite }),
      handler: async (req) => {
        const { entries } = await getChangeLog(db, { ...req.params, withVerification: true });
        return { entries };
      },
    }),
    defineRoute({
      endpoint: questionnaireEndpoints.verifyAnswer,
      permission: inStudy('VERIFICATION_STATUS_UPDATE', {
        site: questionnaireSite,
        atSite: verificationPermission,
      }),
      handler: async (req) => {
        const { studyId, questionnaireId, answerId, verificationType } = req.params;
        await runUseCase(
          db,
          actorOf(req),
          (ctx) =>
            verifyAnswer(ctx, {
              studyId,
              questionnaireId,
              answerId,
              type: verificationType,
              verified: req.body.verified,
            }),
          clock(),
        );
        return presentOne(db, studyId, questionnaireId);
      },
    }),
    defineRoute({
      endpoint: questionnaireEndpoints.verifyForm,
      permission: inStudy('VERIFICATION_STATUS_UPDATE', {
        site: questionnaireSite,
        atSite: verificationPermission,
      }),
      handler: async (req) => {
        const { studyId, questionnaireId, verificationType } = req.params;
        await runUseCase(
          db,
          actorOf(req),
          (ctx) =>
            verifyQuestionnaire(ctx, {
              studyId,
              questionnaireId,
              type: verificationType,
              verified: req.body.verified,
            }),
          clock(),
        );
        return presentOne(db, studyId, questionnaireId);
      },
    }),
  ] as RouteDefinition<never>[];
}

async function presentOne(db: Db, studyId: string, questionnaireId: string) {
  const row = await findQuestionnaire(db, studyId, questionnaireId);
  const [view] = row ? await presentSets(db, studyId, [row]) : [];
  if (!view) throw new Error('The filled form disappeared.');
  return view;
}
