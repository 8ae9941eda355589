import { hasPermission, tokenEndpoints } from '@trialbase/domain';
import { checkExtendedValidation } from '../../../platform/auth/extended-validation';
import { actorOf } from '../../../platform/auth/guard';
import { notFound } from '../../../platform/errors';
import { defineRoute, inStudy, type RouteDefinition } from '../../../platform/http/define-route';
import type { ModuleDeps } from '../../../platform/http/module-deps';
import { runUseCase } from '../../../platform/use-case';
import { findStudyExtendedValidation } from '../repo';
import { enrollmentSite } from '../route-helpers';
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
      endpoint: locked ? tokenEndpoints.lock : tokenEndpoints.unlock,
      // Spec 000 §6 gives "activation lock / unlock" to ADMIN: the lock of a data event's link.
      permission: inStudy(locked ? 'STUDY_ACTIVATION_LOCK' : 'STUDY_ACTIVATION_UNLOCK', {
        site: enrollmentSite,
      }),
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
      endpoint: tokenEndpoints.get,
      permission: inStudy('TOKEN_LIST', { site: tokenRefSite('token') }),
      handler: async (req) => {
        const { studyId } = req.params;
        const { token, enrollment } = await findTokenWithEnrollment(db, studyId, req.params.token);
        const scope = { studyId, siteId: enrollment.siteId };
        const withSecret = req.access ? hasPermission(req.access, 'TOKEN_VIEW', scope) : false;
        return loadTokenDetail(db, token, enrollment, withSecret);
      },
    }),
    defineRoute({
      endpoint: tokenEndpoints.extendedValidation,
      permission: inStudy('TOKEN_LIST', { site: tokenRefSite('token') }),
      handler: async (req) => {
        return { required: await studyAsksExtendedValidation(db, req.params.studyId) };
      },
    }),
    lockRoute(true),
    lockRoute(false),
    defineRoute({
      endpoint: tokenEndpoints.setStatus,
      permission: inStudy('TOKEN_RESCHEDULE', { site: enrollmentSite }),
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
      endpoint: tokenEndpoints.back,
      // Stepping back is part of filling the forms in order.
      permission: inStudy('QUESTIONNAIRE_CREATE', { site: tokenRefSite('token') }),
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
