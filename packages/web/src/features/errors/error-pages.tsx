import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page';

/** /404: spec 002 §8 stock text, go back. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return <StatusPage code="404" title={t('ERRORS.TITLE_404')} message={t('ERRORS.404')} primary="back" />;
}

/** /401: spec 002 §8 stock text, go home. */
export function AccessDeniedPage() {
  const { t } = useTranslation();
  return <StatusPage code="401" title={t('ERRORS.TITLE_401')} message={t('ERRORS.401')} primary="home" />;
}

/** /500 and the route error boundary: spec 002 §8 stock text, go back. */
export function ServerErrorPage() {
  const { t } = useTranslation();
  return <StatusPage code="500" title={t('ERRORS.TITLE_500')} message={t('ERRORS.500')} primary="back" />;
}
