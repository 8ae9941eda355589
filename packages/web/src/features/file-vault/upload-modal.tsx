import {
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { STUDY_ROLES, type StudyRole, type VaultDocument, validateVaultUpload } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../app/notify';
import { useSites } from '../sites/api';
import { fileToBase64, useUploadDocument, useUploadVersion } from './api';
import { MAX_MB, uploadErrorMessage, uploadIssueMessage } from './errors';

const ACCEPT =
  '.pdf,.png,.jpg,.jpeg,.gif,.webp,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,application/pdf,image/*';

type Target = { kind: 'document'; folderId: string } | { kind: 'version'; document: VaultDocument };

/**
 * Issue 28 item 3: the upload dialog. A new document chooses its title and who sees it (all sites
 * or chosen ones, all roles or chosen ones); a new version of a document takes a file and a note.
 * The file is checked with the server's rule first (dots, size, type).
 */
export function UploadModal({
  studyId,
  target,
  onClose,
}: {
  studyId: string;
  target: Target;
  onClose: () => void;
}) {
  const { t } = useTranslation(['common', 'file-vault']);
  const isVersion = target.kind === 'version';
  const sites = useSites(studyId, { enabled: !isVersion, secondary: true });
  const uploadDocument = useUploadDocument(studyId, target.kind === 'document' ? target.folderId : '');
  const uploadVersion = useUploadVersion(studyId, target.kind === 'version' ? target.document.id : '');
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [comment, setComment] = useState('');
  const [siteMode, setSiteMode] = useState<'all' | 'chosen'>('all');
  const [siteIds, setSiteIds] = useState<string[]>([]);
  const [roleMode, setRoleMode] = useState<'all' | 'chosen'>('all');
  const [roles, setRoles] = useState<StudyRole[]>([]);
  const [error, setError] = useState<string | null>(null);
  const pending = uploadDocument.isPending || uploadVersion.isPending;

  const choiceMissing =
    (siteMode === 'chosen' && siteIds.length === 0) || (roleMode === 'chosen' && roles.length === 0);

  async function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!file) return setError(t('FILE_VAULT.ERRORS.NO_FILE'));
    const issue = uploadIssueMessage(t, validateVaultUpload({ fileName: file.name, size: file.size }));
    if (issue) return setError(issue);
    if (!isVersion && choiceMissing) return setError(t('FILE_VAULT.CHOOSE_ONE'));
    setError(null);
    try {
      const dataBase64 = await fileToBase64(file);
      if (target.kind === 'version') {
        const saved = await uploadVersion.mutateAsync({ fileName: file.name, dataBase64, comment });
        showSuccessToast(t('FILE_VAULT.VERSION_UPLOADED', { version: saved.current.version }));
      } else {
        await uploadDocument.mutateAsync({
          fileName: file.name,
          dataBase64,
          title,
          siteIds: siteMode === 'all' ? null : siteIds,
          roles: roleMode === 'all' ? null : roles,
        });
        showSuccessToast(t('FILE_VAULT.UPLOADED'));
      }
      onClose();
    } catch (caught) {
      setError(uploadErrorMessage(t, caught));
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={
        target.kind === 'version'
          ? t('FILE_VAULT.NEW_VERSION_TITLE', { title: target.document.title })
          : t('FILE_VAULT.UPLOAD_TITLE')
      }
      size="lg"
    >
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack gap="md">
          <FileInput
            label={t('FILE_VAULT.FILE')}
            placeholder={t('FILE_VAULT.FILE_PLACEHOLDER')}
            description={t('FILE_VAULT.FILE_HELP', { max: MAX_MB })}
            accept={ACCEPT}
            value={file}
            onChange={(picked) => {
              setFile(picked);
              setError(null);
            }}
            clearable
            required
            leftSection={<IconUpload size={16} />}
            data-testid="vault-file-input"
          />
          {target.kind === 'version' ? (
            <Textarea
              label={t('FILE_VAULT.COMMENT')}
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
              maxLength={1000}
              autosize
              minRows={2}
            />
          ) : (
            <>
              <TextInput
                label={t('FILE_VAULT.DOCUMENT_TITLE')}
                description={t('FILE_VAULT.DOCUMENT_TITLE_HELP')}
                value={title}
                onChange={(e) => setTitle(e.currentTarget.value)}
                maxLength={256}
              />
              <Text fw={600} size="sm">
                {t('FILE_VAULT.VISIBILITY')}
              </Text>
              <Radio.Group
                label={t('FILE_VAULT.SITES')}
                value={siteMode}
                onChange={(v) => setSiteMode(v as 'all' | 'chosen')}
              >
                <Group gap="lg" mt={4}>
                  <Radio value="all" label={t('FILE_VAULT.ALL_SITES')} />
                  <Radio value="chosen" label={t('FILE_VAULT.CHOSEN_SITES')} />
                </Group>
              </Radio.Group>
              {siteMode === 'chosen' && (
                <Checkbox.Group
                  value={siteIds}
                  onChange={setSiteIds}
                  aria-label={t('FILE_VAULT.CHOSEN_SITES')}
                >
                  <Stack gap={6} ps="md">
                    {(sites.data?.sites ?? []).map((site) => (
                      <Checkbox key={site.id} value={site.id} label={<bdi>{site.name}</bdi>} />
                    ))}
                  </Stack>
                </Checkbox.Group>
              )}
              <Radio.Group
                label={t('FILE_VAULT.ROLES')}
                value={roleMode}
                onChange={(v) => setRoleMode(v as 'all' | 'chosen')}
              >
                <Group gap="lg" mt={4}>
                  <Radio value="all" label={t('FILE_VAULT.ALL_ROLES')} />
                  <Radio value="chosen" label={t('FILE_VAULT.CHOSEN_ROLES')} />
                </Group>
              </Radio.Group>
              {roleMode === 'chosen' && (
                <Checkbox.Group
                  value={roles}
                  onChange={(value) => setRoles(value as StudyRole[])}
                  aria-label={t('FILE_VAULT.CHOSEN_ROLES')}
                >
                  <Stack gap={6} ps="md">
                    {STUDY_ROLES.map((role) => (
                      <Checkbox key={role} value={role} label={t(`FILE_VAULT.ROLE.${role}`)} />
                    ))}
                  </Stack>
                </Checkbox.Group>
              )}
            </>
          )}
          {error && (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('FILE_VAULT.CANCEL')}
            </Button>
            <Button type="submit" loading={pending} leftSection={<IconUpload size={16} />}>
              {t('FILE_VAULT.UPLOAD')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
