import type { RouteObject } from 'react-router';

export const studyRoutes: RouteObject[] = [
  { path: 'study', lazy: async () => ({ Component: (await import('./study-list-page')).StudyListPage }) },
  {
    path: 'study/:studyId/overview',
    lazy: async () => ({ Component: (await import('./study-overview-page')).StudyOverviewPage }),
  },
];
