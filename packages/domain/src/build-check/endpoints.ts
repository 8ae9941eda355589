import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { BuildCheckReportSchema } from './model';

/** Issue 23 item 3 (beyond the spec): the study-build check, read like the study design. */
export const buildCheckEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/study/:studyId/buildCheck',
    summary: 'Study-build check: diagnostics of forms, processes, rules and texts before going live',
    tags: ['build-check'],
    params: z.object({ studyId: z.string().min(1).max(64) }),
    response: { 200: BuildCheckReportSchema },
  }),
};
