import type { RouteObject } from 'react-router';
import { areaRoutes } from '../../app/lazy-area';

/** Signed-in routes of this area (lazy pages): sites overview and site overview (spec 000 §2). */
export const siteRoutes: RouteObject[] = areaRoutes(
  ['sites'],
  [
    {
      path: 'study/:studyId/sites',
      lazy: async () => ({ Component: (await import('./sites-page')).SitesPage }),
    },
    {
      path: 'study/:studyId/sites/:siteId',
      lazy: async () => ({ Component: (await import('./site-page')).SitePage }),
    },
  ],
);
