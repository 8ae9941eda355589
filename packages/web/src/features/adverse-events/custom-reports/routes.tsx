import type { RouteObject } from 'react-router';
import { areaRoutes } from '../../../app/lazy-area';

/** Signed-in routes of custom AE reports (ae2; spec 000 §2, 001 §2 routes.tsv): list, create, review. */
export const aeReportRoutes: RouteObject[] = areaRoutes(
  ['ae-reports'],
  [
    {
      path: 'study/:studyId/ae2',
      lazy: async () => ({ Component: (await import('./ae-report-list-page')).AeReportListPage }),
    },
    {
      path: 'study/:studyId/pathwayRecord/:pathwayRecordId/ae-report/create',
      lazy: async () => ({ Component: (await import('./ae-report-create-page')).AeReportCreatePage }),
    },
    {
      path: 'study/:studyId/pathwayRecord/:pathwayRecordId/dataEvent/:dataEventId/token/:tokenId/aeReport/:aeReportId/review',
      lazy: async () => ({ Component: (await import('./ae-report-review-page')).AeReportReviewPage }),
    },
  ],
);

/** The review address of a report (the report's form stands in the data event's place). */
export function aeReportReviewPath(r: {
  studyId: string;
  enrollmentId: string;
  formId: string;
  tokenId: string;
  id: string;
}): string {
  return `/study/${r.studyId}/pathwayRecord/${r.enrollmentId}/dataEvent/${r.formId}/token/${r.tokenId}/aeReport/${r.id}/review`;
}
