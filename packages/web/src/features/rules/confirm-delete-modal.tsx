import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generalError } from './rule-text';

type ConfirmDeleteModalProps = {
  name: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  onDeleted?: () => void;
};

/** Asks before deleting a rule (spec 001 §2: deleting a rule asks for confirmation). */
export function ConfirmDeleteModal({ name, onConfirm, onClose, onDeleted }: ConfirmDeleteModalProps) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);

  const handleConfirm = async () => {
    setProblem(null);
    setIsPending(true);
    try {
      await onConfirm();
      onClose();
      onDeleted?.();
    } catch (error) {
      setProblem(generalError(error, t));
    } finally {
      setIsPending(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('RULES.DELETE.TITLE')}>
      <Stack gap="md">
        <Text>{t('RULES.DELETE.CONFIRM', { question: name })}</Text>
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('RULES.BUTTONS.CANCEL')}
          </Button>
          <Button color="red" loading={isPending} onClick={() => void handleConfirm()}>
            {t('RULES.BUTTONS.DELETE')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
