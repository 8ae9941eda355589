import { ActionIcon, Menu, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconArchive,
  IconArchiveOff,
  IconDots,
  IconEdit,
  IconEye,
  IconListDetails,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStudyAbilities } from '../../../app/abilities';
import { showErrorToast, showSuccessToast } from '../../../app/notify';
import { useDeleteSubject, useSetSubjectArchived } from '../api';
import { generalError } from '../display';

type SubjectActionsProps = { studyId: string; subject: { id: string; patientId: string; archived: boolean } };

/** Spec 001 §2 subject list row actions: view, records, edit, delete, archive, per the caller's abilities. */
export function SubjectActions({ studyId, subject }: SubjectActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const abilities = useStudyAbilities(studyId);
  const remove = useDeleteSubject(studyId);
  const archive = useSetSubjectArchived(studyId);
  const base = `/study/${studyId}/patient/${subject.id}`;
  const failed = (error: unknown) => showErrorToast(generalError(t, error));
  const handleDelete = () =>
    modals.openConfirmModal({
      title: t('SUBJECTS.LIST.DELETE_TITLE'),
      children: <Text size="sm">{t('SUBJECTS.LIST.DELETE_TEXT', { id: subject.patientId })}</Text>,
      labels: { confirm: t('SUBJECTS.ACTIONS.DELETE'), cancel: t('SUBJECTS.ACTIONS.CANCEL') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete' } as Record<string, string>,
      onConfirm: () =>
        remove.mutate(subject.id, {
          onSuccess: () => showSuccessToast(t('SUBJECTS.LIST.DELETED')),
          onError: failed,
        }),
    });
  const handleArchive = (archived: boolean) =>
    archive.mutate(
      { id: subject.id, archived },
      {
        onSuccess: () =>
          showSuccessToast(t(archived ? 'SUBJECTS.LIST.ARCHIVED' : 'SUBJECTS.LIST.UNARCHIVED')),
        onError: failed,
      },
    );
  const items = [
    abilities.can('PATIENT_VIEW') && (
      <Menu.Item key="view" leftSection={<IconEye size={16} />} onClick={() => void navigate(base)}>
        {t('SUBJECTS.ACTIONS.VIEW')}
      </Menu.Item>
    ),
    abilities.can('PATIENT_VIEW') && abilities.can('PATHWAY_RECORD_VIEW') && (
      <Menu.Item
        key="records"
        leftSection={<IconListDetails size={16} />}
        onClick={() => void navigate(`${base}?selected=records`)}
      >
        {t('SUBJECTS.ACTIONS.RECORDS')}
      </Menu.Item>
    ),
    abilities.can('PATIENT_UPDATE') && (
      <Menu.Item
        key="edit"
        leftSection={<IconEdit size={16} />}
        onClick={() => void navigate(`${base}/edit`)}
        data-testid="edit-subject"
      >
        {t('SUBJECTS.ACTIONS.EDIT')}
      </Menu.Item>
    ),
    !subject.archived && abilities.can('PATIENT_ARCHIVE') && (
      <Menu.Item
        key="archive"
        leftSection={<IconArchive size={16} />}
        onClick={() => handleArchive(true)}
        data-testid="archive-subject"
      >
        {t('SUBJECTS.ACTIONS.ARCHIVE')}
      </Menu.Item>
    ),
    subject.archived && abilities.can('PATIENT_UNARCHIVE') && (
      <Menu.Item
        key="unarchive"
        leftSection={<IconArchiveOff size={16} />}
        onClick={() => handleArchive(false)}
        data-testid="unarchive-subject"
      >
        {t('SUBJECTS.ACTIONS.UNARCHIVE')}
      </Menu.Item>
    ),
    abilities.can('PATIENT_DELETE') && (
      <Menu.Item
        key="delete"
        color="red"
        leftSection={<IconTrash size={16} />}
        onClick={handleDelete}
        data-testid="delete-subject"
      >
        {t('SUBJECTS.ACTIONS.DELETE')}
      </Menu.Item>
    ),
  ].filter(Boolean);
  if (items.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('SUBJECTS.LIST.ACTIONS_FOR', { id: subject.patientId })}
          data-testid="subject-actions"
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{items}</Menu.Dropdown>
    </Menu>
  );
}
