import {
  type AccessUser,
  CreateSubjectSchema,
  ExpectedSubjectIdSchema,
  hasPermission,
  SubjectDetailSchema,
  SubjectHistoryQuerySchema,
  SubjectHistorySchema,
  SubjectIdParamsSchema,
  SubjectImportRequestSchema,
  SubjectImportResultSchema,
  SubjectLightListSchema,
  SubjectListQuerySchema,
  SubjectListSchema,
  SubjectParamsSchema,
  SubjectSiteListSchema,
  SubjectSiteParamsSchema,
  SubjectSitesParamsSchema,
  SubjectStudyParamsSchema,
  SubjectViewSchema,
  UpdateSubjectSchema,
} from '@trialbase/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../platform/auth/guard';
import { forbidden, unauthenticated } from '../../platform/errors';
import {
  defineRoute,
  inStudy,
  type RouteDefinition,
  type RoutePermission,
} from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { siteParam } from '../../platform/http/site-scope';
import { runUseCase } from '../../platform/use-case';
import { loadAccessUser } from '../access/api';
import { createSubject, getExpectedSubjectId } from './service/create-subject';
import { importSubjects } from './service/import-subjects';
import { listSubjects, listSubjectsLight } from './service/list-subjects';
import { canSeeAnyRecordHistory, getSubjectHistory } from './service/record-history';
import {
  deleteSubject,
  findSubjectScope,
  getSubject,
  listSubjectSites,
  setSubjectArchived,
  updateSubject,
} from './service/subjects';

const siteOf = { site: siteParam('siteId') };

function accessOf(req: FastifyRequest): AccessUser {
  if (!req.access) throw forbidden();
  return req.access;
}

/**
 * `GET /patient/{id}` names no study: the subject is found first (404 when there is none),
 * then PATIENT_VIEW is checked in its study and at its site (spec 000 §6).
 */
function viewerOfSubject(db: ModuleDeps['db']): RoutePermission {
  return {
    name: 'PATIENT_VIEW in the subject’s study and site',
    check: async (req) => {
      if (!req.auth) throw unauthenticated();
      const scope = await findSubjectScope(db, (req.params as { id?: string }).id ?? '');
      const access = await loadAccessUser(db, req.auth.user);
      req.access = access;
      return hasPermission(access, 'PATIENT_VIEW', scope);
    },
  };
}

/**
 * Record history (ours, the spec lists no such permission): AUDIT_VIEW or PATIENT_VIEW in the study;
 * the service then checks either at the subject's own site (spec 000 §6 site scope).
 */
function recordHistoryViewer(db: ModuleDeps['db']): RoutePermission {
  return {
    name: 'AUDIT_VIEW or PATIENT_VIEW in the study',
    check: async (req) => {
      if (!req.auth) throw unauthenticated();
      const access = await loadAccessUser(db, req.auth.user);
      req.access = access;
      return canSeeAnyRecordHistory(access, (req.params as { studyId?: string }).studyId ?? '');
    },
  };
}

const tags = ['subjects'];

/** Subjects (spec 001 §7 "Subjects and enrollments"; 000 §3, §5, §6). */
export function subjectRoutes({ db }: ModuleDeps): RouteDefinition<never>[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/api/studies/:studyId/sites/:siteId/patients',
      permission: inStudy('PATIENT_CREATE', siteOf),
      schema: {
        tags,
        summary: 'Register a subject at a site (returns a list holding the new subject)',
        description:
          'The subject id comes from the study’s id automation; send `patientId` only when ids are typed by hand. ' +
          'Errors: MAXIMUM_SUBJECTS, SUBJECT_ID_DUPLICATE, SUBJECT_EMAIL_DUPLICATE, INVALID_PHONENUMBER, STUDY_STATUS_MISMATCH (only in test or production).',
        params: SubjectSiteParamsSchema,
        body: CreateSubjectSchema,
        response: { 201: z.array(SubjectViewSchema) },
      },
      handler: async (req, reply) => {
        const created = await runUseCase(db, actorOf(req), (ctx) =>
          createSubject(ctx, { ...req.params, subject: req.body, access: accessOf(req) }),
        );
        return reply.code(201).send(created);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/studies/:studyId/sites/:siteId/expectedSubjectId',
      permission: inStudy('PATIENT_CREATE', siteOf),
      schema: {
        tags,
        summary: 'The subject id the next subject at this site gets (null when typed by hand)',
        params: SubjectSiteParamsSchema,
        response: { 200: ExpectedSubjectIdSchema },
      },
      handler: async (req) => getExpectedSubjectId(db, req.params),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/studies/:studyId/sites/:siteId/patients/import',
      permission: inStudy('PATIENT_IMPORT', siteOf),
      bodyLimit: 1_200_000,
      schema: {
        tags,
        summary: 'Import subjects from a CSV file into a site: all rows or none',
        description:
          'Body `{ "csv": "<file text>" }`: first line the header naming columns of spec 000 §3 (patientId, firstName, lastName, ' +
          'initials, email, mobileCountryCode, mobileNumber, homeCountryCode, homeNumber, workCountryCode, workNumber, dateOfBirth ' +
          '(YYYY-MM-DD or DD-MM-YYYY), birthYear, ssChecksum, gender (0, 1, 2), nationality, language, guardian1, guardian2, ' +
          'trialGroup, streetName, streetNumber, zip, city, country), comma or semicolon separated, RFC 4180 quoting. ' +
          'Maximum lengths of spec 000 §5. Every row is checked first; any problem answers 400 with `context.issues` at ' +
          '`[rowIndex, column]` (rows from 0, `params.line` the file line) and nothing is written.',
        params: SubjectSiteParamsSchema,
        body: SubjectImportRequestSchema,
        response: { 201: SubjectImportResultSchema },
      },
      handler: async (req, reply) => {
        const result = await runUseCase(db, actorOf(req), (ctx) =>
          importSubjects(ctx, { ...req.params, csv: req.body.csv, access: accessOf(req) }),
        );
        return reply.code(201).send(result);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/patient/:id',
      permission: viewerOfSubject(db),
      schema: {
        tags,
        summary: 'A subject by its id alone, redacted for the viewer',
        params: SubjectIdParamsSchema,
        response: { 200: SubjectDetailSchema },
      },
      handler: async (req) => {
        const scope = await findSubjectScope(db, req.params.id);
        return getSubject(db, { studyId: scope.studyId, id: req.params.id, access: accessOf(req) });
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/studies/:studyId/patient/:id',
      permission: inStudy('PATIENT_VIEW'),
      schema: {
        tags,
        summary: 'A subject, redacted for the viewer, with what the viewer may do',
        params: SubjectParamsSchema,
        response: { 200: SubjectDetailSchema },
      },
      handler: async (req) => getSubject(db, { ...req.params, access: accessOf(req) }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/studies/:studyId/patient/:id/audit',
      permission: recordHistoryViewer(db),
      schema: {
        tags,
        summary:
          'Record history of a subject: the latest 200 audit entries about it and its data, newest first',
        description:
          'Entries of the subject, its enrollments, their tokens, filled forms, answers and queries, with the ' +
          'actor’s name, data event and form where known, the reason, and the changes as short text. Restricted ' +
          'subject fields come back REDACTED without the per-field view permission. Needs AUDIT_VIEW or ' +
          'PATIENT_VIEW at the subject’s site.',
        params: SubjectParamsSchema,
        querystring: SubjectHistoryQuerySchema,
        response: { 200: SubjectHistorySchema },
      },
      handler: async (req) =>
        getSubjectHistory(db, { ...req.params, access: accessOf(req), language: req.query.language }),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/studies/:studyId/patient/:id',
      permission: inStudy('PATIENT_UPDATE'),
      schema: {
        tags,
        summary: 'Update a subject: absent fields and REDACTED values stay as they are, null clears',
        params: SubjectParamsSchema,
        body: UpdateSubjectSchema,
        response: { 200: SubjectDetailSchema },
      },
      handler: async (req) =>
        runUseCase(db, actorOf(req), (ctx) =>
          updateSubject(ctx, { ...req.params, update: req.body, access: accessOf(req) }),
        ),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/studies/:studyId/patient/:id',
      permission: inStudy('PATIENT_DELETE'),
      schema: {
        tags,
        summary: 'Delete a subject that has no enrollments',
        params: SubjectParamsSchema,
        response: { 204: z.null() },
      },
      handler: async (req, reply) => {
        await runUseCase(db, actorOf(req), (ctx) =>
          deleteSubject(ctx, { ...req.params, access: accessOf(req) }),
        );
        return reply.code(204).send(null);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/studies/:studyId/patient/list',
      permission: inStudy('PATIENT_LIST'),
      schema: {
        tags,
        summary: 'Subjects of the sites the caller may list: searched, filtered, sorted, paged',
        params: SubjectStudyParamsSchema,
        body: SubjectListQuerySchema,
        response: { 200: SubjectListSchema },
      },
      handler: async (req) =>
        listSubjects(db, { studyId: req.params.studyId, query: req.body, access: accessOf(req) }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/studies/:studyId/patient/lightList/:siteId',
      permission: inStudy('PATIENT_LIST', siteOf),
      schema: {
        tags,
        summary: 'Subjects of a site in short: id, subject id and the name merged from first and last name',
        params: SubjectSiteParamsSchema,
        response: { 200: SubjectLightListSchema },
      },
      handler: async (req) => listSubjectsLight(db, { ...req.params, access: accessOf(req) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/studies/:studyId/patient/:id/archive',
      permission: inStudy('PATIENT_ARCHIVE'),
      schema: {
        tags,
        summary: 'Archive a subject',
        params: SubjectParamsSchema,
        response: { 200: SubjectDetailSchema },
      },
      handler: async (req) =>
        runUseCase(db, actorOf(req), (ctx) =>
          setSubjectArchived(ctx, { ...req.params, archived: true, access: accessOf(req) }),
        ),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/studies/:studyId/patient/:id/unarchive',
      permission: inStudy('PATIENT_UNARCHIVE'),
      schema: {
        tags,
        summary: 'Unarchive a subject',
        params: SubjectParamsSchema,
        response: { 200: SubjectDetailSchema },
      },
      handler: async (req) =>
        runUseCase(db, actorOf(req), (ctx) =>
          setSubjectArchived(ctx, { ...req.params, archived: false, access: accessOf(req) }),
        ),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/study/:studyId/site/:patientId/:onlyActive',
      permission: inStudy('PATIENT_VIEW'),
      schema: {
        tags,
        summary: 'Sites of a subject: its home site and the sites of its enrollments',
        params: SubjectSitesParamsSchema,
        response: { 200: SubjectSiteListSchema },
      },
      handler: async (req) =>
        listSubjectSites(db, {
          studyId: req.params.studyId,
          patientId: req.params.patientId,
          onlyActive: req.params.onlyActive === 'true',
          access: accessOf(req),
        }),
    }),
  ] as RouteDefinition<never>[];
}
