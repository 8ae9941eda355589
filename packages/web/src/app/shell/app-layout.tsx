import { AppShell, Burger, Group, Progress, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { SessionUser } from '@trialbase/domain';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigation } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { LanguageSwitch } from '../../components/language-switch';
import { SideMenu } from './side-menu';
import { UserMenu } from './user-menu';

/** The staff shell: toolbar on top, side menu at the start edge, page in the middle. */
export function AppLayout({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const [isNavOpen, { toggle, close }] = useDisclosure(false);
  // While the next screen's chunk and strings download (lazy areas, issue 18 item 1), the current
  // page stays and a thin bar under the toolbar says something is on its way.
  const isNavigating = useNavigation().state === 'loading';

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !isNavOpen } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={isNavOpen}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('NAV.TOGGLE')}
            />
            <Text component={Link} to="/study" fw={800} fz="lg" c="blue.7" td="none">
              Trialbase
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            <LanguageSwitch />
            <UserMenu user={user} />
          </Group>
        </Group>
        {isNavigating && (
          <Progress
            value={100}
            animated
            size={3}
            radius={0}
            pos="absolute"
            bottom={0}
            left={0}
            right={0}
            aria-label={t('COMMON.LOADING')}
            data-testid="navigation-progress"
          />
        )}
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <SideMenu user={user} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense fallback={<FullPageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
