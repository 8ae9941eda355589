import { type Permission, StudyDetailSchema } from '@trialbase/domain';
import { z } from 'zod';
import { checkExtendedValidation } from '../../platform/auth/extended-validation';
import { actorOf } from '../../platform/auth/guard';
import { defineRoute, inStudy } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { runUseCase } from '../../platform/use-case';
import { presentStudyDetail } from './presenters';
import { accessOf, IdParamsSchema } from './route-helpers';
import {
  changeStudyStatus,
  deleteStudy,
  requestStudyDeletion,
  type StudyStatusAction,
} from './service/lifecycle';
import { getStudyOr404 } from './service/queries';

const STATUS_CALLS: {
  method: 'POST' | 'PUT';
  path: string;
  action: StudyStatusAction;
  permission: Permission;
  summary: string;
}[] = [
  {
    method: 'POST',
    path: 'start',
    action: 'start',
    permission: 'STUDY_START',
    summary: 'Start the study (production)',
  },
  {
    method: 'POST',
    path: 'stop',
    action: 'stop',
    permission: 'STUDY_STOP',
    summary: 'Stop the study (completed)',
  },
  {
    method: 'POST',
    path: 'testDrive',
    action: 'test',
    permission: 'STUDY_TEST',
    summary: 'Enter test drive',
  },
  {
    method: 'PUT',
    path: 'testDrive',
    action: 'backToBuild',
    permission: 'STUDY_TEST',
    summary: 'Leave test drive, back to build',
  },
];

/** Spec 001 §7 start, stop, test drive and deletion; the domain state machine decides (000 §4). */
export function lifecycleRoutes(deps: ModuleDeps) {
  const { db } = deps;
  const tags = ['studies'];
  return [
    ...STATUS_CALLS.map((call) =>
      defineRoute({
        method: call.method,
        url: `/api/study/:id/${call.path}`,
        permission: inStudy(call.permission),
        schema: { tags, summary: call.summary, params: IdParamsSchema, response: { 200: StudyDetailSchema } },
        handler: async (req) => {
          const study = await getStudyOr404(db, req.params.id);
          const row = await runUseCase(db, actorOf(req), (ctx) =>
            changeStudyStatus(ctx, { studyId: study.id, action: call.action }),
          );
          return presentStudyDetail(row, await accessOf(deps, req));
        },
      }),
    ),
    defineRoute({
      method: 'POST',
      url: '/api/study/:id/requestDelete',
      permission: inStudy('STUDY_REQUEST_DELETE'),
      schema: {
        tags,
        summary: 'Request deletion (effective after the deletion delay)',
        params: IdParamsSchema,
        response: { 200: StudyDetailSchema },
      },
      handler: async (req) => {
        const study = await getStudyOr404(db, req.params.id);
        const signature = await checkExtendedValidation(db, req, {
          required: study.extendedValidation,
          meaning: 'Study deletion requested',
        });
        const row = await runUseCase(db, actorOf(req), (ctx) =>
          requestStudyDeletion(ctx, { studyId: study.id, signature }),
        );
        return presentStudyDetail(row, await accessOf(deps, req));
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/study/:id',
      permission: inStudy('STUDY_REQUEST_DELETE'),
      schema: {
        tags,
        summary: 'Delete a study once its deletion is due',
        params: IdParamsSchema,
        response: { 204: z.null() },
      },
      handler: async (req, reply) => {
        const study = await getStudyOr404(db, req.params.id);
        const signature = await checkExtendedValidation(db, req, {
          required: study.extendedValidation,
          meaning: 'Study deleted',
        });
        await runUseCase(db, actorOf(req), (ctx) => deleteStudy(ctx, { studyId: study.id, signature }));
        return reply.code(204).send(null);
      },
    }),
  ];
}
