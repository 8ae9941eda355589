import { ActionIcon, Badge, Button, Card, Group, Menu, Stack, Text } from '@mantine/core';
import {
  IconDots,
  IconDownload,
  IconFileText,
  IconHistory,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import type { SiteView, VaultAbilities, VaultDocument, VaultVersion } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { serverErrorMessage } from '../../app/form-errors';
import { formatDateTime } from '../../app/format';
import { showErrorToast } from '../../app/notify';
import { isolateText } from '../forms/renderer/text';
import { downloadVaultDocument } from './api';

export type DocumentAction = 'versions' | 'version' | 'remove';

/**
 * Who uploaded a version: "First Last" (isolated, so a name in another direction keeps its order),
 * the email on hover; the user id only if the user row is gone.
 */
export function UploadedBy({ version }: { version: VaultVersion }) {
  const { t } = useTranslation('file-vault');
  return (
    <Text
      size="xs"
      c="dimmed"
      title={version.uploadedByEmail ?? undefined}
      data-testid="vault-uploader"
      style={{ overflowWrap: 'anywhere' }}
    >
      {t('FILE_VAULT.UPLOADED_BY', { name: isolateText(version.uploadedByName ?? version.uploadedBy) })}
    </Text>
  );
}

/** One document: title, current version, who sees it, download and (for its managers) changes. */
export function DocumentCard({
  studyId,
  document,
  abilities,
  sites,
  onAction,
}: {
  studyId: string;
  document: VaultDocument;
  abilities: VaultAbilities;
  sites: readonly SiteView[] | undefined;
  onAction: (action: DocumentAction) => void;
}) {
  const { t } = useTranslation(['common', 'file-vault']);
  const siteNames = document.siteIds
    ? document.siteIds.map((id) => sites?.find((s) => s.id === id)?.name ?? id).join(', ')
    : t('FILE_VAULT.ALL_SITES');
  const roleNames = document.roles
    ? document.roles.map((role) => t(`FILE_VAULT.ROLE.${role}`)).join(', ')
    : t('FILE_VAULT.ALL_ROLES');
  const canRemove = document.canManage && abilities.canDelete;

  return (
    <Card withBorder padding="sm" data-testid="vault-document" data-title={document.title}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Group gap="sm" align="flex-start" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 15rem' }}>
          <IconFileText size={28} stroke={1.5} style={{ flexShrink: 0 }} aria-hidden />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              <bdi>{document.title}</bdi>
            </Text>
            <Group gap="xs" wrap="wrap">
              <Badge variant="light">{t('FILE_VAULT.VERSION', { version: document.current.version })}</Badge>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                <bdi>{document.current.fileName}</bdi>
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {t('FILE_VAULT.DETAILS', {
                size: Math.ceil(document.current.size / 1024),
                time: formatDateTime(document.current.uploadedTime),
              })}
            </Text>
            <UploadedBy version={document.current} />
            <Text size="xs" c="dimmed" data-testid="vault-visibility">
              {t('FILE_VAULT.SEEN_BY', { sites: siteNames, roles: roleNames })}
            </Text>
          </Stack>
        </Group>
        <Group gap={6} wrap="nowrap" style={{ flexShrink: 0, marginInlineStart: 'auto' }}>
          <Button
            size="xs"
            leftSection={<IconDownload size={14} />}
            aria-label={t('FILE_VAULT.DOWNLOAD_NAMED', { name: document.title })}
            onClick={() =>
              void downloadVaultDocument(studyId, {
                id: document.id,
                fileName: document.current.fileName,
              }).catch((error: unknown) => showErrorToast(serverErrorMessage(error)))
            }
          >
            {t('FILE_VAULT.DOWNLOAD')}
          </Button>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="default" size="md" aria-label={t('FILE_VAULT.MORE')}>
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconHistory size={14} />} onClick={() => onAction('versions')}>
                {t('FILE_VAULT.VERSIONS')} ({document.versionCount})
              </Menu.Item>
              {document.canManage && (
                <Menu.Item leftSection={<IconUpload size={14} />} onClick={() => onAction('version')}>
                  {t('FILE_VAULT.NEW_VERSION')}
                </Menu.Item>
              )}
              {canRemove && (
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  onClick={() => onAction('remove')}
                >
                  {t('FILE_VAULT.REMOVE')}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
    </Card>
  );
}
