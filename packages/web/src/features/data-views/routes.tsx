import type { RouteObject } from 'react-router';
import { areaRoutes } from '../../app/lazy-area';

/**
 * Signed-in routes of the data views (spec 001 §2 /study/{studyId}/data, issue 25) and the reports
 * (routes.tsv /study/{studyId}/reports/verification and /reports/site; 000 §2 reports-verification,
 * reports-site-report).
 */
export const dataViewRoutes: RouteObject[] = areaRoutes(
  ['data-views', 'questionnaires'],
  [
    {
      path: 'study/:studyId/data',
      lazy: async () => ({ Component: (await import('./data-page')).DataPage }),
    },
    {
      path: 'study/:studyId/reports/verification',
      lazy: async () => ({
        Component: (await import('./reports/verification-report-page')).VerificationReportPage,
      }),
    },
    {
      path: 'study/:studyId/reports/site',
      lazy: async () => ({ Component: (await import('./reports/site-report-page')).SiteReportPage }),
    },
  ],
);
