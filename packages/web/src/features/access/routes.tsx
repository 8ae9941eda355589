import type { RouteObject } from 'react-router';
import { areaRoutes } from '../../app/lazy-area';

/** Signed-in routes of this area (lazy pages): study access management (issue 4). */
export const accessRoutes: RouteObject[] = areaRoutes(
  ['access'],
  [
    {
      path: 'study/:studyId/access',
      lazy: async () => ({ Component: (await import('./access-page')).AccessPage }),
    },
  ],
);
