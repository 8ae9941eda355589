import { tokenEndpoints } from '@trialbase/domain';
import { actorOf } from '../../../platform/auth/guard';
import { defineRoute, inStudy, type RouteDefinition } from '../../../platform/http/define-route';
import type { ModuleDeps } from '../../../platform/http/module-deps';
import { siteParam } from '../../../platform/http/site-scope';
import { runUseCase } from '../../../platform/use-case';
import { enrollmentSite } from '../route-helpers';
import { tokenStaffRoutes } from './actions-routes';
import { presentToken } from './presenters';
import { kickJobs, rescheduledTokenSites, tokenSite } from './route-helpers';
import { scheduleEnvOf } from './service/send-link';
import { rescheduleTokens, resendToken, startAllForDataEvent, startDataEvent } from './service/staff';

// Staff answers never carry the link secret; GET .../tokens sends it to TOKEN_VIEW holders only.
const noSecret = { withSecret: false };

/**
 * Staff calls on tokens (spec 001 §7 Tokens): resend, reschedule, start one data event, start a
 * data event for every waiting subject of a site. Each acts in one transaction at the injected
 * clock's time and then lets the jobs deliver what it queued.
 */
export function tokenRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db, clock } = deps;
  const env = scheduleEnvOf(deps.config);
  return [
    defineRoute({
      endpoint: tokenEndpoints.resend,
      permission: inStudy('TOKEN_RESEND', { site: tokenSite }),
      handler: async (req) => {
        const result = await runUseCase(
          db,
          actorOf(req),
          (ctx) => resendToken(ctx, req.params, env),
          clock(),
        );
        await kickJobs(deps);
        return { ...result, token: presentToken(result.token, noSecret) };
      },
    }),
    defineRoute({
      endpoint: tokenEndpoints.reschedule,
      permission: inStudy('TOKEN_RESCHEDULE', { site: rescheduledTokenSites }),
      handler: async (req) => {
        const { studyId } = req.params;
        const rows = await runUseCase(
          db,
          actorOf(req),
          (ctx) => rescheduleTokens(ctx, { studyId, tokens: req.body.tokens }, env),
          clock(),
        );
        await kickJobs(deps);
        return rows.map((row) => presentToken(row, noSecret));
      },
    }),
    defineRoute({
      endpoint: tokenEndpoints.startAllForDataEvent,
      permission: inStudy('TOKEN_START', { site: siteParam('siteId') }),
      handler: async (req) => {
        const rows = await runUseCase(
          db,
          actorOf(req),
          (ctx) => startAllForDataEvent(ctx, req.params, env),
          clock(),
        );
        await kickJobs(deps);
        return { started: rows.length, tokens: rows.map((row) => presentToken(row, noSecret)) };
      },
    }),
    defineRoute({
      endpoint: tokenEndpoints.startDataEvent,
      permission: inStudy('TOKEN_START', { site: enrollmentSite }),
      handler: async (req) => {
        const row = await runUseCase(
          db,
          actorOf(req),
          (ctx) => startDataEvent(ctx, req.params, env),
          clock(),
        );
        await kickJobs(deps);
        return presentToken(row, noSecret);
      },
    }),
    ...tokenStaffRoutes(deps),
  ] as RouteDefinition<never>[];
}
