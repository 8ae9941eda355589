import { ActionIcon, Menu, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconCopy,
  IconDots,
  IconEdit,
  IconEye,
  IconPrinter,
  IconTemplate,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStudyAbilities } from '../../../app/abilities';
import { serverErrorMessage } from '../../../app/form-errors';
import { showErrorToast, showSuccessToast } from '../../../app/notify';
import { BlankFormMenuItems } from '../../casebooks/blank-form-button';
import { type FormListItem, useDeleteForm, useDuplicateForm, useSaveToMyTemplates } from '../api';

type FormActionsProps = { studyId: string; form: FormListItem };

/** Spec 001 §2 form list actions: edit, preview, print, duplicate, save to my templates, delete. */
export function FormActions({ studyId, form }: FormActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const abilities = useStudyAbilities(studyId);
  const remove = useDeleteForm(studyId);
  const duplicate = useDuplicateForm(studyId);
  const userSave = useSaveToMyTemplates(studyId);
  const base = `/study/${studyId}/questionnaireTemplate/${form.id}`;
  const failed = (error: unknown) =>
    showErrorToast(
      serverErrorMessage(error, {
        messages: {
          DELETE_QT_FAIL: 'FORMS.ERRORS.DELETE_QT_FAIL',
          DELETE_ACTIVE_AE_FORM: 'FORMS.ERRORS.DELETE_ACTIVE_AE_FORM',
        },
        fallback: 'FORMS.ERRORS.GENERIC',
      }),
    );
  const handleDelete = () =>
    modals.openConfirmModal({
      title: t('FORMS.LIST.DELETE_TITLE'),
      children: <Text size="sm">{t('FORMS.LIST.DELETE_TEXT')}</Text>,
      labels: { confirm: t('FORMS.ACTIONS.DELETE'), cancel: t('FORMS.ACTIONS.CANCEL') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete' } as Record<string, string>,
      onConfirm: () =>
        remove.mutate(form.id, {
          onSuccess: () => showSuccessToast(t('FORMS.LIST.DELETED')),
          onError: failed,
        }),
    });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={t('FORMS.LIST.ACTIONS')} data-testid="form-actions">
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {abilities.can('QUESTIONNAIRE_TEMPLATE_UPDATE') && (
          <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => void navigate(`${base}/edit/`)}>
            {t('FORMS.ACTIONS.EDIT')}
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={<IconEye size={16} />}
          onClick={() => void navigate(`${base}/?isOldVersion=false`)}
        >
          {t('FORMS.ACTIONS.PREVIEW')}
        </Menu.Item>
        <Menu.Item leftSection={<IconPrinter size={16} />} onClick={() => void navigate(`${base}/print`)}>
          {t('FORMS.ACTIONS.PRINT')}
        </Menu.Item>
        {abilities.can('QUESTIONNAIRE_TEMPLATE_DUPLICATE') && (
          <Menu.Item
            leftSection={<IconCopy size={16} />}
            onClick={() =>
              duplicate.mutate(form.id, {
                onSuccess: () => showSuccessToast(t('FORMS.LIST.DUPLICATED')),
                onError: failed,
              })
            }
          >
            {t('FORMS.ACTIONS.DUPLICATE')}
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={<IconTemplate size={16} />}
          onClick={() =>
            userSave.mutate(form.id, {
              onSuccess: () => showSuccessToast(t('FORMS.LIST.SAVED_TO_MINE')),
              onError: failed,
            })
          }
        >
          {t('FORMS.ACTIONS.SAVE_TO_MINE')}
        </Menu.Item>
        {abilities.can('QUESTIONNAIRE_TEMPLATE_DELETE') && (
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={handleDelete}
            data-testid="delete-form"
          >
            {t('FORMS.ACTIONS.DELETE')}
          </Menu.Item>
        )}
        <BlankFormMenuItems studyId={studyId} formId={form.id} />
      </Menu.Dropdown>
    </Menu>
  );
}
