import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { AmendmentFormVersionsRequestSchema, AmendmentSummarySchema } from './amendment';
import { ParticipantSettingsSchema } from './participant-settings';
import {
  AddonsRequestSchema,
  CreateStudyRequestSchema,
  GenerateIdsRequestSchema,
  GenerateIdsResponseSchema,
  StudyDetailSchema,
  StudyListQuerySchema,
  StudyListSchema,
  StudyOverviewSchema,
  StudySubscriptionSchema,
  UpdateStudyRequestSchema,
} from './schemas';

/** Path parameters are free text so an unknown study is a 404, not a 400. */
const IdParamsSchema = z.object({ id: z.string().min(1).max(64) });
const StudyIdParamsSchema = z.object({ studyId: z.string().min(1).max(64) });

/**
 * Spec 000 §4 lifecycle steps: the reason recorded with the step's audit event (lock, unlock,
 * complete and anonymize).
 */
export const StudyLifecycleReasonSchema = z.object({ reason: z.string().trim().min(1).max(1000) });
export type StudyLifecycleReason = z.infer<typeof StudyLifecycleReasonSchema>;

/** Spec 001 §7 scheduleAmendment / rescheduleAmendment: when the amendment finishes by itself, and why. */
export const ScheduleAmendmentSchema = StudyLifecycleReasonSchema.extend({
  scheduledTime: z.iso.datetime({ offset: true }),
});
export type ScheduleAmendment = z.infer<typeof ScheduleAmendmentSchema>;

function amendmentEndpoint<B extends z.ZodType = typeof StudyLifecycleReasonSchema>(
  method: 'POST' | 'PUT',
  call: string,
  summary: string,
  body: B = StudyLifecycleReasonSchema as unknown as B,
) {
  return defineEndpoint({
    method,
    path: `/api/study/:id/${call}`,
    summary,
    tags: ['amendments'],
    params: IdParamsSchema,
    body,
    response: { 200: StudyDetailSchema },
  });
}

/** The studies endpoints (issue 14 item 6): method, path and schemas, shared by the server's routes and the web clients. */
export const studyEndpoints = {
  start: defineEndpoint({
    method: 'POST',
    path: '/api/study/:id/start',
    summary: 'Start the study (production)',
    tags: ['studies'],
    params: IdParamsSchema,
    response: { 200: StudyDetailSchema },
  }),
  stop: defineEndpoint({
    method: 'POST',
    path: '/api/study/:id/stop',
    summary: 'Stop the study (completed)',
    tags: ['studies'],
    params: IdParamsSchema,
    response: { 200: StudyDetailSchema },
  }),
  testDrive: defineEndpoint({
    method: 'POST',
    path: '/api/study/:id/testDrive',
    summary: 'Enter test drive',
    tags: ['studies'],
    params: IdParamsSchema,
    response: { 200: StudyDetailSchema },
  }),
  backToBuild: defineEndpoint({
    method: 'PUT',
    path: '/api/study/:id/testDrive',
    summary: 'Leave test drive, back to build',
    tags: ['studies'],
    params: IdParamsSchema,
    response: { 200: StudyDetailSchema },
  }),
  lock: defineEndpoint({
    method: 'POST',
    path: '/api/study/:id/lock',
    summary: 'Lock the study: data entry frozen (spec 000 §4 LOCKED)',
    tags: ['studies'],
    params: IdParamsSchema,
    body: StudyLifecycleReasonSchema,
    response: { 200: StudyDetailSchema },
  }),
  unlock: defineEndpoint({
    method: 'POST',
    path: '/api/study/:id/unlock',
    summary: 'Unlock a locked study: back to production',
    tags: ['studies'],
    params: IdParamsSchema,
    body: StudyLifecycleReasonSchema,
    response: { 200: StudyDetailSchema },
  }),
  complete: defineEndpoint({
    method: 'POST',
    path: '/api/study/:id/complete',
    summary: 'Complete a locked study (final)',
    tags: ['studies'],
    params: IdParamsSchema,
    body: StudyLifecycleReasonSchema,
    response: { 200: StudyDetailSchema },
  }),
  anonymize: defineEndpoint({
    method: 'POST',
    path: '/api/study/:id/anonymize',
    summary: "Anonymize a completed study: the subjects' identifying fields erased, irreversibly",
    tags: ['studies'],
    params: IdParamsSchema,
    body: StudyLifecycleReasonSchema,
    response: { 200: StudyDetailSchema },
  }),
  startAmendment: amendmentEndpoint(
    'POST',
    'amendment',
    'Start an amendment: data entry pauses while it is drafted',
  ),
  startNonBlockingAmendment: amendmentEndpoint(
    'POST',
    'nonBlockingAmendment',
    'Start an amendment while data collection goes on under the current versions',
  ),
  discardAmendment: amendmentEndpoint('POST', 'discardAmendment', 'Discard the running amendment'),
  finishAmendment: amendmentEndpoint('POST', 'finishAmendment', 'Finish the running amendment now'),
  scheduleAmendment: amendmentEndpoint(
    'POST',
    'scheduleAmendment',
    'Finish the running amendment at a chosen time (durable job)',
    ScheduleAmendmentSchema,
  ),
  rescheduleAmendment: amendmentEndpoint(
    'POST',
    'rescheduleAmendment',
    'Move the scheduled finish of the running amendment',
    ScheduleAmendmentSchema,
  ),
  cancelAmendmentSchedule: amendmentEndpoint(
    'PUT',
    'cancelAmendmentSchedule',
    'Cancel the scheduled finish; the amendment stays open',
  ),
  amendmentSummary: defineEndpoint({
    method: 'GET',
    path: '/api/study/:id/amendment',
    summary:
      'The running amendment: who started it, when, its kind, scheduled finish and what changed so far',
    tags: ['amendments'],
    params: IdParamsSchema,
    response: { 200: AmendmentSummarySchema },
  }),
  amendmentFormVersions: defineEndpoint({
    method: 'PUT',
    path: '/api/study/:id/amendment/formVersions',
    summary:
      'Per changed form: do existing enrolments take the new version for events not yet started (applied at finish)',
    tags: ['amendments'],
    params: IdParamsSchema,
    body: AmendmentFormVersionsRequestSchema,
    response: { 200: AmendmentSummarySchema },
  }),
  requestDelete: defineEndpoint({
    method: 'POST',
    path: '/api/study/:id/requestDelete',
    summary: 'Request deletion (effective after the deletion delay)',
    tags: ['studies'],
    params: IdParamsSchema,
    response: { 200: StudyDetailSchema },
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/study/:id',
    summary: 'Delete a study once its deletion is due',
    tags: ['studies'],
    params: IdParamsSchema,
    response: { 204: z.null() },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/study',
    summary: 'List the studies the caller may see',
    tags: ['studies'],
    query: StudyListQuerySchema,
    response: { 200: StudyListSchema },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/study',
    summary: 'Create a study',
    tags: ['studies'],
    body: CreateStudyRequestSchema,
    response: { 201: StudyDetailSchema },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/study/:id',
    summary: 'One study',
    tags: ['studies'],
    params: IdParamsSchema,
    response: { 200: StudyDetailSchema },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/study/:id',
    summary: 'Change study settings (what may change depends on the status)',
    tags: ['studies'],
    params: IdParamsSchema,
    body: UpdateStudyRequestSchema,
    response: { 200: StudyDetailSchema },
  }),
  overview: defineEndpoint({
    method: 'GET',
    path: '/api/study/:id/overview',
    summary: 'Study overview tiles',
    tags: ['studies'],
    params: IdParamsSchema,
    response: { 200: StudyOverviewSchema },
  }),
  newIds: defineEndpoint({
    method: 'POST',
    path: '/api/study/:studyId/generateNewMongoIds',
    summary: 'Fresh 24-character ids for new design elements',
    tags: ['studies'],
    params: StudyIdParamsSchema,
    body: GenerateIdsRequestSchema.default({ countOfIds: 10 }),
    response: { 200: GenerateIdsResponseSchema },
  }),
  duplicate: defineEndpoint({
    method: 'POST',
    path: '/api/study/:studyId/duplicate',
    summary: 'Copy the design of a study into a new study',
    tags: ['studies'],
    params: StudyIdParamsSchema,
    response: { 201: StudyDetailSchema },
  }),
  plan: defineEndpoint({
    method: 'GET',
    path: '/api/study/:id/subscriptionPlan',
    summary: 'The study plan and its paid modules',
    tags: ['studies'],
    params: IdParamsSchema,
    response: { 200: StudySubscriptionSchema },
  }),
  addons: defineEndpoint({
    method: 'POST',
    path: '/api/studies/:studyId/addons',
    summary: 'Enable paid modules for a study',
    tags: ['studies'],
    params: StudyIdParamsSchema,
    body: AddonsRequestSchema,
    response: { 200: StudyDetailSchema },
  }),
  applyEnterpriseCode: defineEndpoint({
    method: 'POST',
    path: '/api/study/:id/:code/applyEnterpriseCode',
    summary: 'Redeem an enterprise code for this study',
    tags: ['studies'],
    params: IdParamsSchema.extend({ code: z.string().trim().min(1).max(128) }),
    response: { 200: StudyDetailSchema },
  }),
  participantSettings: defineEndpoint({
    method: 'GET',
    path: '/api/study/:studyId/participantSettings',
    summary: 'Public sign-up fields, subject-required fields, sign-up gates and logo (spec 002 §3, §4)',
    tags: ['studies'],
    params: StudyIdParamsSchema,
    response: { 200: ParticipantSettingsSchema },
  }),
  saveParticipantSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/study/:studyId/participantSettings',
    summary: 'Change the participant settings of a study (spec 002 §3, §4)',
    tags: ['studies'],
    params: StudyIdParamsSchema,
    body: ParticipantSettingsSchema,
    response: { 200: ParticipantSettingsSchema },
  }),
};
