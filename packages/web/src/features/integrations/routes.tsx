import type { RouteObject } from 'react-router';
import { areaRoutes } from '../../app/lazy-area';

/** Signed-in routes of this area (lazy pages): spec 001 §2 API access. */
export const integrationRoutes: RouteObject[] = areaRoutes(
  ['integrations'],
  [
    {
      path: 'study/:studyId/api',
      lazy: async () => ({ Component: (await import('./api-access-page')).ApiAccessPage }),
    },
  ],
);
