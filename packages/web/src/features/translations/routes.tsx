import type { RouteObject } from 'react-router';
import { areaRoutes } from '../../app/lazy-area';

/** Signed-in routes of this area (lazy pages): the translations overview and its three editors (spec 001 §2). */
export const translationRoutes: RouteObject[] = areaRoutes(
  ['translations'],
  [
    {
      path: 'study/:studyId/translations',
      lazy: async () => ({ Component: (await import('./overview-page')).TranslationsOverviewPage }),
    },
    {
      path: 'study/:studyId/translate/forms',
      lazy: async () => ({ Component: (await import('./editor-pages')).FormTranslationPage }),
    },
    {
      path: 'study/:studyId/translate/pathways',
      lazy: async () => ({ Component: (await import('./editor-pages')).PathwayTranslationPage }),
    },
    {
      path: 'study/:studyId/translate/rules',
      lazy: async () => ({ Component: (await import('./editor-pages')).RuleTranslationPage }),
    },
  ],
);
