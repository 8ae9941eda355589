import { type AccessUser, hasPermission, subjectEndpoints } from '@trialbase/domain';
import type { FastifyRequest } from 'fastify';
import { actorOf } from '../../platform/auth/guard';
import { kickUpkeep } from '../../platform/db/upkeep';
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

/** Subjects (spec 001 §7 "Subjects and enrollments"; 000 §3, §5, §6). */
export function subjectRoutes({ db, jobs }: ModuleDeps): RouteDefinition<never>[] {
  return [
    defineRoute({
      endpoint: subjectEndpoints.create,
      permission: inStudy('PATIENT_CREATE', siteOf),
      handler: async (req, reply) => {
        const created = await runUseCase(db, actorOf(req), (ctx) =>
          createSubject(ctx, { ...req.params, subject: req.body, access: accessOf(req) }),
        );
        return reply.code(201).send(created);
      },
    }),
    defineRoute({
      endpoint: subjectEndpoints.expectedSubjectId,
      permission: inStudy('PATIENT_CREATE', siteOf),
      handler: async (req) => getExpectedSubjectId(db, req.params),
    }),
    defineRoute({
      endpoint: subjectEndpoints.import,
      permission: inStudy('PATIENT_IMPORT', siteOf),
      bodyLimit: 1_200_000,
      handler: async (req, reply) => {
        const result = await runUseCase(db, actorOf(req), (ctx) =>
          importSubjects(ctx, { ...req.params, csv: req.body.csv, access: accessOf(req) }),
        );
        kickUpkeep(jobs(), result.subjects.length);
        return reply.code(201).send(result);
      },
    }),
    defineRoute({
      endpoint: subjectEndpoints.getById,
      permission: viewerOfSubject(db),
      handler: async (req) => {
        const scope = await findSubjectScope(db, req.params.id);
        return getSubject(db, { studyId: scope.studyId, id: req.params.id, access: accessOf(req) });
      },
    }),
    defineRoute({
      endpoint: subjectEndpoints.get,
      permission: inStudy('PATIENT_VIEW'),
      handler: async (req) => getSubject(db, { ...req.params, access: accessOf(req) }),
    }),
    defineRoute({
      endpoint: subjectEndpoints.history,
      permission: recordHistoryViewer(db),
      handler: async (req) =>
        getSubjectHistory(db, { ...req.params, access: accessOf(req), language: req.query.language }),
    }),
    defineRoute({
      endpoint: subjectEndpoints.update,
      permission: inStudy('PATIENT_UPDATE'),
      handler: async (req) =>
        runUseCase(db, actorOf(req), (ctx) =>
          updateSubject(ctx, { ...req.params, update: req.body, access: accessOf(req) }),
        ),
    }),
    defineRoute({
      endpoint: subjectEndpoints.delete,
      permission: inStudy('PATIENT_DELETE'),
      handler: async (req, reply) => {
        await runUseCase(db, actorOf(req), (ctx) =>
          deleteSubject(ctx, { ...req.params, access: accessOf(req) }),
        );
        return reply.code(204).send(null);
      },
    }),
    defineRoute({
      endpoint: subjectEndpoints.list,
      permission: inStudy('PATIENT_LIST'),
      handler: async (req) =>
        listSubjects(db, { studyId: req.params.studyId, query: req.body, access: accessOf(req) }),
    }),
    defineRoute({
      endpoint: subjectEndpoints.lightList,
      permission: inStudy('PATIENT_LIST', siteOf),
      handler: async (req) => listSubjectsLight(db, { ...req.params, access: accessOf(req) }),
    }),
    defineRoute({
      endpoint: subjectEndpoints.archive,
      permission: inStudy('PATIENT_ARCHIVE'),
      handler: async (req) =>
        runUseCase(db, actorOf(req), (ctx) =>
          setSubjectArchived(ctx, { ...req.params, archived: true, access: accessOf(req) }),
        ),
    }),
    defineRoute({
      endpoint: subjectEndpoints.unarchive,
      permission: inStudy('PATIENT_UNARCHIVE'),
      handler: async (req) =>
        runUseCase(db, actorOf(req), (ctx) =>
          setSubjectArchived(ctx, { ...req.params, archived: false, access: accessOf(req) }),
        ),
    }),
    defineRoute({
      endpoint: subjectEndpoints.sites,
      permission: inStudy('PATIENT_VIEW'),
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
