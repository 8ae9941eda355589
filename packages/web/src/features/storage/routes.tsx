import type { RouteObject } from 'react-router';
import { areaRoutes } from '../../app/lazy-area';

/** Signed-in routes of the storage area (spec 000 routes.tsv /study/{studyId}/storage). */
export const storageRoutes: RouteObject[] = areaRoutes(
  ['storage'],
  [
    {
      path: 'study/:studyId/storage',
      lazy: async () => ({ Component: (await import('./storage-page')).StoragePage }),
    },
  ],
);
