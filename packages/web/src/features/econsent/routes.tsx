import type { RouteObject } from 'react-router';
import { areaRoutes } from '../../app/lazy-area';

/** Signed-in routes of the e-consent area (routes.tsv e-consent list and view; issue 24). */
export const econsentRoutes: RouteObject[] = areaRoutes(
  ['econsent'],
  [
    {
      path: 'study/:studyId/econsent',
      lazy: async () => ({ Component: (await import('./econsent-page')).EConsentPage }),
    },
    {
      path: 'study/:studyId/econsent/:id',
      lazy: async () => ({ Component: (await import('./consent-view-page')).EConsentViewPage }),
    },
  ],
);
