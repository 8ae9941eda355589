import { enrollmentEndpoints, hasPermission } from '@trialbase/domain';
import { actorOf } from '../../platform/auth/guard';
import { kickUpkeep } from '../../platform/db/upkeep';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { registerRemovableTypes } from '../../platform/soft-delete/registry';
import { runUseCase } from '../../platform/use-case';
import { enrollmentStaffRoutes } from './actions-routes';
import { presentEnrollment } from './presenters';
import { enrollmentReadRoutes } from './read-routes';
import { ENROLLMENT_REMOVABLE_TYPES } from './removable-types';
import { enrollmentSite, enrolmentSites, siteOfEnrollment } from './route-helpers';
import { enrollSubject } from './service/enroll-subject';
import { listEnrollmentTokens } from './tokens/api';
import { presentToken } from './tokens/presenters';
import { kickJobs } from './tokens/route-helpers';
import { scheduleEnvOf } from './tokens/service/send-link';

/** Routes of the enrollments area (spec 001 §7 Subjects and enrollments). */
export function enrollmentRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  registerRemovableTypes(ENROLLMENT_REMOVABLE_TYPES);
  const { db, clock } = deps;
  const env = scheduleEnvOf(deps.config);
  return [
    defineRoute({
      endpoint: enrollmentEndpoints.enrol,
      permission: inStudy('PATHWAY_RECORD_CREATE', { site: enrolmentSites }),
      handler: async (req, reply) => {
        const { studyId } = req.params;
        const items = Array.isArray(req.body) ? req.body : [req.body];
        const created = await runUseCase(
          db,
          actorOf(req),
          async (ctx) => {
            const out = [];
            for (const item of items) {
              const { enrollment } = await enrollSubject(ctx, { studyId, ...item }, env);
              out.push({ enrollment, tokens: await listEnrollmentTokens(ctx.tx, studyId, enrollment.id) });
            }
            return out;
          },
          clock(),
        );
        await kickJobs(deps);
        kickUpkeep(deps.jobs(), created.length);
        return reply.code(201).send(created.map((c) => presentEnrollment(c.enrollment, c.tokens, false)));
      },
    }),
    defineRoute({
      endpoint: enrollmentEndpoints.tokens,
      permission: inStudy('TOKEN_LIST', { site: enrollmentSite }),
      handler: async (req) => {
        const { studyId, enrollmentId } = req.params;
        const siteId = await siteOfEnrollment(db, studyId, enrollmentId);
        const withSecret = req.access ? hasPermission(req.access, 'TOKEN_VIEW', { studyId, siteId }) : false;
        const rows = await listEnrollmentTokens(db, studyId, enrollmentId);
        return rows.map((row) => presentToken(row, { withSecret }));
      },
    }),
    ...enrollmentReadRoutes(deps),
    ...enrollmentStaffRoutes(deps),
  ] as RouteDefinition<never>[];
}
