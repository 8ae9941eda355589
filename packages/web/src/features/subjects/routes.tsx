import type { RouteObject } from 'react-router';
import { areaRoutes } from '../../app/lazy-area';

/** Signed-in routes of the subjects area (spec 001 §2): list, create, edit and the subject view. */
export const subjectRoutes: RouteObject[] = areaRoutes(
  ['subjects'],
  [
    {
      path: 'study/:studyId/patient',
      lazy: async () => ({ Component: (await import('./list/subject-list-page')).SubjectListPage }),
    },
    {
      path: 'study/:studyId/patient/create',
      lazy: async () => ({ Component: (await import('./form/subject-form-page')).SubjectFormPage }),
    },
    {
      path: 'study/:studyId/patient/:id/edit',
      lazy: async () => ({ Component: (await import('./form/subject-form-page')).SubjectFormPage }),
    },
    {
      path: 'study/:studyId/patient/:id',
      lazy: async () => ({ Component: (await import('./view/subject-view-page')).SubjectViewPage }),
    },
  ],
);
