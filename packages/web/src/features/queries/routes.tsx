import type { RouteObject } from 'react-router';
import { areaRoutes } from '../../app/lazy-area';

/** Signed-in routes of the queries area (spec 001 §2 /study/{studyId}/queries). */
export const queryRoutes: RouteObject[] = areaRoutes(
  ['queries'],
  [
    {
      path: 'study/:studyId/queries',
      lazy: async () => ({ Component: (await import('./query-list-page')).QueryListPage }),
    },
  ],
);
