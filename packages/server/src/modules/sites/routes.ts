import {
  type AccessUser,
  BookingInputSchema,
  BookingListQuerySchema,
  BookingListSchema,
  BookingViewSchema,
  SiteBookingParamsSchema,
  SiteInputSchema,
  SiteListSchema,
  SiteOverviewSchema,
  SiteParamsSchema,
  SitesStudyParamsSchema,
  SiteViewSchema,
} from '@trialbase/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
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

const tags = ['sites'];

/** Sites and site bookings (spec 000 §2 sites-overview, site-overview, site-booking). */
export function siteRoutes({ db }: ModuleDeps): RouteDefinition<never>[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/api/studies/:studyId/sites',
      permission: inStudy('SITE_OVERVIEW'),
      schema: {
        tags,
        summary: 'Sites of a study the caller may see',
        params: SitesStudyParamsSchema,
        response: { 200: SiteListSchema },
      },
      handler: async (req) => listSitesForUser(db, { studyId: req.params.studyId, access: accessOf(req) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/studies/:studyId/sites',
      permission: inStudy('SITE_CREATE'),
      schema: {
        tags,
        summary: 'Create a site',
        params: SitesStudyParamsSchema,
        body: SiteInputSchema,
        response: { 201: SiteViewSchema },
      },
      handler: async (req, reply) => {
        const site = await runUseCase(db, actorOf(req), (ctx) =>
          createSite(ctx, { studyId: req.params.studyId, site: req.body, access: accessOf(req) }),
        );
        return reply.code(201).send(site);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/studies/:studyId/sites/:siteId',
      permission: inStudy('SITE_OVERVIEW', siteOf),
      schema: {
        tags,
        summary: 'Site overview: the site, its subjects and staff',
        params: SiteParamsSchema,
        response: { 200: SiteOverviewSchema },
      },
      handler: async (req) => getSiteOverview(db, { ...req.params, access: accessOf(req) }),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/studies/:studyId/sites/:siteId',
      permission: inStudy('SITE_EDIT', siteOf),
      schema: {
        tags,
        summary: 'Edit a site',
        params: SiteParamsSchema,
        body: SiteInputSchema,
        response: { 200: SiteViewSchema },
      },
      handler: async (req) =>
        runUseCase(db, actorOf(req), (ctx) =>
          updateSite(ctx, { ...req.params, site: req.body, access: accessOf(req) }),
        ),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/studies/:studyId/sites/:siteId',
      permission: inStudy('SITE_DELETE', siteOf),
      schema: {
        tags,
        summary: 'Delete a site without subjects',
        params: SiteParamsSchema,
        response: { 204: z.null() },
      },
      handler: async (req, reply) => {
        await runUseCase(db, actorOf(req), (ctx) => deleteSite(ctx, req.params));
        return reply.code(204).send(null);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/studies/:studyId/sites/:siteId/bookings',
      permission: inStudy('SITE_BOOKING_VIEW', siteOf),
      schema: {
        tags,
        summary: 'Bookings of a site, overlaps flagged',
        params: SiteParamsSchema,
        querystring: BookingListQuerySchema,
        response: { 200: BookingListSchema },
      },
      handler: async (req) => listSiteBookings(db, { ...req.params, ...req.query }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/studies/:studyId/sites/:siteId/bookings',
      permission: inStudy('SITE_BOOKING_CREATE', siteOf),
      schema: {
        tags,
        summary: 'Book a slot at a site',
        params: SiteParamsSchema,
        body: BookingInputSchema,
        response: { 201: BookingViewSchema },
      },
      handler: async (req, reply) => {
        const booking = await runUseCase(db, actorOf(req), (ctx) =>
          createBooking(ctx, { ...req.params, booking: req.body }),
        );
        return reply.code(201).send(booking);
      },
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/studies/:studyId/sites/:siteId/bookings/:bookingId',
      permission: inStudy('SITE_BOOKING_UPDATE', siteOf),
      schema: {
        tags,
        summary: 'Change a booking',
        params: SiteBookingParamsSchema,
        body: BookingInputSchema,
        response: { 200: BookingViewSchema },
      },
      handler: async (req) =>
        runUseCase(db, actorOf(req), (ctx) => updateBooking(ctx, { ...req.params, booking: req.body })),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/studies/:studyId/sites/:siteId/bookings/:bookingId',
      permission: inStudy('SITE_BOOKING_DELETE', siteOf),
      schema: {
        tags,
        summary: 'Cancel a booking',
        params: SiteBookingParamsSchema,
        response: { 204: z.null() },
      },
      handler: async (req, reply) => {
        await runUseCase(db, actorOf(req), (ctx) => deleteBooking(ctx, req.params));
        return reply.code(204).send(null);
      },
    }),
  ] as RouteDefinition<never>[];
}
