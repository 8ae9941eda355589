import { defineEndpoint } from '../common/endpoint';
import {
  AeGetQuerySchema,
  AeListQuerySchema,
  AeListSchema,
  AeParamsSchema,
  AeStudyParamsSchema,
  AeStudySettingsSchema,
  AeSubjectParamsSchema,
  AeVerificationBodySchema,
  AeVerificationParamsSchema,
  AeViewSchema,
  AmendAeRequestSchema,
  CreateAeRequestSchema,
  SignAeRequestSchema,
  UpdateAeRequestSchema,
} from './schemas';

const AE = '/api/studies/:studyId/ae/:aeId';

const sign = (path: string, summary: string) =>
  ({
    method: 'PUT',
    path: `${AE}/${path}`,
    summary,
    tags: ['adverse events'],
    params: AeParamsSchema,
    body: SignAeRequestSchema,
    response: { 200: AeViewSchema },
  }) as const;

/** The adverse-event endpoints (spec 000 §7 Adverse events, 001 §7 listAe, issue 20 items 1 and 5). */
export const adverseEventEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/api/studies/:studyId/ae',
    summary: 'Report an adverse event for a subject (Extended-Validation header)',
    tags: ['adverse events'],
    params: AeStudyParamsSchema,
    body: CreateAeRequestSchema,
    response: { 201: AeViewSchema },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/ae',
    summary:
      "The study's AEs on the caller's sites, filtered by site, subject, serious, status, outcome, overdue",
    tags: ['adverse events'],
    params: AeStudyParamsSchema,
    query: AeListQuerySchema,
    response: { 200: AeListSchema },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: AE,
    summary: 'One AE with its signatures and amendments; isAudit=true adds its audit history',
    tags: ['adverse events'],
    params: AeParamsSchema,
    query: AeGetQuerySchema,
    response: { 200: AeViewSchema },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: AE,
    summary: 'Change an AE before its first signature (Extended-Validation header)',
    tags: ['adverse events'],
    params: AeParamsSchema,
    body: UpdateAeRequestSchema,
    response: { 200: AeViewSchema },
  }),
  verify: defineEndpoint({
    method: 'PUT',
    path: '/api/studies/:studyId/aes/:aeId/verification/:verificationType',
    summary: 'Set or clear the primary or secondary verification of an AE',
    tags: ['adverse events'],
    params: AeVerificationParamsSchema,
    body: AeVerificationBodySchema,
    response: { 200: AeViewSchema },
  }),
  signClassification: defineEndpoint(
    sign('signClassification', "The investigator's classification signature (Extended-Validation header)"),
  ),
  signFollowUp: defineEndpoint(
    sign('signFollowUp', "The investigator's follow-up signature (Extended-Validation header)"),
  ),
  signInitialSponsor: defineEndpoint(
    sign('signInitialSponsor', "The sponsor's initial evaluation signature (Extended-Validation header)"),
  ),
  signFinalSponsor: defineEndpoint(
    sign('signFinalSponsor', "The sponsor's final evaluation signature (Extended-Validation header)"),
  ),
  amend: defineEndpoint({
    method: 'POST',
    path: '/api/study/:studyId/ae/:aeId/amend',
    summary: 'Amend a signed AE with a reason; the previous values stay (Extended-Validation header)',
    tags: ['adverse events'],
    params: AeParamsSchema,
    body: AmendAeRequestSchema,
    response: { 200: AeViewSchema },
  }),
  listOfSubject: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/subjects/:subjectId/listAe',
    summary: "A subject's AEs",
    tags: ['adverse events'],
    params: AeSubjectParamsSchema,
    response: { 200: AeListSchema },
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/aeSettings',
    summary: "The study's AE settings: safety contacts and sponsor involvement",
    tags: ['adverse events'],
    params: AeStudyParamsSchema,
    response: { 200: AeStudySettingsSchema },
  }),
  updateSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/studies/:studyId/aeSettings',
    summary: "Change the study's AE settings: safety contacts and sponsor involvement",
    tags: ['adverse events'],
    params: AeStudyParamsSchema,
    body: AeStudySettingsSchema,
    response: { 200: AeStudySettingsSchema },
  }),
} as const;
