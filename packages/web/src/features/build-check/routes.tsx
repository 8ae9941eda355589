import type { RouteObject } from 'react-router';
import { areaRoutes } from '../../app/lazy-area';

/** Signed-in routes of the build-check area (issue 23 item 3, beyond spec routes.tsv). */
export const buildCheckRoutes: RouteObject[] = areaRoutes(
  ['build-check'],
  [
    {
      path: 'study/:studyId/buildCheck',
      lazy: async () => ({ Component: (await import('./build-check-page')).BuildCheckPage }),
    },
  ],
);
