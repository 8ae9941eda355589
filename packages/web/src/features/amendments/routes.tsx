import type { RouteObject } from 'react-router';
import { areaRoutes } from '../../app/lazy-area';

/** The amendment's impact preview (issue 23 item 2, beyond spec routes.tsv). */
export const amendmentRoutes: RouteObject[] = areaRoutes(
  ['amendments', 'studies', 'forms', 'processes'],
  [
    {
      path: 'study/:studyId/amendment/impact',
      lazy: async () => ({ Component: (await import('./impact-page')).AmendmentImpactPage }),
    },
  ],
);
