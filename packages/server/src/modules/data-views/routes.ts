/**
 * Data views and reports (issue 25; spec 001 §2 /study/{studyId}/data tabs and filter forms, §3
 * population statistics, §6 tabs per permission; 000 §2 reports). Reads only: each view is one
 * read-only transaction of SQL aggregates. Each tab has its own permission; a site named by the
 * filter must be one of the caller's (guard), and without one the caller sees their sites only.
 */
import { type AccessUser, DATA_TAB_PERMISSIONS, dataViewEndpoints, type Permission } from '@trialbase/domain';
import type { FastifyRequest } from 'fastify';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { sitesOfInput } from '../../platform/http/site-scope';
import { viewAnswers } from './answers';
import { viewMonitor } from './monitor';
import { viewFilterOptions } from './options';
import { viewPopulation } from './population';
import { viewSiteReport, viewVerificationReport } from './reports';
import { viewStatus } from './status';

function accessOf(req: FastifyRequest): AccessUser {
  if (!req.access) throw new Error('The guard did not load the access of a study route.');
  return req.access;
}

/** The site a data filter (`filter.siteId`) or the body (`siteId`) names. */
const bodySite = sitesOfInput('site', async (_db, req) => {
  const body = req.body as { siteId?: string; filter?: { siteId?: string } } | undefined;
  const siteId = body?.filter?.siteId ?? body?.siteId;
  return siteId ? [siteId] : [];
});

/** The site a report's query names. */
const querySite = sitesOfInput('site', async (_db, req) => {
  const siteId = (req.query as { siteId?: string } | undefined)?.siteId;
  return siteId ? [siteId] : [];
});

export function dataViewRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db, clock } = deps;
  const options = (permission: Permission) => async (req: FastifyRequest<{ Params: { studyId: string } }>) =>
    viewFilterOptions(db, { studyId: req.params.studyId, access: accessOf(req), permission });
  return [
    defineRoute({
      endpoint: dataViewEndpoints.populationOptions,
      permission: inStudy(DATA_TAB_PERMISSIONS.POPULATION),
      handler: options(DATA_TAB_PERMISSIONS.POPULATION),
    }),
    defineRoute({
      endpoint: dataViewEndpoints.population,
      permission: inStudy(DATA_TAB_PERMISSIONS.POPULATION, { site: bodySite }),
      handler: async (req) =>
        viewPopulation(db, {
          studyId: req.params.studyId,
          request: req.body,
          access: accessOf(req),
          now: clock(),
        }),
    }),
    defineRoute({
      endpoint: dataViewEndpoints.answersOptions,
      permission: inStudy(DATA_TAB_PERMISSIONS.ANSWER),
      handler: options(DATA_TAB_PERMISSIONS.ANSWER),
    }),
    defineRoute({
      endpoint: dataViewEndpoints.answers,
      permission: inStudy(DATA_TAB_PERMISSIONS.ANSWER, { site: bodySite }),
      handler: async (req) =>
        viewAnswers(db, { studyId: req.params.studyId, request: req.body, access: accessOf(req) }),
    }),
    defineRoute({
      endpoint: dataViewEndpoints.statusOptions,
      permission: inStudy(DATA_TAB_PERMISSIONS.STATUS),
      handler: options(DATA_TAB_PERMISSIONS.STATUS),
    }),
    defineRoute({
      endpoint: dataViewEndpoints.status,
      permission: inStudy(DATA_TAB_PERMISSIONS.STATUS, { site: bodySite }),
      handler: async (req) =>
        viewStatus(db, { studyId: req.params.studyId, request: req.body, access: accessOf(req) }),
    }),
    defineRoute({
      endpoint: dataViewEndpoints.monitorOptions,
      permission: inStudy(DATA_TAB_PERMISSIONS.MONITOR),
      handler: options(DATA_TAB_PERMISSIONS.MONITOR),
    }),
    defineRoute({
      endpoint: dataViewEndpoints.monitor,
      permission: inStudy(DATA_TAB_PERMISSIONS.MONITOR, { site: bodySite }),
      handler: async (req) =>
        viewMonitor(db, {
          studyId: req.params.studyId,
          request: req.body,
          access: accessOf(req),
          now: clock(),
        }),
    }),
    defineRoute({
      endpoint: dataViewEndpoints.verificationReport,
      permission: inStudy('REPORTING_VERIFICATION', { site: querySite }),
      handler: async (req) =>
        viewVerificationReport(db, { studyId: req.params.studyId, query: req.query, access: accessOf(req) }),
    }),
    defineRoute({
      endpoint: dataViewEndpoints.siteReport,
      permission: inStudy('REPORTING_SITE', { site: querySite }),
      handler: async (req) =>
        viewSiteReport(db, {
          studyId: req.params.studyId,
          query: req.query,
          access: accessOf(req),
          now: clock(),
        }),
    }),
  ] as RouteDefinition<never>[];
}
