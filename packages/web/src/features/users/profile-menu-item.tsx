import { Menu } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The user menu's entry to the own profile (spec 001 §2 `/profile/{id}`); mounted in the shell's user menu. */
export function ProfileMenuItem({ userId }: { userId: string }) {
  const { t } = useTranslation();
  return (
    <Menu.Item
      component={Link}
      to={`/profile/${userId}`}
      leftSection={<IconUserCircle size={16} aria-hidden />}
    >
      {t('NAV.PROFILE')}
    </Menu.Item>
  );
}
