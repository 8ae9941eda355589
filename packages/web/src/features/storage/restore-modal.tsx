import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { StorageItem } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRestoreItem } from './api';

type RestoreModalProps = { studyId: string; item: StorageItem | null; onClose: () => void };

/** Asks why an item comes back from the storage, then restores it. */
export function RestoreModal({ studyId, item, onClose }: RestoreModalProps) {
  const { t } = useTranslation();
  const restore = useRestoreItem(studyId);
  const [reason, setReason] = useState('');
  const isValid = reason.trim().length > 0;

  const handleClose = () => {
    setReason('');
    onClose();
  };
  const handleRestore = () => {
    if (!item || !isValid) return;
    restore.mutate({ type: item.type, id: item.id, reason: reason.trim() }, { onSuccess: handleClose });
  };

  return (
    <Modal opened={item !== null} onClose={handleClose} title={t('STORAGE.RESTORE_TITLE')}>
      <Stack>
        <Text size="sm">{item ? t('STORAGE.RESTORE_TEXT', { label: item.label }) : null}</Text>
        <Textarea
          label={t('STORAGE.REASON')}
          required
          autosize
          minRows={2}
          maxLength={1000}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={handleClose}>
            {t('STORAGE.CANCEL')}
          </Button>
          <Button onClick={handleRestore} disabled={!isValid} loading={restore.isPending}>
            {t('STORAGE.RESTORE')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
