import { enrollmentEndpoints, type TokenStatus, type TokenType } from '@trialbase/domain';
import { checkExtendedValidation, type Signature } from '../../platform/auth/extended-validation';
import { actorOf } from '../../platform/auth/guard';
import { AppError } from '../../platform/errors';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { runUseCase } from '../../platform/use-case';
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
import { listEnrollmentTokens, type TokenRow } from './tokens/api';
import { tokenDetailsOf } from './tokens/details';
import { presentToken } from './tokens/presenters';
import { kickJobs } from './tokens/route-helpers';
import { scheduleEnvOf } from './tokens/service/send-link';

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
      endpoint: enrollmentEndpoints.setStatus,
      permission: inStudy('PATHWAY_RECORD_DEACTIVATE', { site: enrollmentSite }),
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
      endpoint: enrollmentEndpoints.deactivate,
      permission: inStudy('PATHWAY_RECORD_DEACTIVATE', { site: enrollmentSite }),
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
      endpoint: enrollmentEndpoints.signOff,
      permission: inStudy('STUDY_SIGN_OFF', { site: enrollmentSite }),
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
      endpoint: enrollmentEndpoints.recordUnexpected,
      permission: inStudy('PATHWAY_RECORD_UNEXPECTED', { site: enrollmentSite }),
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
      endpoint: enrollmentEndpoints.listUnexpected,
      permission: inStudy('PATHWAY_RECORD_VIEW', { site: enrollmentSite }),
      handler: async (req) => {
        const { studyId, enrollmentId } = req.params;
        return unscheduledTokensOf(await listEnrollmentTokens(db, studyId, enrollmentId)).map(
          presentUnscheduled,
        );
      },
    }),
    defineRoute({
      endpoint: enrollmentEndpoints.addOccurrence,
      permission: inStudy('TOKEN_START', { site: enrollmentSite }),
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
