import type { RouteObject } from 'react-router';
import { areaRoutes } from '../../app/lazy-area';

/** Signed-in routes of the adverse events area (spec 000 §2, routes.tsv): list, create, view or edit. */
export const adverseEventRoutes: RouteObject[] = areaRoutes(
  ['adverse-events'],
  [
    {
      path: 'study/:studyId/ae',
      lazy: async () => ({ Component: (await import('./ae-list-page')).AeListPage }),
    },
    {
      path: 'study/:studyId/ae/:recordId/create',
      lazy: async () => ({ Component: (await import('./ae-create-page')).AeCreatePage }),
    },
    {
      path: 'study/:studyId/ae/:id/edit',
      lazy: async () => ({ Component: (await import('./ae-edit-page')).AeEditPage }),
    },
  ],
);
