import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generalError } from './form-errors';

type ConfirmDeleteModalProps = {
  title: string;
  message: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  onDeleted?: () => void;
};

/** Asks before deleting; a refusal (ACTIVE_SITE, status, permission) is shown in the dialog. */
export function ConfirmDeleteModal({
  title,
  message,
  onConfirm,
  onClose,
  onDeleted,
}: ConfirmDeleteModalProps) {
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
      setProblem(generalError(error));
    } finally {
      setIsPending(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={title}>
      <Stack gap="md">
        <Text>{message}</Text>
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('SITES.ACTIONS.CANCEL')}
          </Button>
          <Button
            color="red"
            loading={isPending}
            disabled={problem !== null}
            onClick={() => void handleConfirm()}
          >
            {t('SITES.ACTIONS.DELETE')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
