import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Navigate, useRouteError } from 'react-router';
import { StatusPage } from '../features/errors/status-page';

/** Spec 000 §8: a failure while loading or showing a page goes to the 500 state. */
export function RouteErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <Navigate to="/404" replace />;
  return <StatusPage code="500" title={t('ERRORS.TITLE_500')} message={t('ERRORS.500')} primary="back" />;
}
