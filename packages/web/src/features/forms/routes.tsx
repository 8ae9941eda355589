import type { RouteObject } from 'react-router';
import { areaRoutes } from '../../app/lazy-area';

/** Signed-in routes of this area (lazy pages; spec 001 §2 form list, builder and print). */
export const formRoutes: RouteObject[] = areaRoutes(
  ['forms'],
  [
    {
      path: 'study/:studyId/questionnaireTemplate',
      lazy: async () => ({ Component: (await import('./list/form-list-page')).FormListPage }),
    },
    {
      path: 'study/:studyId/questionnaireTemplate/create',
      lazy: async () => ({ Component: (await import('./builder/builder-page')).FormBuilderPage }),
    },
    {
      path: 'study/:studyId/questionnaireTemplate/:id/edit',
      lazy: async () => ({ Component: (await import('./builder/builder-page')).FormBuilderPage }),
    },
    {
      path: 'study/:studyId/questionnaireTemplate/:id',
      lazy: async () => ({ Component: (await import('./preview-page')).FormPreviewPage }),
    },
    {
      path: 'study/:studyId/questionnaireTemplate/:id/print',
      lazy: async () => ({ Component: (await import('./list/print-form-page')).PrintFormPage }),
    },
  ],
);
