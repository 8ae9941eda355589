import type { RouteObject } from 'react-router';
import { areaRoutes } from '../../app/lazy-area';

/** Signed-in routes of the exports area (issue 26: /study/{studyId}/exports). */
export const exportRoutes: RouteObject[] = areaRoutes(
  ['exports'],
  [
    {
      path: 'study/:studyId/exports',
      lazy: async () => ({ Component: (await import('./export-builder-page')).ExportBuilderPage }),
    },
  ],
);
