import {
  DeactivateEnrollmentBodySchema,
  EnrollmentDetailSchema,
  EnrollmentParamsSchema,
  EnrollmentStatusBodySchema,
  RepeatDataEventParamsSchema,
  SignOffEnrollmentBodySchema,
  type TokenStatus,
  type TokenType,
  TokenViewSchema,
  UnscheduledEventBodySchema,
  UnscheduledEventListSchema,
  UnscheduledEventSchema,
} from '@trialbase/domain';
import { checkExtendedValidation, type Signature } from '../../platform/auth/extended-validation';
import { actorOf } from '../../platform/auth/guard';
import { AppError } from '../../platform/errors';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { runUseCase } from '../../platform/use-case';
import { tokenDetailsOf } from '../tokens/details';
import { presentToken } from '../tokens/presenters';
import { listEnrollmentTokens, type TokenRow } from '../tokens/api';
import { kickJobs } from '../tokens/route-helpers';
import { scheduleEnvOf } from '../tokens/service/send-link';
import { enrollmentSite } from './route-helpers';
import {
  changeEnrollmentStatus,
  DEACTIVATE_MEANING,
  deactivateEnrollment,
  SIGN_OFF_MEANING,
  signOffEnrollment,
} from './service/change-status';
import { loadEnrollmentDetail } from './service/read-enrollments';
import {
  recordUnscheduledEvent,
  repeatDataEvent,
  UNSCHEDULED_TYPE_OF_TOKEN,
  unscheduledTokensOf,
} from './service/unscheduled-events';

const tags = ['enrollments'];

/** Spec 000 §6 / 001 §6: deactivation and sign-off always ask for the password, whatever the study setting. */
async function signAlways(
  db: ModuleDeps['db'],
  req: Parameters<typeof checkExtendedValidation>[1],
  meaning: string,
  now: Date,
): Promise<Signature> {
  const signature = await checkExtendedValidation(db, req, { required: true, meaning, now });
  if (!signature) throw new AppError('INTERNAL', 'A required signature was not made.');
  return signature;
}

function presentUnscheduled(row: TokenRow) {
  return {
    tokenId: row.id,
    dataEventId: row.dataEventId,
    type: UNSCHEDULED_TYPE_OF_TOKEN[row.type as TokenType] ?? 'TYPE_UNEXPECTED',
    status: row.status as TokenStatus,
    recordedAt: (row.activatedAt ?? row.createdAt).toISOString(),
    recordedBy: tokenDetailsOf(row).recordedBy ?? null,
  };
}

/**
 * Staff changes to enrollments (spec 001 §4, §6, §7): status, deactivation and sign-off (both
 * signed with the Extended-Validation password, always), unscheduled and repeated events.
 */
export function enrollmentStaffRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db, clock } = deps;
  const env = scheduleEnvOf(deps.config);
  return [
    defineRoute({
      method: 'PUT',
      url: '/api/studies/:studyId/enrollments/:enrollmentId/status',
      permission: inStudy('PATHWAY_RECORD_DEACTIVATE', { site: enrollmentSite }),
      schema: {
        tags,
        summary: 'Set the status through the enrollment state machine, with a reason',
        params: EnrollmentParamsSchema,
        body: EnrollmentStatusBodySchema,
        response: { 200: EnrollmentDetailSchema },
      },
      handler: async (req) => {
        const { studyId, enrollmentId } = req.params;
        const row = await runUseCase(
          db,
          actorOf(req),
          (ctx) => changeEnrollmentStatus(ctx, { studyId, enrollmentId, ...req.body }, env),
          clock(),
        );
        await kickJobs(deps);
        return loadEnrollmentDetail(db, row);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/studies/:studyId/enrollments/:enrollmentId/deactivate',
      permission: inStudy('PATHWAY_RECORD_DEACTIVATE', { site: enrollmentSite }),
      schema: {
        tags,
        summary:
          'Deactivate (cancel) the enrollment and switch its open links off; Extended-Validation header',
        params: EnrollmentParamsSchema,
        body: DeactivateEnrollmentBodySchema,
        response: { 200: EnrollmentDetailSchema },
      },
      handler: async (req) => {
        const { studyId, enrollmentId } = req.params;
        const now = clock();
        const signature = await signAlways(db, req, DEACTIVATE_MEANING, now);
        const row = await runUseCase(
          db,
          actorOf(req),
          (ctx) => deactivateEnrollment(ctx, { studyId, enrollmentId, reason: req.body.reason, signature }),
          now,
        );
        return loadEnrollmentDetail(db, row);
      },
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/studies/:studyId/enrollments/:enrollmentId/signOff',
      permission: inStudy('STUDY_SIGN_OFF', { site: enrollmentSite }),
      schema: {
        tags,
        summary: 'Sign off the casebook of an ended enrollment; Extended-Validation header',
        params: EnrollmentParamsSchema,
        body: SignOffEnrollmentBodySchema,
        response: { 200: EnrollmentDetailSchema },
      },
      handler: async (req) => {
        const { studyId, enrollmentId } = req.params;
        const now = clock();
        const signature = await signAlways(db, req, SIGN_OFF_MEANING, now);
        const row = await runUseCase(
          db,
          actorOf(req),
          (ctx) =>
            signOffEnrollment(ctx, { studyId, enrollmentId, reason: req.body.reason ?? null, signature }),
          now,
        );
        return loadEnrollmentDetail(db, row);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/studies/:studyId/enrollments/:enrollmentId/unexpected',
      permission: inStudy('PATHWAY_RECORD_UNEXPECTED', { site: enrollmentSite }),
      schema: {
        tags,
        summary: 'Record an unscheduled (unexpected, discontinued or external) event: a token active at once',
        params: EnrollmentParamsSchema,
        body: UnscheduledEventBodySchema,
        response: { 201: UnscheduledEventSchema },
      },
      handler: async (req, reply) => {
        const { studyId, enrollmentId } = req.params;
        const row = await runUseCase(
          db,
          actorOf(req),
          (ctx) => recordUnscheduledEvent(ctx, { studyId, enrollmentId, body: req.body }),
          clock(),
        );
        return reply.code(201).send(presentUnscheduled(row));
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/studies/:studyId/enrollments/:enrollmentId/unexpected',
      permission: inStudy('PATHWAY_RECORD_VIEW', { site: enrollmentSite }),
      schema: {
        tags,
        summary: 'The unscheduled events recorded in the enrollment, oldest first',
        params: EnrollmentParamsSchema,
        response: { 200: UnscheduledEventListSchema },
      },
      handler: async (req) => {
        const { studyId, enrollmentId } = req.params;
        return unscheduledTokensOf(await listEnrollmentTokens(db, studyId, enrollmentId)).map(
          presentUnscheduled,
        );
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/studies/:studyId/enrollments/:enrollmentId/dataEvents/:dataEventId/multiple',
      permission: inStudy('TOKEN_START', { site: enrollmentSite }),
      schema: {
        tags,
        summary: 'A further occurrence of a form event already reached: a new token, active at once',
        params: RepeatDataEventParamsSchema,
        response: { 201: TokenViewSchema },
      },
      handler: async (req, reply) => {
        const row = await runUseCase(
          db,
          actorOf(req),
          (ctx) => repeatDataEvent(ctx, req.params, env),
          clock(),
        );
        await kickJobs(deps);
        return reply.code(201).send(presentToken(row, { withSecret: false }));
      },
    }),
  ] as RouteDefinition<never>[];
}
