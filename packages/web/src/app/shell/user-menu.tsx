import { Avatar, Button, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import type { SessionUser } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLogout } from '../../features/auth/api';
import { ProfileMenuItem } from '../../features/users/profile-menu-item';
import { showSuccessToast } from '../notify';

function initialsOf(user: SessionUser): string {
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
  return initials || user.email.charAt(0).toUpperCase();
}

export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.email;

  const handleLogout = () => {
    logout.mutate(undefined, {
      onSettled: () => {
        showSuccessToast(t('LOGIN.LOGGED_OUT'));
        void navigate('/authentication/login', { replace: true });
      },
    });
  };

  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          px={6}
          aria-label={t('TOOLBAR.USER_MENU')}
          leftSection={
            <Avatar size={28} radius="xl" color="blue">
              {initialsOf(user)}
            </Avatar>
          }
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          <Text size="sm" fw={500} visibleFrom="sm" maw={180} truncate="end">
            {fullName}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate="end">
            {fullName}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('TOOLBAR.SIGNED_IN_AS', { email: user.email })}
          </Text>
          {user.isSystemAdmin && (
            <Text size="xs" c="dimmed">
              {t('TOOLBAR.SYSTEM_ADMIN')}
            </Text>
          )}
        </Menu.Label>
        <ProfileMenuItem userId={user.id} />
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={handleLogout}>
          {t('TOOLBAR.LOGOUT')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
