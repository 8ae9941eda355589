import type { RouteObject } from 'react-router';
import { areaRoutes } from '../../app/lazy-area';

/** Signed-in routes of staff data entry (spec 001 §2): healthcare-professional fill, review and update. */
export const questionnaireRoutes: RouteObject[] = areaRoutes(
  ['questionnaires', 'renderer'],
  [
    {
      path: 'study/:studyId/patient/visit/:pathwayRecordId/:tokenId/:dataEventId',
      lazy: async () => ({ Component: (await import('./fill-page')).StaffFillPage }),
    },
    {
      path: 'study/:studyId/patient/review/:pathwayRecordId/:dataEventId/:tokenId',
      lazy: async () => ({ Component: (await import('./review-page')).StaffReviewPage }),
    },
  ],
);
