import type { RouteObject } from 'react-router';

/** Signed-in routes of the storage area (spec 000 routes.tsv /study/{studyId}/storage). */
export const storageRoutes: RouteObject[] = [
  {
    path: 'study/:studyId/storage',
    lazy: async () => ({ Component: (await import('./storage-page')).StoragePage }),
  },
];
