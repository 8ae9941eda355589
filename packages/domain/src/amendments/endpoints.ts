import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { AmendmentImpactSchema } from './model';

/** Issue 23 item 2 (beyond the spec): the running amendment's impact preview, guarded like finishAmendment. */
export const amendmentEndpoints = {
  impact: defineEndpoint({
    method: 'GET',
    path: '/api/study/:id/amendment/impact',
    summary:
      'Impact preview of the running amendment: the diff against the published study and counts per site',
    tags: ['amendments'],
    params: z.object({ id: z.string().min(1).max(64) }),
    response: { 200: AmendmentImpactSchema },
  }),
};
