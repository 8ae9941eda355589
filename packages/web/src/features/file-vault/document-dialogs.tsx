import { Badge, Button, Group, Loader, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { VaultDocument } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverErrorMessage } from '../../app/form-errors';
import { formatDateTime } from '../../app/format';
import { isHttpError } from '../../app/http';
import { showErrorToast, showSuccessToast } from '../../app/notify';
import { downloadVaultDocument, useRemoveDocument, useVaultDocument } from './api';
import { UploadedBy } from './document-card';

/** Every version of a document, newest first, each downloadable (previous versions are kept). */
export function VersionsModal({
  studyId,
  document,
  onClose,
}: {
  studyId: string;
  document: VaultDocument;
  onClose: () => void;
}) {
  const { t } = useTranslation(['common', 'file-vault']);
  const detail = useVaultDocument(studyId, document.id);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('FILE_VAULT.VERSIONS_TITLE', { title: document.title })}
      size="lg"
    >
      {detail.isPending && <Loader size="sm" aria-label={t('FILE_VAULT.LOADING')} />}
      <Stack gap="sm">
        {detail.data?.versions.map((version) => (
          <Group
            key={version.id}
            justify="space-between"
            wrap="wrap"
            gap="xs"
            data-testid="vault-version-row"
          >
            <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
              <Group gap="xs" wrap="nowrap">
                <Badge
                  variant={version.version === document.current.version ? 'filled' : 'outline'}
                  style={{ flexShrink: 0 }}
                >
                  {t('FILE_VAULT.VERSION', { version: version.version })}
                </Badge>
                <Text size="sm" truncate="end">
                  <bdi>{version.fileName}</bdi>
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {t('FILE_VAULT.DETAILS', {
                  size: Math.ceil(version.size / 1024),
                  time: formatDateTime(version.uploadedTime),
                })}
              </Text>
              <UploadedBy version={version} />
              {version.comment && (
                <Text size="xs">
                  <bdi>{version.comment}</bdi>
                </Text>
              )}
            </Stack>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} />}
              aria-label={t('FILE_VAULT.DOWNLOAD_NAMED', { name: version.fileName })}
              onClick={() =>
                void downloadVaultDocument(
                  studyId,
                  { id: document.id, fileName: version.fileName },
                  version.version,
                ).catch((error: unknown) => showErrorToast(serverErrorMessage(error)))
              }
            >
              {t('FILE_VAULT.DOWNLOAD')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Modal>
  );
}

/** Soft delete with a reason (audited); the document leaves the folder for everyone. */
export function RemoveModal({
  studyId,
  document,
  onClose,
}: {
  studyId: string;
  document: VaultDocument;
  onClose: () => void;
}) {
  const { t } = useTranslation(['common', 'file-vault']);
  const remove = useRemoveDocument(studyId, document.id);
  const [reason, setReason] = useState('');
  async function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    try {
      await remove.mutateAsync(reason.trim());
      showSuccessToast(t('FILE_VAULT.REMOVED'));
      onClose();
    } catch (error) {
      showErrorToast(serverErrorMessage(error));
    }
  }
  return (
    <Modal opened onClose={onClose} title={t('FILE_VAULT.REMOVE_TITLE', { title: document.title })}>
      <form onSubmit={(event) => void handleSubmit(event)}>
        <Stack gap="md">
          <Text size="sm">{t('FILE_VAULT.REMOVE_TEXT')}</Text>
          <Textarea
            label={t('FILE_VAULT.REASON')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            required
            maxLength={1000}
            autosize
            minRows={2}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('FILE_VAULT.CANCEL')}
            </Button>
            <Button type="submit" color="red" disabled={reason.trim() === ''} loading={remove.isPending}>
              {t('FILE_VAULT.REMOVE')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Create or rename a folder; a name in use gives DUPLICATE_NAME on the field. */
export function FolderModal({
  title,
  initial,
  onSave,
  onClose,
}: {
  title: string;
  initial: string;
  onSave: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['common', 'file-vault']);
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  async function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    try {
      await onSave(name.trim());
      showSuccessToast(t('FILE_VAULT.FOLDER_SAVED'));
      onClose();
    } catch (caught) {
      setError(
        isHttpError(caught) && caught.body?.id === 'DUPLICATE_NAME'
          ? t('FILE_VAULT.DUPLICATE_NAME')
          : serverErrorMessage(caught),
      );
    } finally {
      setPending(false);
    }
  }
  return (
    <Modal opened onClose={onClose} title={title}>
      <form onSubmit={(event) => void handleSubmit(event)}>
        <Stack gap="md">
          <TextInput
            label={t('FILE_VAULT.FOLDER_NAME')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error}
            required
            maxLength={128}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('FILE_VAULT.CANCEL')}
            </Button>
            <Button type="submit" disabled={name.trim() === ''} loading={pending}>
              {t('FILE_VAULT.SAVE')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
