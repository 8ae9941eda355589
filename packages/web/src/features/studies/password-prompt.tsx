import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type PasswordPromptProps = {
  opened: boolean;
  error: string | null;
  pending: boolean;
  onConfirm: (password: string) => void;
  onClose: () => void;
  /** What the password signs (21 CFR 11.50 meaning), shown instead of the general extended-validation text. */
  meaning?: string;
};

/** Spec 000 §6 extended validation: asks for the password that signs the next action. */
export function PasswordPrompt({ opened, error, pending, onConfirm, onClose, meaning }: PasswordPromptProps) {
  const { t } = useTranslation(['common', 'studies']);
  const [password, setPassword] = useState('');
  return (
    <Modal
      opened={opened}
      onClose={() => {
        setPassword('');
        onClose();
      }}
      title={t('STUDY.EV.TITLE')}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (password) onConfirm(password);
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{meaning ?? t('STUDY.EV.TEXT')}</Text>
          <PasswordInput
            label={t('STUDY.EV.PASSWORD')}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={error}
            autoComplete="current-password"
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button type="submit" loading={pending} disabled={!password}>
              {t('STUDY.EV.CONFIRM')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
