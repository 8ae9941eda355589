import type { RouteObject } from 'react-router';
import { areaRoutes } from '../../app/lazy-area';

/** Signed-in routes of the randomization area (issue 22: balance report and allocation list export). */
export const randomizationRoutes: RouteObject[] = areaRoutes(
  ['randomization'],
  [
    {
      path: 'study/:studyId/randomization',
      lazy: async () => ({ Component: (await import('./randomization-page')).RandomizationPage }),
    },
  ],
);
