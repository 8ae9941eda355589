import {
  AnswerSetViewListSchema,
  AnswerSetViewSchema,
  AnswerVerificationParamsSchema,
  ChangeLogSchema,
  CompletedQuestionnairesParamsSchema,
  QuestionnaireFillSchema,
  QuestionnaireReviewDataSchema,
  QuestionnaireSaveResultSchema,
  QuestionnaireVerificationParamsSchema,
  ReferenceQuestionnaireListSchema,
  ReferenceRuleQuestionnairesParamsSchema,
  SaveUnfinishedQuestionnaireSchema,
  ShowRuleResultParamsSchema,
  ShowRuleResultSchema,
  StudyQuestionnaireParamsSchema,
  SubmitQuestionnaireSchema,
  TokenQuestionnaireParamsSchema,
  TokenQuestionnairesParamsSchema,
  UpdateQuestionnaireSchema,
  VerificationBodySchema,
} from '@trialbase/domain';
import { actorOf } from '../../platform/auth/guard';
import type { Db } from '../../platform/db/client';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { runUseCase } from '../../platform/use-case';
import { enrollmentSite } from '../enrollments/route-helpers';
import { kickJobs, tokenRefSite } from '../tokens/route-helpers';
import { scheduleEnvOf } from '../tokens/service/send-link';
import { findQuestionnaire } from './repo';
import {
  BASE,
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

const tags = ['filled forms'];

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
      method: 'GET',
      url: `${BASE}/questionnaires`,
      permission: inStudy('QUESTIONNAIRE_VIEW', { site: enrollmentSite }),
      schema: {
        tags,
        summary: 'The forms of a token at their tagged versions, with their answer sets',
        params: TokenQuestionnairesParamsSchema,
        response: { 200: QuestionnaireFillSchema },
      },
      handler: async (req) => {
        const { sets: _sets, ...payload } = await getFillPayload(db, req.params, req.access);
        return payload;
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/questionnaires`,
      permission: inStudy('QUESTIONNAIRE_CREATE', { site: enrollmentSite }),
      schema: {
        tags,
        summary: 'Save one form of a token as staff; isFinal completes it',
        params: TokenQuestionnairesParamsSchema,
        body: SubmitQuestionnaireSchema,
        response: { 200: QuestionnaireSaveResultSchema },
      },
      handler: async (req) => handleSubmit(deps, req, 'SCHEDULED'),
    }),
    defineRoute({
      method: 'PUT',
      url: `${BASE}/questionnaires/:questionnaireId`,
      permission: inStudy('QUESTIONNAIRE_UPDATE', { site: enrollmentSite }),
      schema: {
        tags,
        summary: 'Update a submitted form with a reason (Extended-Validation when the study asks for it)',
        params: TokenQuestionnaireParamsSchema,
        body: UpdateQuestionnaireSchema,
        response: { 200: QuestionnaireSaveResultSchema },
      },
      handler: async (req) => handleUpdate(deps, req, 'SCHEDULED'),
    }),
    defineRoute({
      method: 'PUT',
      url: `${BASE}/questionnaires/:questionnaireId/unfinished`,
      permission: inStudy('QUESTIONNAIRE_CREATE', { site: enrollmentSite }),
      schema: {
        tags,
        summary: 'Save a draft of a form that is not submitted yet',
        params: TokenQuestionnaireParamsSchema,
        body: SaveUnfinishedQuestionnaireSchema,
        response: { 200: QuestionnaireSaveResultSchema },
      },
      handler: async (req) => {
        const outcome = await runUseCase(
          db,
          actorOf(req),
          (ctx) => saveUnfinishedQuestionnaire(ctx, { ...req.params, ...req.body }, env),
          clock(),
        );
        await kickJobs(deps);
        return saveResult(db, req.params.studyId, outcome);
      },
    }),
    defineRoute({
      method: 'GET',
      url: `${BASE}/questionnaireReviewData`,
      permission: inStudy('QUESTIONNAIRE_VIEW', { site: enrollmentSite }),
      schema: {
        tags,
        summary: 'Review data of a token: forms, answer sets and their queries',
        params: TokenQuestionnairesParamsSchema,
        response: { 200: QuestionnaireReviewDataSchema },
      },
      handler: async (req) => {
        return getReviewData(db, req.params, req.access);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/studies/:studyId/enrollments/:enrollmentId/dataEvents/:dataEventId/tokens/:tokenId/questionnaires/completed',
      permission: inStudy('QUESTIONNAIRE_VIEW', { site: enrollmentSite }),
      schema: {
        tags,
        summary: 'The submitted answer sets of a token',
        params: CompletedQuestionnairesParamsSchema,
        response: { 200: AnswerSetViewListSchema },
      },
      handler: async (req) => {
        return listCompletedSets(db, req.params);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/studies/:studyId/enrollment/:enrollmentId/referenceRuleQuestionnaires',
      permission: inStudy('QUESTIONNAIRE_VIEW', { site: enrollmentSite }),
      schema: {
        tags,
        summary: "The enrollment's answer sets that validation rules of other forms refer to",
        params: ReferenceRuleQuestionnairesParamsSchema,
        response: { 200: ReferenceQuestionnaireListSchema },
      },
      handler: async (req) => {
        return listReferenceQuestionnaires(db, req.params);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/studies/:studyId/tokens/:tokenStringOrId/referenceShowRules/constructShowRuleResultForSubjectBasedCriteria',
      permission: inStudy('QUESTIONNAIRE_VIEW', { site: tokenRefSite('tokenStringOrId') }),
      schema: {
        tags,
        summary: "What show rules hide in a token's forms, given the saved answers",
        params: ShowRuleResultParamsSchema,
        response: { 200: ShowRuleResultSchema },
      },
      handler: async (req) => {
        const { siteId: _siteId, ...result } = await getShowRuleResult(db, req.params);
        return result;
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/studies/:studyId/token/questionnaires/:questionnaireId/audit',
      permission: inStudy('QUESTIONNAIRE_VIEW', { site: questionnaireSite }),
      schema: {
        tags,
        summary: 'Change log of a filled form: the latest 100 changes with old and new values and reasons',
        params: StudyQuestionnaireParamsSchema,
        response: { 200: ChangeLogSchema },
      },
      handler: async (req) => {
        const { entries } = await getChangeLog(db, { ...req.params, withVerification: false });
        return { entries };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/studies/:studyId/token/questionnaires/:questionnaireId/monitor',
      permission: inStudy('VERIFICATION_STATUS_VIEW', { site: questionnaireSite }),
      schema: {
        tags,
        summary: "The monitor's change log: changes plus verification events",
        params: StudyQuestionnaireParamsSchema,
        response: { 200: ChangeLogSchema },
      },
      handler: async (req) => {
        const { entries } = await getChangeLog(db, { ...req.params, withVerification: true });
        return { entries };
      },
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/studies/:studyId/questionnaires/:questionnaireId/answers/:answerId/verification/:verificationType',
      permission: inStudy('VERIFICATION_STATUS_UPDATE', {
        site: questionnaireSite,
        atSite: verificationPermission,
      }),
      schema: {
        tags,
        summary: 'Set or clear the primary or secondary verification of one answer',
        params: AnswerVerificationParamsSchema,
        body: VerificationBodySchema,
        response: { 200: AnswerSetViewSchema },
      },
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
      method: 'PUT',
      url: '/api/studies/:studyId/questionnaires/:questionnaireId/verification/:verificationType',
      permission: inStudy('VERIFICATION_STATUS_UPDATE', {
        site: questionnaireSite,
        atSite: verificationPermission,
      }),
      schema: {
        tags,
        summary: 'Set or clear the primary or secondary verification of a whole form',
        params: QuestionnaireVerificationParamsSchema,
        body: VerificationBodySchema,
        response: { 200: AnswerSetViewSchema },
      },
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
