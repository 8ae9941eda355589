import { type Permission, studyEndpoints } from '@trialbase/domain';
import { checkExtendedValidation } from '../../platform/auth/extended-validation';
import { actorOf } from '../../platform/auth/guard';
import { defineRoute, inStudy } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { runUseCase } from '../../platform/use-case';
import { presentStudyDetail } from './presenters';
import { accessOf } from './route-helpers';
import { chooseAmendmentFormVersions, readAmendmentSummary } from './service/amendment-summary';
import { type AmendmentAction, changeAmendment } from './service/amendments';
import {
  anonymizeStudy,
  changeStudyStatus,
  deleteStudy,
  requestStudyDeletion,
  type StudyStatusAction,
} from './service/lifecycle';
import { getStudyOr404 } from './service/read-studies';

const STATUS_CALLS: {
  endpoint: (typeof studyEndpoints)[
    | 'start'
    | 'stop'
    | 'testDrive'
    | 'backToBuild'
    | 'lock'
    | 'unlock'
    | 'complete'];
  action: StudyStatusAction;
  permission: Permission;
}[] = [
  {
    endpoint: studyEndpoints.start,
    action: 'start',
    permission: 'STUDY_START',
  },
  {
    endpoint: studyEndpoints.stop,
    action: 'stop',
    permission: 'STUDY_STOP',
  },
  {
    endpoint: studyEndpoints.testDrive,
    action: 'test',
    permission: 'STUDY_TEST',
  },
  {
    endpoint: studyEndpoints.backToBuild,
    action: 'backToBuild',
    permission: 'STUDY_TEST',
  },
  // Spec 000 §4 LOCKED: STUDY_LOCK (docs/ROLES.md: held by no role, granted as an extra or the
  // system admin's) both locks and unlocks; completing a locked study ends it like stop.
  {
    endpoint: studyEndpoints.lock,
    action: 'lock',
    permission: 'STUDY_LOCK',
  },
  {
    endpoint: studyEndpoints.unlock,
    action: 'unlock',
    permission: 'STUDY_LOCK',
  },
  {
    endpoint: studyEndpoints.complete,
    action: 'complete',
    permission: 'STUDY_STOP',
  },
];

/** Spec 001 §7 amendment calls and the permission each needs (000 §6: ADMIN holds all three). */
const AMENDMENT_CALLS: { action: AmendmentAction; permission: Permission }[] = [
  { action: 'startAmendment', permission: 'STUDY_AMENDMENT_START' },
  { action: 'startNonBlockingAmendment', permission: 'STUDY_AMENDMENT_START' },
  { action: 'discardAmendment', permission: 'STUDY_AMENDMENT_DISCARD' },
  { action: 'finishAmendment', permission: 'STUDY_AMENDMENT_FINISH' },
  { action: 'scheduleAmendment', permission: 'STUDY_AMENDMENT_FINISH' },
  { action: 'rescheduleAmendment', permission: 'STUDY_AMENDMENT_FINISH' },
  { action: 'cancelAmendmentSchedule', permission: 'STUDY_AMENDMENT_FINISH' },
];

/** Spec 001 §7 start, stop, test drive and deletion; the domain state machine decides (000 §4). */
export function lifecycleRoutes(deps: ModuleDeps) {
  const { db } = deps;
  return [
    ...AMENDMENT_CALLS.map((call) =>
      defineRoute({
        endpoint: studyEndpoints[call.action],
        permission: inStudy(call.permission),
        handler: async (req) => {
          const study = await getStudyOr404(db, req.params.id);
          // Spec 001 §6: amendments need the password when the study enables extended validation.
          await checkExtendedValidation(db, req, {
            required: study.extendedValidation,
            meaning: `Study amendment: ${call.action}`,
          });
          const body = req.body as { reason: string; scheduledTime?: string };
          const row = await runUseCase(db, actorOf(req), (ctx) =>
            changeAmendment(ctx, {
              studyId: study.id,
              action: call.action,
              reason: body.reason,
              ...(body.scheduledTime ? { scheduledTime: body.scheduledTime } : {}),
            }),
          );
          return presentStudyDetail(row, await accessOf(deps, req));
        },
      }),
    ),
    defineRoute({
      endpoint: studyEndpoints.amendmentSummary,
      permission: inStudy('STUDY_VIEW'),
      handler: async (req) => {
        const study = await getStudyOr404(db, req.params.id);
        return readAmendmentSummary(db, study);
      },
    }),
    defineRoute({
      endpoint: studyEndpoints.amendmentFormVersions,
      // The choice shapes what finishing publishes to enrolments: the finish permission.
      permission: inStudy('STUDY_AMENDMENT_FINISH'),
      handler: async (req) => {
        const study = await getStudyOr404(db, req.params.id);
        await checkExtendedValidation(db, req, {
          required: study.extendedValidation,
          meaning: 'Study amendment: form versions chosen',
        });
        const row = await runUseCase(db, actorOf(req), (ctx) =>
          chooseAmendmentFormVersions(ctx, { studyId: study.id, ...req.body }),
        );
        return readAmendmentSummary(db, row);
      },
    }),
    ...STATUS_CALLS.map((call) =>
      defineRoute({
        endpoint: call.endpoint,
        permission: inStudy(call.permission),
        handler: async (req) => {
          const study = await getStudyOr404(db, req.params.id);
          const row = await runUseCase(db, actorOf(req), (ctx) =>
            changeStudyStatus(ctx, {
              studyId: study.id,
              action: call.action,
              reason: (req.body as { reason?: string } | undefined)?.reason ?? null,
            }),
          );
          return presentStudyDetail(row, await accessOf(deps, req));
        },
      }),
    ),
    defineRoute({
      endpoint: studyEndpoints.anonymize,
      // Irreversible erasure of identities: the deletion right (held by no role, docs/ROLES.md).
      permission: inStudy('STUDY_REQUEST_DELETE'),
      handler: async (req) => {
        const study = await getStudyOr404(db, req.params.id);
        const signature = await checkExtendedValidation(db, req, {
          required: true,
          meaning: 'Study anonymized',
        });
        const row = await runUseCase(db, actorOf(req), (ctx) =>
          anonymizeStudy(ctx, { studyId: study.id, reason: req.body.reason, signature }),
        );
        return presentStudyDetail(row, await accessOf(deps, req));
      },
    }),
    defineRoute({
      endpoint: studyEndpoints.requestDelete,
      permission: inStudy('STUDY_REQUEST_DELETE'),
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
      endpoint: studyEndpoints.delete,
      permission: inStudy('STUDY_REQUEST_DELETE'),
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
