import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Loader,
  Menu,
  NavLink,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconDots,
  IconFolder,
  IconFolderPlus,
  IconPencil,
  IconPlugConnectedX,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import type { VaultDocument } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ForbiddenInPlace } from '../../app/forbidden-in-place';
import { serverErrorMessage } from '../../app/form-errors';
import { isHttpError } from '../../app/http';
import { showErrorToast, showSuccessToast } from '../../app/notify';
import { PageHeader } from '../../components/page-header';
import { useSites, useStudyName } from '../sites/api';
import { useCreateFolder, useRemoveFolder, useRenameFolder, useVaultDocuments, useVaultFolders } from './api';
import { type DocumentAction, DocumentCard } from './document-card';
import { FolderModal, RemoveModal, VersionsModal } from './document-dialogs';
import { UploadModal } from './upload-modal';

type Dialog =
  | { kind: 'new-folder' }
  | { kind: 'rename-folder' }
  | { kind: 'upload' }
  | { kind: DocumentAction; document: VaultDocument }
  | null;

/**
 * /study/{studyId}/documents (issue 28 item 3): the file vault. Folders on the start side, the
 * chosen folder's documents (those meant for the caller's sites and role) beside them; uploads
 * with visibility, versions, downloads through the getJWT token, removal with a reason.
 */
export function VaultPage() {
  const { t } = useTranslation(['common', 'file-vault']);
  const studyId = useParams().studyId ?? '';
  const studyName = useStudyName(studyId);
  const [search, setSearch] = useSearchParams();
  const folders = useVaultFolders(studyId);
  const items = folders.data?.items ?? [];
  const folderId = items.find((f) => f.id === search.get('folder'))?.id ?? items[0]?.id ?? null;
  const documents = useVaultDocuments(studyId, folderId);
  const abilities = folders.data?.abilities;
  const sites = useSites(studyId, { enabled: items.length > 0, secondary: true });
  const createFolder = useCreateFolder(studyId);
  const renameFolder = useRenameFolder(studyId, folderId ?? '');
  const removeFolder = useRemoveFolder(studyId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const status = isHttpError(folders.error) ? folders.error.status : null;
  const isModuleDisabled = isHttpError(folders.error) && folders.error.body?.type === 'PRECONDITION';
  const folder = items.find((f) => f.id === folderId) ?? null;

  const crumbs = [
    { label: t('NAV.STUDIES'), to: '/study' },
    ...(studyName ? [{ label: studyName, to: `/study/${studyId}/overview` }] : []),
    { label: t('FILE_VAULT.TITLE') },
  ];
  const close = () => setDialog(null);

  async function handleRemoveFolder() {
    if (!folderId) return;
    try {
      await removeFolder.mutateAsync(folderId);
      showSuccessToast(t('FILE_VAULT.FOLDER_REMOVED'));
      setSearch({}, { replace: true });
    } catch (error) {
      showErrorToast(
        isHttpError(error) && error.status === 409
          ? t('FILE_VAULT.FOLDER_NOT_EMPTY')
          : serverErrorMessage(error),
      );
    }
  }

  return (
    <>
      <PageHeader
        crumbs={crumbs}
        description={isModuleDisabled ? undefined : t('FILE_VAULT.INTRO')}
        actions={
          abilities?.canManageFolders ? (
            <Button
              variant="default"
              leftSection={<IconFolderPlus size={16} />}
              onClick={() => setDialog({ kind: 'new-folder' })}
            >
              {t('FILE_VAULT.NEW_FOLDER')}
            </Button>
          ) : null
        }
      />
      {folders.isPending && <Loader size="sm" aria-label={t('FILE_VAULT.LOADING')} />}
      {status === 403 && <ForbiddenInPlace />}
      {isModuleDisabled && (
        <Alert
          color="gray"
          variant="light"
          maw={960}
          icon={<IconPlugConnectedX size={20} />}
          title={t('FILE_VAULT.MODULE_DISABLED_TITLE')}
        >
          {t('FILE_VAULT.MODULE_DISABLED')}
        </Alert>
      )}
      {folders.isError && status !== 403 && !isModuleDisabled && (
        <Alert color="red">{t('FILE_VAULT.LOAD_FAILED')}</Alert>
      )}
      {folders.data && items.length === 0 && (
        <Text c="dimmed" size="sm">
          {t(abilities?.canManageFolders ? 'FILE_VAULT.NO_FOLDERS_MANAGE' : 'FILE_VAULT.NO_FOLDERS')}
        </Text>
      )}
      {items.length > 0 && (
        <Grid gap="lg" maw={1200}>
          <Grid.Col span={{ base: 12, sm: 4, lg: 3 }}>
            <nav aria-label={t('FILE_VAULT.FOLDERS')}>
              <Stack gap={2}>
                {items.map((item) => (
                  <NavLink
                    key={item.id}
                    active={item.id === folderId}
                    label={<bdi>{item.name}</bdi>}
                    leftSection={<IconFolder size={18} />}
                    rightSection={
                      <Badge size="sm" variant="light" circle>
                        {item.documentCount}
                      </Badge>
                    }
                    onClick={() => setSearch({ folder: item.id }, { replace: true })}
                    aria-current={item.id === folderId ? 'page' : undefined}
                    data-testid="vault-folder"
                  />
                ))}
              </Stack>
            </nav>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8, lg: 9 }}>
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
                    <bdi>{folder?.name}</bdi>
                  </Title>
                  <Text size="xs" c="dimmed">
                    {t('FILE_VAULT.DOCUMENT_COUNT', { count: documents.data?.items.length ?? 0 })}
                  </Text>
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  {abilities?.canUpload && (
                    <Button
                      leftSection={<IconUpload size={16} />}
                      onClick={() => setDialog({ kind: 'upload' })}
                    >
                      {t('FILE_VAULT.UPLOAD')}
                    </Button>
                  )}
                  {(abilities?.canManageFolders || abilities?.canDelete) && (
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon variant="default" size="lg" aria-label={t('FILE_VAULT.FOLDER_ACTIONS')}>
                          <IconDots size={16} />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        {abilities.canManageFolders && (
                          <Menu.Item
                            leftSection={<IconPencil size={14} />}
                            onClick={() => setDialog({ kind: 'rename-folder' })}
                          >
                            {t('FILE_VAULT.RENAME_FOLDER')}
                          </Menu.Item>
                        )}
                        {abilities.canDelete && (
                          <Menu.Item
                            color="red"
                            leftSection={<IconTrash size={14} />}
                            onClick={() => void handleRemoveFolder()}
                          >
                            {t('FILE_VAULT.REMOVE_FOLDER')}
                          </Menu.Item>
                        )}
                      </Menu.Dropdown>
                    </Menu>
                  )}
                </Group>
              </Group>
              {documents.isPending && <Loader size="sm" aria-label={t('FILE_VAULT.LOADING')} />}
              {documents.isError && <Alert color="red">{t('FILE_VAULT.LOAD_FAILED')}</Alert>}
              {documents.data?.items.length === 0 && (
                <Text c="dimmed" size="sm">
                  {t('FILE_VAULT.EMPTY_FOLDER')}
                </Text>
              )}
              {documents.data?.items.map((document) => (
                <DocumentCard
                  key={document.id}
                  studyId={studyId}
                  document={document}
                  abilities={documents.data.abilities}
                  sites={sites.data?.sites}
                  onAction={(kind) => setDialog({ kind, document })}
                />
              ))}
            </Stack>
          </Grid.Col>
        </Grid>
      )}
      {dialog?.kind === 'new-folder' && (
        <FolderModal
          title={t('FILE_VAULT.NEW_FOLDER')}
          initial=""
          onClose={close}
          onSave={async (name) => {
            const created = await createFolder.mutateAsync(name);
            setSearch({ folder: created.id }, { replace: true });
          }}
        />
      )}
      {dialog?.kind === 'rename-folder' && folder && (
        <FolderModal
          title={t('FILE_VAULT.RENAME_FOLDER')}
          initial={folder.name}
          onClose={close}
          onSave={(name) => renameFolder.mutateAsync(name)}
        />
      )}
      {dialog?.kind === 'upload' && folderId && (
        <UploadModal studyId={studyId} target={{ kind: 'document', folderId }} onClose={close} />
      )}
      {dialog?.kind === 'version' && (
        <UploadModal
          studyId={studyId}
          target={{ kind: 'version', document: dialog.document }}
          onClose={close}
        />
      )}
      {dialog?.kind === 'versions' && (
        <VersionsModal studyId={studyId} document={dialog.document} onClose={close} />
      )}
      {dialog?.kind === 'remove' && (
        <RemoveModal studyId={studyId} document={dialog.document} onClose={close} />
      )}
    </>
  );
}
