import {
  CanReenrollQuerySchema,
  CanReenrollSchema,
  EnrollmentCountSchema,
  EnrollmentDetailListSchema,
  EnrollmentDetailSchema,
  EnrollmentParamsSchema,
  ImportedDateListSchema,
  ImportedDatesQuerySchema,
  ProcessEnrollmentParamsSchema,
  RandomIdSchema,
  SiteEnrollmentsParamsSchema,
  StudyEnrollmentsParamsSchema,
  SubjectEnrollmentsParamsSchema,
  sitesWithPermission,
  UnscheduledFormsViewSchema,
} from '@trialbase/domain';
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

const tags = ['enrollments'];

/** Read calls of enrollments (spec 001 §7 Subjects and enrollments), site-scoped. */
export function enrollmentReadRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db } = deps;
  return [
    defineRoute({
      method: 'GET',
      url: '/api/studies/:studyId/enrollments/count',
      permission: inStudy('PATHWAY_RECORD_VIEW'),
      schema: {
        tags,
        summary: 'Enrollments of the study per status (over the sites the caller may see)',
        params: StudyEnrollmentsParamsSchema,
        response: { 200: EnrollmentCountSchema },
      },
      handler: async (req) => {
        const { studyId } = req.params;
        if (!req.access) throw forbidden();
        return countEnrollments(db, studyId, sitesWithPermission(req.access, 'PATHWAY_RECORD_VIEW', studyId));
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/studies/:studyId/sites/:siteId/enrollments/count',
      permission: inStudy('PATHWAY_RECORD_VIEW', { site: siteParam('siteId') }),
      schema: {
        tags,
        summary: 'Enrollments of one site per status',
        params: SiteEnrollmentsParamsSchema,
        response: { 200: EnrollmentCountSchema },
      },
      handler: async (req) => {
        const { studyId, siteId } = req.params;
        if (!(await siteExists(db, studyId, siteId))) throw notFound('The site');
        return countEnrollments(db, studyId, [siteId]);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/studies/:studyId/enrollments/:enrollmentId',
      permission: inStudy('PATHWAY_RECORD_VIEW', { site: enrollmentSite }),
      schema: {
        tags,
        summary: 'One enrollment with its process, site, subject id and token summary',
        params: EnrollmentParamsSchema,
        response: { 200: EnrollmentDetailSchema },
      },
      handler: async (req) => {
        const { studyId, enrollmentId } = req.params;
        return loadEnrollmentDetail(db, await findEnrollmentOrThrow(db, studyId, enrollmentId));
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/studies/:studyId/enrollments/:enrollmentId/randomId',
      permission: inStudy('PATHWAY_RECORD_VIEW', { site: enrollmentSite }),
      schema: {
        tags,
        summary: "The enrollment's randomization id; null until randomized",
        params: EnrollmentParamsSchema,
        response: { 200: RandomIdSchema },
      },
      handler: async (req) => {
        const { studyId, enrollmentId } = req.params;
        const row = await findEnrollmentOrThrow(db, studyId, enrollmentId);
        return { randomId: enrollmentDetailsOf(row).randomId ?? null };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/studies/:studyId/enrollments/subjects/:subjectId',
      permission: inStudy('PATHWAY_RECORD_VIEW', { site: subjectSite }),
      schema: {
        tags,
        summary: "A subject's enrollments, oldest first",
        params: SubjectEnrollmentsParamsSchema,
        response: { 200: EnrollmentDetailListSchema },
      },
      handler: async (req) => {
        return listSubjectEnrollmentDetails(db, req.params.studyId, req.params.subjectId);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/studies/:studyId/processes/:processId/enrollments/:enrollmentId/unscheduled/getForms',
      permission: inStudy('PATHWAY_RECORD_VIEW', { site: enrollmentSite }),
      schema: {
        tags,
        summary: 'Per unscheduled event type: switched on or not, and its forms with tagged versions',
        params: ProcessEnrollmentParamsSchema,
        response: { 200: UnscheduledFormsViewSchema },
      },
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
      method: 'GET',
      url: '/api/study/:studyId/site/:siteId/token/unscheduled/getImportedDates',
      permission: inStudy('PATHWAY_RECORD_VIEW', { site: siteParam('siteId') }),
      schema: {
        tags,
        summary: 'Dates of the unscheduled events recorded at a site, with their import ids',
        params: SiteEnrollmentsParamsSchema,
        querystring: ImportedDatesQuerySchema,
        response: { 200: ImportedDateListSchema },
      },
      handler: async (req) => {
        const { studyId, siteId } = req.params;
        if (!(await siteExists(db, studyId, siteId))) throw notFound('The site');
        return listUnscheduledDates(db, { studyId, siteId, type: req.query.type });
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/study/:studyId/canreenroll',
      permission: inStudy('PATHWAY_RECORD_CREATE', { site: queriedSubjectSite }),
      schema: {
        tags,
        summary: 'Whether a subject may be enrolled (again) in a process, and why not',
        params: StudyEnrollmentsParamsSchema,
        querystring: CanReenrollQuerySchema,
        response: { 200: CanReenrollSchema },
      },
      handler: async (req) => {
        return (await checkReenroll(db, { studyId: req.params.studyId, ...req.query })).result;
      },
    }),
  ] as RouteDefinition<never>[];
}
