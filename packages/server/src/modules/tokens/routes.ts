import {
  EnrollmentTokenParamsSchema,
  RescheduleBodySchema,
  ResendResultSchema,
  StartAllParamsSchema,
  StartAllResultSchema,
  TokenParamsSchema,
  TokenViewListSchema,
  TokenViewSchema,
} from '@trialbase/domain';
import { actorOf } from '../../platform/auth/guard';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { siteParam } from '../../platform/http/site-scope';
import { runUseCase } from '../../platform/use-case';
import { enrollmentSite } from '../enrollments/route-helpers';
import { presentToken } from './presenters';
import { kickJobs, rescheduledTokenSites, tokenSite } from './route-helpers';
import { scheduleEnvOf } from './service/send-link';
import { rescheduleTokens, resendToken, startAllForDataEvent, startDataEvent } from './service/staff';
import { tokenStaffRoutes } from './staff-routes';

const tags = ['tokens'];
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
      method: 'POST',
      url: '/api/studies/:studyId/tokens/:tokenId/resend',
      permission: inStudy('TOKEN_RESEND', { site: tokenSite }),
      schema: {
        tags,
        summary: 'Send the link of an open token again, by its data event channels',
        params: TokenParamsSchema,
        response: { 200: ResendResultSchema },
      },
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
      method: 'POST',
      url: '/api/studies/:studyId/tokens/reschedule',
      permission: inStudy('TOKEN_RESCHEDULE', { site: rescheduledTokenSites }),
      schema: {
        tags,
        summary: 'New activation times for tokens that are not active yet',
        params: TokenParamsSchema.pick({ studyId: true }),
        body: RescheduleBodySchema,
        response: { 200: TokenViewListSchema },
      },
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
      method: 'POST',
      url: '/api/studies/:studyId/token/dataEvents/:dataEventId/sites/:siteId/startAllForDataEvent',
      permission: inStudy('TOKEN_START', { site: siteParam('siteId') }),
      schema: {
        tags,
        summary: 'Start a manual or on-request data event for every waiting subject of a site',
        params: StartAllParamsSchema,
        response: { 200: StartAllResultSchema },
      },
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
      method: 'POST',
      url: '/api/studies/:studyId/enrollments/:enrollmentId/tokens/:tokenId/startDataEvent',
      permission: inStudy('TOKEN_START', { site: enrollmentSite }),
      schema: {
        tags,
        summary: 'Start one manual or on-request data event of an enrollment',
        params: EnrollmentTokenParamsSchema,
        response: { 200: TokenViewSchema },
      },
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
