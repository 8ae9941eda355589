import type { RouteObject } from 'react-router';

/** Signed-in routes of the randomization area (issue 22: balance report and allocation list export). */
export const randomizationRoutes: RouteObject[] = [
  {
    path: 'study/:studyId/randomization',
    lazy: async () => ({ Component: (await import('./randomization-page')).RandomizationPage }),
  },
];
