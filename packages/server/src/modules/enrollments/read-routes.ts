import { enrollmentEndpoints, sitesWithPermission } from '@trialbase/domain';
import { forbidden, notFound } from '../../platform/errors';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { siteParam } from '../../platform/http/site-scope';
import { enrollmentDetailsOf } from './details';
import { findEnrollmentProcess, siteExists } from './repo';
import { enrollmentSite, queriedSubjectSite, subjectSite } from './route-helpers';
import {
  checkReenroll,
  countEnrollments,
  findEnrollmentOrThrow,
  listSubjectEnrollmentDetails,
  listUnscheduledDates,
  listUnscheduledForms,
  loadEnrollmentDetail,
} from './service/read-enrollments';

/** Read calls of enrollments (spec 001 §7 Subjects and enrollments), site-scoped. */
export function enrollmentReadRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db } = deps;
  return [
    defineRoute({
      endpoint: enrollmentEndpoints.countInStudy,
      permission: inStudy('PATHWAY_RECORD_VIEW'),
      handler: async (req) => {
        const { studyId } = req.params;
        if (!req.access) throw forbidden();
        return countEnrollments(db, studyId, sitesWithPermission(req.access, 'PATHWAY_RECORD_VIEW', studyId));
      },
    }),
    defineRoute({
      endpoint: enrollmentEndpoints.countInSite,
      permission: inStudy('PATHWAY_RECORD_VIEW', { site: siteParam('siteId') }),
      handler: async (req) => {
        const { studyId, siteId } = req.params;
        if (!(await siteExists(db, studyId, siteId))) throw notFound('The site');
        return countEnrollments(db, studyId, [siteId]);
      },
    }),
    defineRoute({
      endpoint: enrollmentEndpoints.get,
      permission: inStudy('PATHWAY_RECORD_VIEW', { site: enrollmentSite }),
      handler: async (req) => {
        const { studyId, enrollmentId } = req.params;
        return loadEnrollmentDetail(db, await findEnrollmentOrThrow(db, studyId, enrollmentId));
      },
    }),
    defineRoute({
      endpoint: enrollmentEndpoints.randomId,
      permission: inStudy('PATHWAY_RECORD_VIEW', { site: enrollmentSite }),
      handler: async (req) => {
        const { studyId, enrollmentId } = req.params;
        const row = await findEnrollmentOrThrow(db, studyId, enrollmentId);
        return { randomId: enrollmentDetailsOf(row).randomId ?? null };
      },
    }),
    defineRoute({
      endpoint: enrollmentEndpoints.listOfSubject,
      permission: inStudy('PATHWAY_RECORD_VIEW', { site: subjectSite }),
      handler: async (req) => {
        return listSubjectEnrollmentDetails(db, req.params.studyId, req.params.subjectId);
      },
    }),
    defineRoute({
      endpoint: enrollmentEndpoints.unscheduledForms,
      permission: inStudy('PATHWAY_RECORD_VIEW', { site: enrollmentSite }),
      handler: async (req) => {
        const { studyId, processId, enrollmentId } = req.params;
        const row = await findEnrollmentOrThrow(db, studyId, enrollmentId);
        if (row.processId !== processId) throw notFound('The enrollment in this process');
        const process = await findEnrollmentProcess(db, studyId, processId);
        if (!process) throw notFound('The process');
        return listUnscheduledForms(db, row, process);
      },
    }),
    defineRoute({
      endpoint: enrollmentEndpoints.unscheduledImportedDates,
      permission: inStudy('PATHWAY_RECORD_VIEW', { site: siteParam('siteId') }),
      handler: async (req) => {
        const { studyId, siteId } = req.params;
        if (!(await siteExists(db, studyId, siteId))) throw notFound('The site');
        return listUnscheduledDates(db, { studyId, siteId, type: req.query.type });
      },
    }),
    defineRoute({
      endpoint: enrollmentEndpoints.canReenroll,
      permission: inStudy('PATHWAY_RECORD_CREATE', { site: queriedSubjectSite }),
      handler: async (req) => {
        return (await checkReenroll(db, { studyId: req.params.studyId, ...req.query })).result;
      },
    }),
  ] as RouteDefinition<never>[];
}
