import { createBrowserRouter, Navigate } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { accessRoutes } from '../features/access/routes';
import { adminRoutes } from '../features/admin/routes';
import { aeReportRoutes } from '../features/adverse-events/custom-reports/routes';
import { adverseEventRoutes } from '../features/adverse-events/routes';
import { amendmentRoutes } from '../features/amendments/routes';
import { authRoutes } from '../features/auth/routes';
import { buildCheckRoutes } from '../features/build-check/routes';
import { dataViewRoutes } from '../features/data-views/routes';
import { econsentRoutes } from '../features/econsent/routes';
import { errorRoutes } from '../features/errors/routes';
import { exportRoutes } from '../features/exports/routes';
import { externalDataRoutes } from '../features/external-data/routes';
import { fileVaultRoutes } from '../features/file-vault/routes';
import { formRoutes } from '../features/forms/routes';
import { integrationRoutes } from '../features/integrations/routes';
import { medicationRoutes } from '../features/medication/routes';
import { processRoutes } from '../features/processes/routes';
import { queryRoutes } from '../features/queries/routes';
import { questionnaireRoutes } from '../features/questionnaires/routes';
import { randomizationRoutes } from '../features/randomization/routes';
import { ruleRoutes } from '../features/rules/routes';
import { siteRoutes } from '../features/sites/routes';
import { storageRoutes } from '../features/storage/routes';
import { studyRoutes } from '../features/studies/routes';
import { subjectRoutes } from '../features/subjects/routes';
import { translationRoutes } from '../features/translations/routes';
import { accountAdminRoutes, accountPublicRoutes, accountRoutes } from '../features/users/routes';
import { webhookRoutes } from '../features/webhooks/routes';
import { HomeRedirect, RequireSession, RequireSystemAdmin } from './guards';
import { setNavigator } from './navigation';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error-boundary';
import { pendingSectionRoutes } from './shell/pending-section-page';

/** Routes of spec/routes.tsv built so far; pages are lazy so the first download stays small. */
export function createAppRouter() {
  const router = createBrowserRouter([
    {
      path: '/',
      Component: RootLayout,
      ErrorBoundary: RouteErrorBoundary,
      HydrateFallback: FullPageLoader,
      children: [
        { index: true, Component: HomeRedirect },
        ...authRoutes,
        ...accountPublicRoutes,
        ...errorRoutes,
        {
          Component: RequireSession,
          children: [
            ...studyRoutes,
            ...siteRoutes,
            ...accessRoutes,
            ...integrationRoutes,
            ...webhookRoutes,
            ...fileVaultRoutes,
            ...externalDataRoutes,
            ...formRoutes,
            ...ruleRoutes,
            ...buildCheckRoutes,
            ...amendmentRoutes,
            ...processRoutes,
            ...questionnaireRoutes,
            ...queryRoutes,
            ...subjectRoutes,
            ...translationRoutes,
            ...adverseEventRoutes,
            ...aeReportRoutes,
            ...storageRoutes,
            ...exportRoutes,
            ...randomizationRoutes,
            ...medicationRoutes,
            ...econsentRoutes,
            ...dataViewRoutes,
            ...pendingSectionRoutes,
            ...accountRoutes,
            {
              path: 'admin',
              Component: RequireSystemAdmin,
              children: [
                { index: true, element: <Navigate to="outbox" replace /> },
                ...adminRoutes,
                ...accountAdminRoutes,
              ],
            },
          ],
        },
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ]);
  setNavigator((to, options) => {
    void router.navigate(to, options);
  });
  return router;
}
