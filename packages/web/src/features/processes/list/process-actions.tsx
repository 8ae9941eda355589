import { ActionIcon, Menu, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCopy, IconDots, IconEdit, IconEye, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStudyAbilities } from '../../../app/abilities';
import { serverErrorMessage } from '../../../app/form-errors';
import { showErrorToast, showSuccessToast } from '../../../app/notify';
import { type ProcessSummary, useDeleteProcess, useDuplicateProcess } from '../api';

type ProcessActionsProps = { studyId: string; process: ProcessSummary };

/** Spec 001 §2 process list actions: view, edit, duplicate, delete (with confirmation). */
export function ProcessActions({ studyId, process }: ProcessActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const abilities = useStudyAbilities(studyId);
  const remove = useDeleteProcess(studyId);
  const duplicate = useDuplicateProcess(studyId);
  const base = `/study/${studyId}/pathway/${process.id}`;
  const recruitment = process.recruitment ? '?isRecruitment=true' : '';
  const failed = (error: unknown) =>
    showErrorToast(serverErrorMessage(error, { fallback: 'PROCESSES.ERRORS.GENERIC' }));
  const handleDelete = () =>
    modals.openConfirmModal({
      title: t('PROCESSES.LIST.DELETE_TITLE'),
      children: <Text size="sm">{t('PROCESSES.LIST.DELETE_TEXT', { name: process.pathwayName })}</Text>,
      labels: { confirm: t('PROCESSES.ACTIONS.DELETE'), cancel: t('PROCESSES.ACTIONS.CANCEL') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete' } as Record<string, string>,
      onConfirm: () =>
        remove.mutate(process.id, {
          onSuccess: () => showSuccessToast(t('PROCESSES.LIST.DELETED')),
          onError: failed,
        }),
    });
  const items = [
    abilities.can('PATHWAY_VIEW') && (
      <Menu.Item key="view" leftSection={<IconEye size={16} />} onClick={() => void navigate(base)}>
        {t('PROCESSES.ACTIONS.VIEW')}
      </Menu.Item>
    ),
    abilities.can('PATHWAY_UPDATE') && (
      <Menu.Item
        key="edit"
        leftSection={<IconEdit size={16} />}
        onClick={() => void navigate(`${base}/edit${recruitment}`)}
        data-testid="edit-process"
      >
        {t('PROCESSES.ACTIONS.EDIT')}
      </Menu.Item>
    ),
    abilities.can('PATHWAY_DUPLICATE') && (
      <Menu.Item
        key="duplicate"
        leftSection={<IconCopy size={16} />}
        onClick={() =>
          duplicate.mutate(process.id, {
            onSuccess: () => showSuccessToast(t('PROCESSES.LIST.DUPLICATED')),
            onError: failed,
          })
        }
        data-testid="duplicate-process"
      >
        {t('PROCESSES.ACTIONS.DUPLICATE')}
      </Menu.Item>
    ),
    abilities.can('PATHWAY_DELETE') && (
      <Menu.Item
        key="delete"
        color="red"
        leftSection={<IconTrash size={16} />}
        onClick={handleDelete}
        data-testid="delete-process"
      >
        {t('PROCESSES.ACTIONS.DELETE')}
      </Menu.Item>
    ),
  ].filter(Boolean);
  if (items.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          aria-label={t('PROCESSES.LIST.ACTIONS_FOR', { name: process.pathwayName })}
          data-testid="process-actions"
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{items}</Menu.Dropdown>
    </Menu>
  );
}
