import type { RouteObject } from 'react-router';
import { areaRoutes } from '../../app/lazy-area';

/** Signed-in routes of external data (issue 28 item 4; spec 001 §2 /study/{studyId}/externalData). */
export const externalDataRoutes: RouteObject[] = areaRoutes(
  // integrations: the password dialog of a deletion.
  ['external-data', 'renderer', 'integrations'],
  [
    {
      path: 'study/:studyId/externalData',
      lazy: async () => ({ Component: (await import('./external-data-page')).ExternalDataPage }),
    },
  ],
);
