import type { RouteObject } from 'react-router';

/** Signed-in routes of this area (lazy pages): study access management (issue 4). */
export const accessRoutes: RouteObject[] = [
  {
    path: 'study/:studyId/access',
    lazy: async () => ({ Component: (await import('./access-page')).AccessPage }),
  },
];
