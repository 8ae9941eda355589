import type { RouteObject } from 'react-router';
import { areaRoutes } from '../../app/lazy-area';

/** Signed-in routes of the medication area (issue 21 item 3; routes.tsv lists none, so /study/{studyId}/medication). */
export const medicationRoutes: RouteObject[] = areaRoutes(
  ['medication'],
  [
    {
      path: 'study/:studyId/medication',
      lazy: async () => ({ Component: (await import('./medication-list-page')).MedicationListPage }),
    },
  ],
);
