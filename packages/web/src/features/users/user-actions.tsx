import { ActionIcon, Button, Group, Menu, Modal, Text } from '@mantine/core';
import { IconDots, IconLockOpen, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import type { AdminUser } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverErrorMessage } from '../../app/form-errors';
import { showErrorToast, showSuccessToast } from '../../app/notify';
import { type UserAction, useUserAction } from './api';

const DONE_KEYS = {
  disable: 'ACCOUNTS.ADMIN.DONE.DISABLED',
  enable: 'ACCOUNTS.ADMIN.DONE.ENABLED',
  unlock: 'ACCOUNTS.ADMIN.DONE.UNLOCKED',
} as const satisfies Record<UserAction, string>;

/** Row actions of the admin user list: disable (confirmed; AC-3 ends sessions), enable, unlock. */
export function UserActions({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const { t } = useTranslation();
  const action = useUserAction();
  const [isConfirming, setIsConfirming] = useState(false);
  const name = `${user.firstName} ${user.lastName}`;

  const run = (verb: UserAction) => {
    action.mutate(
      { id: user.id, action: verb },
      {
        onSuccess: () => {
          setIsConfirming(false);
          showSuccessToast(t(DONE_KEYS[verb], { name }));
        },
        onError: (error) => showErrorToast(serverErrorMessage(error)),
      },
    );
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={t('ACCOUNTS.ADMIN.ROW_ACTIONS', { name })}>
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {user.status === 'DISABLED' ? (
            <Menu.Item leftSection={<IconUserCheck size={16} aria-hidden />} onClick={() => run('enable')}>
              {t('ACCOUNTS.ADMIN.ACTIONS.ENABLE')}
            </Menu.Item>
          ) : (
            <Menu.Item
              color="red"
              disabled={isSelf}
              leftSection={<IconUserOff size={16} aria-hidden />}
              onClick={() => setIsConfirming(true)}
            >
              {t('ACCOUNTS.ADMIN.ACTIONS.DISABLE')}
            </Menu.Item>
          )}
          <Menu.Item
            disabled={user.status !== 'LOCKED' && user.failedLoginCount === 0}
            leftSection={<IconLockOpen size={16} aria-hidden />}
            onClick={() => run('unlock')}
          >
            {t('ACCOUNTS.ADMIN.ACTIONS.UNLOCK')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal
        opened={isConfirming}
        onClose={() => setIsConfirming(false)}
        title={t('ACCOUNTS.ADMIN.CONFIRM_DISABLE_TITLE')}
      >
        <Text size="sm" mb="lg">
          {t('ACCOUNTS.ADMIN.CONFIRM_DISABLE_TEXT', { name })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setIsConfirming(false)}>
            {t('ACCOUNTS.ADMIN.CANCEL')}
          </Button>
          <Button color="red" loading={action.isPending} onClick={() => run('disable')}>
            {t('ACCOUNTS.ADMIN.ACTIONS.DISABLE')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
