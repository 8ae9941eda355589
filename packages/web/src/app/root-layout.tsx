import { useDirection } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { STAFF_REFERENCE_SLOTS } from '../features/adverse-events/reference-slots';
import { ReauthDialog } from '../features/auth/reauth-dialog';
import { ReferenceSlotsProvider } from '../features/forms/renderer/reference-slots';
import { languageDirection } from '../i18n/languages';
import { applySystemDefaultLanguage } from './i18n';
import { UnsupportedScreen } from './shell/unsupported-screen';
import { useSystemInfo } from './system-info';

/**
 * Around every page: waits for the system info (maintenance mode and default language),
 * sends everything to /BRB during maintenance, keeps Mantine's direction in step with
 * the language, and hosts the re-authentication dialog and the rotate-device notice.
 */
export function RootLayout() {
  const systemInfo = useSystemInfo();
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  const defaultLanguage = systemInfo.data?.defaultLanguage;

  useEffect(() => {
    if (defaultLanguage) applySystemDefaultLanguage(defaultLanguage);
  }, [defaultLanguage]);

  useEffect(() => {
    setDirection(languageDirection(i18n.language));
  }, [i18n.language, setDirection]);

  if (systemInfo.isPending) return <FullPageLoader />;
  if (systemInfo.data?.maintenanceMode && pathname !== '/BRB') return <Navigate to="/BRB" replace />;

  return (
    <>
      {/* Issue 20 item 4: staff components of reference questions in every form the renderer draws. */}
      <ReferenceSlotsProvider value={STAFF_REFERENCE_SLOTS}>
        {/* A page whose strings are not there yet (issue 18 item 1) shows the loader, never its keys. */}
        <Suspense fallback={<FullPageLoader />}>
          <Outlet />
        </Suspense>
      </ReferenceSlotsProvider>
      <ReauthDialog />
      <UnsupportedScreen />
    </>
  );
}
