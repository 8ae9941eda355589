import {
  EnrollmentTokenParamsSchema,
  FormPositionSchema,
  hasPermission,
  TokenDetailSchema,
  TokenExtendedValidationSchema,
  TokenLockBodySchema,
  TokenRefParamsSchema,
  TokenStatusBodySchema,
  TokenViewSchema,
} from '@trialbase/domain';
import { checkExtendedValidation } from '../../platform/auth/extended-validation';
import { actorOf } from '../../platform/auth/guard';
import { notFound } from '../../platform/errors';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { runUseCase } from '../../platform/use-case';
import { findStudyExtendedValidation } from '../enrollments/api';
import { enrollmentSite } from '../enrollments/route-helpers';
import { presentToken } from './presenters';
import { kickJobs, tokenRefSite } from './route-helpers';
import { scheduleEnvOf } from './service/send-link';
import {
  changeTokenStatus,
  findTokenWithEnrollment,
  loadTokenDetail,
  setTokenLock,
  stepTokenBack,
  TOKEN_LOCK_MEANING,
  TOKEN_UNLOCK_MEANING,
} from './service/token-actions';

const tags = ['tokens'];

async function studyAsksExtendedValidation(db: ModuleDeps['db'], studyId: string): Promise<boolean> {
  const flag = await findStudyExtendedValidation(db, studyId);
  if (flag === null) throw notFound('The study');
  return flag;
}

/**
 * Staff calls on one token (spec 001 §7 Tokens (staff)): the token view, whether it needs the
 * password header, lock and unlock (Extended-Validation when the study enables it), status, back.
 */
export function tokenStaffRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db, clock } = deps;
  const env = scheduleEnvOf(deps.config);

  const lockRoute = (locked: boolean) =>
    defineRoute({
      method: 'PUT',
      url: `/api/studies/:studyId/enrollments/:enrollmentId/tokens/:tokenId/${locked ? 'lock' : 'unlock'}`,
      // Spec 000 §6 gives "activation lock / unlock" to ADMIN: the lock of a data event's link.
      permission: inStudy(locked ? 'STUDY_ACTIVATION_LOCK' : 'STUDY_ACTIVATION_UNLOCK', {
        site: enrollmentSite,
      }),
      schema: {
        tags,
        summary: locked
          ? 'Lock a token: it takes no answers until unlocked; Extended-Validation when the study enables it'
          : 'Unlock a token; Extended-Validation when the study enables it',
        params: EnrollmentTokenParamsSchema,
        body: TokenLockBodySchema,
        response: { 200: TokenViewSchema },
      },
      handler: async (req) => {
        const { studyId, enrollmentId, tokenId } = req.params;
        const now = clock();
        const signature = await checkExtendedValidation(db, req, {
          required: await studyAsksExtendedValidation(db, studyId),
          meaning: locked ? TOKEN_LOCK_MEANING : TOKEN_UNLOCK_MEANING,
          now,
        });
        const row = await runUseCase(
          db,
          actorOf(req),
          (ctx) =>
            setTokenLock(ctx, {
              studyId,
              enrollmentId,
              tokenId,
              locked,
              reason: req.body.reason ?? null,
              signature,
            }),
          now,
        );
        return presentToken(row, { withSecret: false });
      },
    });

  return [
    defineRoute({
      method: 'GET',
      url: '/api/studies/:studyId/token/:token',
      permission: inStudy('TOKEN_LIST', { site: tokenRefSite('token') }),
      schema: {
        tags,
        summary: 'One token (by id or link) with its data event; the link secret only with TOKEN_VIEW',
        params: TokenRefParamsSchema,
        response: { 200: TokenDetailSchema },
      },
      handler: async (req) => {
        const { studyId } = req.params;
        const { token, enrollment } = await findTokenWithEnrollment(db, studyId, req.params.token);
        const scope = { studyId, siteId: enrollment.siteId };
        const withSecret = req.access ? hasPermission(req.access, 'TOKEN_VIEW', scope) : false;
        return loadTokenDetail(db, token, enrollment, withSecret);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/studies/:studyId/token/:token/extendedValidation',
      permission: inStudy('TOKEN_LIST', { site: tokenRefSite('token') }),
      schema: {
        tags,
        summary: "Whether acting on this token needs the password header (the study's extended validation)",
        params: TokenRefParamsSchema,
        response: { 200: TokenExtendedValidationSchema },
      },
      handler: async (req) => {
        return { required: await studyAsksExtendedValidation(db, req.params.studyId) };
      },
    }),
    lockRoute(true),
    lockRoute(false),
    defineRoute({
      method: 'PUT',
      url: '/api/studies/:studyId/enrollments/:enrollmentId/tokens/:tokenId/status',
      permission: inStudy('TOKEN_RESCHEDULE', { site: enrollmentSite }),
      schema: {
        tags,
        summary:
          'Set a token status through the token state machine (reactivate, disable, reopen), with a reason',
        params: EnrollmentTokenParamsSchema,
        body: TokenStatusBodySchema,
        response: { 200: TokenViewSchema },
      },
      handler: async (req) => {
        const { studyId, enrollmentId, tokenId } = req.params;
        const row = await runUseCase(
          db,
          actorOf(req),
          (ctx) => changeTokenStatus(ctx, { studyId, enrollmentId, tokenId, body: req.body }, env),
          clock(),
        );
        await kickJobs(deps);
        return presentToken(row, { withSecret: false });
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/studies/:studyId/token/:token/back',
      // Stepping back is part of filling the forms in order.
      permission: inStudy('QUESTIONNAIRE_CREATE', { site: tokenRefSite('token') }),
      schema: {
        tags,
        summary: 'Go back one form in a forced form order; the saved answers stay',
        params: TokenRefParamsSchema,
        response: { 200: FormPositionSchema },
      },
      handler: async (req) => {
        const { studyId } = req.params;
        const { token } = await findTokenWithEnrollment(db, studyId, req.params.token);
        return runUseCase(
          db,
          actorOf(req),
          (ctx) => stepTokenBack(ctx, { studyId, tokenId: token.id }),
          clock(),
        );
      },
    }),
  ] as RouteDefinition<never>[];
}
