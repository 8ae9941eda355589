import { type AccessUser, siteEndpoints } from '@trialbase/domain';
import type { FastifyRequest } from 'fastify';
import { actorOf } from '../../platform/auth/guard';
import { forbidden } from '../../platform/errors';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { siteParam } from '../../platform/http/site-scope';
import { runUseCase } from '../../platform/use-case';
import { createBooking, deleteBooking, listSiteBookings, updateBooking } from './service/bookings';
import { createSite, deleteSite, getSiteOverview, listSitesForUser, updateSite } from './service/sites';

const siteOf = { site: siteParam('siteId') };

function accessOf(req: FastifyRequest): AccessUser {
  if (!req.access) throw forbidden();
  return req.access;
}

/** Sites and site bookings (spec 000 §2 sites-overview, site-overview, site-booking). */
export function siteRoutes({ db }: ModuleDeps): RouteDefinition<never>[] {
  return [
    defineRoute({
      endpoint: siteEndpoints.list,
      permission: inStudy('SITE_OVERVIEW'),
      handler: async (req) => listSitesForUser(db, { studyId: req.params.studyId, access: accessOf(req) }),
    }),
    defineRoute({
      endpoint: siteEndpoints.create,
      permission: inStudy('SITE_CREATE'),
      handler: async (req, reply) => {
        const site = await runUseCase(db, actorOf(req), (ctx) =>
          createSite(ctx, { studyId: req.params.studyId, site: req.body, access: accessOf(req) }),
        );
        return reply.code(201).send(site);
      },
    }),
    defineRoute({
      endpoint: siteEndpoints.overview,
      permission: inStudy('SITE_OVERVIEW', siteOf),
      handler: async (req) => getSiteOverview(db, { ...req.params, access: accessOf(req) }),
    }),
    defineRoute({
      endpoint: siteEndpoints.update,
      permission: inStudy('SITE_EDIT', siteOf),
      handler: async (req) =>
        runUseCase(db, actorOf(req), (ctx) =>
          updateSite(ctx, { ...req.params, site: req.body, access: accessOf(req) }),
        ),
    }),
    defineRoute({
      endpoint: siteEndpoints.delete,
      permission: inStudy('SITE_DELETE', siteOf),
      handler: async (req, reply) => {
        await runUseCase(db, actorOf(req), (ctx) => deleteSite(ctx, req.params));
        return reply.code(204).send(null);
      },
    }),
    defineRoute({
      endpoint: siteEndpoints.bookings,
      permission: inStudy('SITE_BOOKING_VIEW', siteOf),
      handler: async (req) => listSiteBookings(db, { ...req.params, ...req.query }),
    }),
    defineRoute({
      endpoint: siteEndpoints.createBooking,
      permission: inStudy('SITE_BOOKING_CREATE', siteOf),
      handler: async (req, reply) => {
        const booking = await runUseCase(db, actorOf(req), (ctx) =>
          createBooking(ctx, { ...req.params, booking: req.body }),
        );
        return reply.code(201).send(booking);
      },
    }),
    defineRoute({
      endpoint: siteEndpoints.updateBooking,
      permission: inStudy('SITE_BOOKING_UPDATE', siteOf),
      handler: async (req) =>
        runUseCase(db, actorOf(req), (ctx) => updateBooking(ctx, { ...req.params, booking: req.body })),
    }),
    defineRoute({
      endpoint: siteEndpoints.deleteBooking,
      permission: inStudy('SITE_BOOKING_DELETE', siteOf),
      handler: async (req, reply) => {
        await runUseCase(db, actorOf(req), (ctx) => deleteBooking(ctx, req.params));
        return reply.code(204).send(null);
      },
    }),
  ] as RouteDefinition<never>[];
}
