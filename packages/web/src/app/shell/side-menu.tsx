import { NavLink, ScrollArea, Stack } from '@mantine/core';
import { IconFlask, IconMail, IconSettings, IconShieldCheck } from '@tabler/icons-react';
import type { SessionUser } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

type SideMenuProps = { user: SessionUser; onNavigate: () => void };

/** The staff side menu; admin entries only for system administrators (the server refuses others anyway). */
export function SideMenu({ user, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isActive = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

  return (
    <ScrollArea component="nav" aria-label={t('NAV.MAIN')} type="scroll">
      <Stack gap={2}>
        <NavLink
          component={Link}
          to="/study"
          label={t('NAV.STUDIES')}
          leftSection={<IconFlask size={18} aria-hidden />}
          active={isActive('/study')}
          onClick={onNavigate}
        />
        {user.isSystemAdmin && (
          <NavLink
            label={t('NAV.ADMIN')}
            leftSection={<IconSettings size={18} aria-hidden />}
            defaultOpened={isActive('/admin')}
            childrenOffset="lg"
          >
            <NavLink
              component={Link}
              to="/admin/outbox"
              label={t('NAV.OUTBOX')}
              leftSection={<IconMail size={16} aria-hidden />}
              active={isActive('/admin/outbox')}
              onClick={onNavigate}
            />
            <NavLink
              component={Link}
              to="/admin/audit"
              label={t('NAV.AUDIT')}
              leftSection={<IconShieldCheck size={16} aria-hidden />}
              active={isActive('/admin/audit')}
              onClick={onNavigate}
            />
          </NavLink>
        )}
      </Stack>
    </ScrollArea>
  );
}
