import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Spec 001 §7 update with `version`: a 409 means a newer save exists; the user reloads to see it. */
export function ConflictDialog({
  isOpen,
  onReload,
  onClose,
}: {
  isOpen: boolean;
  onReload: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={isOpen} onClose={onClose} title={t('QUESTIONNAIRES.MESSAGES.CONFLICT_TITLE')} centered>
      <Text mb="md">{t('QUESTIONNAIRES.MESSAGES.CONFLICT')}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('QUESTIONNAIRES.ACTIONS.CANCEL')}
        </Button>
        <Button onClick={onReload} data-testid="conflict-reload">
          {t('QUESTIONNAIRES.ACTIONS.RELOAD')}
        </Button>
      </Group>
    </Modal>
  );
}
