import type { RouteObject } from 'react-router';

/** Signed-in routes of the build-check area (issue 23 item 3, beyond spec routes.tsv). */
export const buildCheckRoutes: RouteObject[] = [
  {
    path: 'study/:studyId/buildCheck',
    lazy: async () => ({ Component: (await import('./build-check-page')).BuildCheckPage }),
  },
];
