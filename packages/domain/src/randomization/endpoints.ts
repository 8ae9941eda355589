import { defineEndpoint } from '../common/endpoint';
import {
  AllocationListUploadBodySchema,
  BreakBlindBodySchema,
  BreakBlindResultSchema,
  EnrollmentRandomizationViewSchema,
  RandomizationAllocationViewSchema,
  RandomizationBalanceSchema,
  RandomizationEnrollmentParamsSchema,
  RandomizationProcessParamsSchema,
  RandomizationSaveBodySchema,
  RandomizationTokenParamsSchema,
  RandomizationViewSchema,
  SimulationRequestSchema,
  SimulationResultSchema,
} from './schemas';

/**
 * The randomization endpoints (issue 22, /work/notes/randomization-api.md): spec 001 §7
 * startRandomizationDataEvent and breakBlind (password header), and ours on the process.
 */
export const randomizationEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/pathway/:processId/randomization',
    summary: "A process's randomization: configuration, locks and what is sealed",
    tags: ['randomization'],
    params: RandomizationProcessParamsSchema,
    response: { 200: RandomizationViewSchema },
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: '/api/studies/:studyId/pathway/:processId/randomization',
    summary: "Store a process's randomization configuration (spec 001 §3, §4 locks, §5 rules)",
    tags: ['randomization'],
    params: RandomizationProcessParamsSchema,
    body: RandomizationSaveBodySchema,
    response: { 200: RandomizationViewSchema },
  }),
  uploadList: defineEndpoint({
    method: 'POST',
    path: '/api/studies/:studyId/pathway/:processId/randomization/list',
    summary: 'Upload a custom allocation list (CSV: sequence, stratum, group); locks the configuration',
    tags: ['randomization'],
    params: RandomizationProcessParamsSchema,
    body: AllocationListUploadBodySchema,
    response: { 200: RandomizationViewSchema },
  }),
  exportList: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/pathway/:processId/randomization/list/export',
    summary: 'The sealed allocation list as CSV (audited)',
    tags: ['randomization'],
    params: RandomizationProcessParamsSchema,
  }),
  balance: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/pathway/:processId/randomization/balance',
    summary: 'Allocations per group overall, per stratum and per factor level',
    tags: ['randomization'],
    params: RandomizationProcessParamsSchema,
    response: { 200: RandomizationBalanceSchema },
  }),
  simulate: defineEndpoint({
    method: 'POST',
    path: '/api/studies/:studyId/pathway/:processId/randomization/simulate',
    summary: 'Simulate many trials of the target size and compare the imbalance per method',
    tags: ['randomization'],
    params: RandomizationProcessParamsSchema,
    body: SimulationRequestSchema,
    response: { 200: SimulationResultSchema },
  }),
  startRandomizationDataEvent: defineEndpoint({
    method: 'POST',
    path: '/api/studies/:studyId/enrollments/:enrollmentId/tokens/:tokenId/startRandomizationDataEvent',
    summary: 'Randomize the subject (password in the Extended-Validation header)',
    tags: ['randomization'],
    params: RandomizationTokenParamsSchema,
    response: { 200: RandomizationAllocationViewSchema },
  }),
  ofEnrollment: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/enrollments/:enrollmentId/randomization',
    summary: "The enrollment's allocation (the group only to those who may see it) and blind breaks",
    tags: ['randomization'],
    params: RandomizationEnrollmentParamsSchema,
    response: { 200: EnrollmentRandomizationViewSchema },
  }),
  breakBlind: defineEndpoint({
    method: 'POST',
    path: '/api/studies/:studyId/enrollments/:enrollmentId/breakBlind',
    summary: 'Break the blind of one subject (password in the Extended-Validation header, with a reason)',
    tags: ['randomization'],
    params: RandomizationEnrollmentParamsSchema,
    body: BreakBlindBodySchema,
    response: { 200: BreakBlindResultSchema },
  }),
} as const;
