import type { RouteObject } from 'react-router';
import { areaRoutes } from '../../app/lazy-area';

export const studyRoutes: RouteObject[] = areaRoutes(
  ['studies'],
  [
    { path: 'study', lazy: async () => ({ Component: (await import('./study-list-page')).StudyListPage }) },
    {
      path: 'study/:studyId/overview',
      lazy: async () => ({ Component: (await import('./study-overview-page')).StudyOverviewPage }),
    },
  ],
);
