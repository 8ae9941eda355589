import type { RouteObject } from 'react-router';
import { areaRoutes } from '../../app/lazy-area';

/** Signed-in routes of the processes area (spec 001 §2): list, create/edit, read-only view. */
export const processRoutes: RouteObject[] = areaRoutes(
  ['processes'],
  [
    {
      path: 'study/:studyId/pathway',
      lazy: async () => ({ Component: (await import('./list/process-list-page')).ProcessListPage }),
    },
    {
      path: 'study/:studyId/pathway/create',
      lazy: async () => ({ Component: (await import('./editor/editor-page')).ProcessEditorPage }),
    },
    {
      path: 'study/:studyId/pathway/:id/edit',
      lazy: async () => ({ Component: (await import('./editor/editor-page')).ProcessEditorPage }),
    },
    {
      path: 'study/:studyId/pathway/:id',
      lazy: async () => ({ Component: (await import('./view/process-view-page')).ProcessViewPage }),
    },
  ],
);
