import { BREAK_BLIND_MEANING, RANDOMIZATION_MEANING, randomizationEndpoints } from '@trialbase/domain';
import { checkExtendedValidation, type Signature } from '../../platform/auth/extended-validation';
import { actorOf } from '../../platform/auth/guard';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { runUseCase } from '../../platform/use-case';
import { enrollmentSite } from '../enrollments/route-helpers';
import { findToken } from '../enrollments/tokens/api';
import { kickJobs } from '../enrollments/tokens/route-helpers';
import { scheduleEnvOf } from '../enrollments/tokens/service/send-link';
import { presentAllocation } from './presenters';
import { startRandomization } from './service/allocate';
import { breakBlind, getEnrollmentRandomization, seesGroup } from './service/blind';
import { getRandomization, saveRandomization } from './service/configure';
import { balanceOf, exportAllocationList, simulate } from './service/reports';
import { uploadAllocationList } from './service/upload';

/** Spec 000 §6 / 001 §6: randomizing and breaking the blind always ask for the password. */
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

/**
 * Routes of randomization (issue 22, /work/notes/randomization-api.md): spec 001 §7
 * startRandomizationDataEvent and breakBlind; ours on the process: configuration, list upload and
 * export, balance and simulator; one enrollment's allocation as the caller may see it.
 */
export function randomizationRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db, clock } = deps;
  const env = scheduleEnvOf(deps.config);
  return [
    defineRoute({
      endpoint: randomizationEndpoints.get,
      permission: inStudy('PATHWAY_VIEW'),
      handler: async (req) => getRandomization(db, req.params),
    }),
    defineRoute({
      endpoint: randomizationEndpoints.save,
      permission: inStudy('PATHWAY_UPDATE'),
      handler: async (req) =>
        runUseCase(
          db,
          actorOf(req),
          (ctx) => saveRandomization(ctx, { ...req.params, body: req.body }),
          clock(),
        ),
    }),
    defineRoute({
      endpoint: randomizationEndpoints.uploadList,
      permission: inStudy('RANDOMIZATION_LIST_EXPORT'),
      bodyLimit: 4 * 1024 * 1024,
      handler: async (req) =>
        runUseCase(
          db,
          actorOf(req),
          (ctx) => uploadAllocationList(ctx, { ...req.params, csv: req.body.csv }),
          clock(),
        ),
    }),
    defineRoute({
      endpoint: randomizationEndpoints.exportList,
      permission: inStudy('RANDOMIZATION_LIST_EXPORT'),
      handler: async (req, reply) => {
        const file = await runUseCase(
          db,
          actorOf(req),
          (ctx) => exportAllocationList(ctx, req.params),
          clock(),
        );
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .send(file.csv);
      },
    }),
    defineRoute({
      endpoint: randomizationEndpoints.balance,
      permission: inStudy('TRIAL_GROUP_VIEW'),
      handler: async (req) => {
        if (!req.access) throw forbidden();
        return balanceOf(db, { ...req.params, access: req.access });
      },
    }),
    defineRoute({
      endpoint: randomizationEndpoints.simulate,
      permission: inStudy('PATHWAY_VIEW'),
      handler: async (req) => simulate(db, { ...req.params, body: req.body }),
    }),
    defineRoute({
      endpoint: randomizationEndpoints.startRandomizationDataEvent,
      permission: inStudy('TOKEN_START', { site: enrollmentSite }),
      handler: async (req) => {
        const now = clock();
        // An unknown token is not found before the password is asked: no signing attempt is counted.
        const token = await findToken(db, req.params.studyId, req.params.tokenId);
        if (token?.enrollmentId !== req.params.enrollmentId) throw notFound('The token');
        const signature = await signAlways(db, req, RANDOMIZATION_MEANING, now);
        const { row, config } = await runUseCase(
          db,
          actorOf(req),
          (ctx) => startRandomization(ctx, { ...req.params, signature }, env),
          now,
        );
        await kickJobs(deps);
        return presentAllocation(
          row,
          config,
          seesGroup({ access: req.access, userId: req.auth?.user.id ?? null }, row, []),
        );
      },
    }),
    defineRoute({
      endpoint: randomizationEndpoints.ofEnrollment,
      permission: inStudy('PATHWAY_RECORD_VIEW', { site: enrollmentSite }),
      handler: async (req) =>
        getEnrollmentRandomization(db, {
          ...req.params,
          access: req.access,
          userId: req.auth?.user.id ?? null,
        }),
    }),
    defineRoute({
      endpoint: randomizationEndpoints.breakBlind,
      permission: inStudy('BREAK_BLIND', { site: enrollmentSite }),
      handler: async (req) => {
        const now = clock();
        const signature = await signAlways(db, req, BREAK_BLIND_MEANING, now);
        const result = await runUseCase(
          db,
          actorOf(req),
          (ctx) => breakBlind(ctx, { ...req.params, reason: req.body.reason, signature }),
          now,
        );
        await kickJobs(deps);
        return result;
      },
    }),
  ] as RouteDefinition<never>[];
}
