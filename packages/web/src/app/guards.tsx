import { Button, Center, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { useSession } from '../features/auth/api';
import { loginPathFor } from './navigation';
import { AppLayout } from './shell/app-layout';

function SessionUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" ta="center">
        <Text size="lg">{t('ERRORS.500')}</Text>
        <Button onClick={onRetry}>{t('COMMON.RETRY')}</Button>
      </Stack>
    </Center>
  );
}

/** Signed-in staff only: everybody else goes to login and comes back afterwards. */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <FullPageLoader />;
  if (session.isError) return <SessionUnavailable onRetry={() => void session.refetch()} />;
  if (!session.data) return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
  return <AppLayout user={session.data.user} />;
}

/** System administration: anyone else sees the access-denied page. */
export function RequireSystemAdmin() {
  const session = useSession();
  if (!session.data?.user.isSystemAdmin) return <Navigate to="/401" replace />;
  return <Outlet />;
}

/** Spec 000 §2: the empty path and / go to login, or to the study list when signed in. */
export function HomeRedirect() {
  const session = useSession();
  if (session.isPending) return <FullPageLoader />;
  return <Navigate to={session.data ? '/study' : '/authentication/login'} replace />;
}
