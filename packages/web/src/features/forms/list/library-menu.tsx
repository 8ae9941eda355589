import { Button, Menu } from '@mantine/core';
import { IconBooks, IconChevronDown, IconHeartbeat, IconTemplate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { serverErrorMessage } from '../../../app/form-errors';
import { showErrorToast, showSuccessToast } from '../../../app/notify';
import { useAddEq5d } from '../api';

/**
 * Form list "Library" menu (spec 001 §2, §7): create a form from a template (the chooser at
 * create?fromProfile=true) or add the study's EQ-5D-5L form (QUESTIONNAIRE_EXISTS said plainly).
 */
export function LibraryMenu({ studyId }: { studyId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const addEq5d = useAddEq5d(studyId);
  const handleAddEq5d = () =>
    addEq5d.mutate(undefined, {
      onSuccess: () => showSuccessToast(t('FORMS.LIBRARY.EQ5D_ADDED')),
      onError: (error) =>
        showErrorToast(
          serverErrorMessage(error, {
            messages: { QUESTIONNAIRE_EXISTS: 'FORMS.LIBRARY.QUESTIONNAIRE_EXISTS' },
            fallback: 'FORMS.ERRORS.GENERIC',
          }),
        ),
    });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconBooks size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={addEq5d.isPending}
          data-testid="library-menu"
        >
          {t('FORMS.LIBRARY.MENU')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconTemplate size={16} />}
          onClick={() => void navigate(`/study/${studyId}/questionnaireTemplate/create?fromProfile=true`)}
          data-testid="from-template"
        >
          {t('FORMS.LIBRARY.FROM_TEMPLATE')}
        </Menu.Item>
        <Menu.Item leftSection={<IconHeartbeat size={16} />} onClick={handleAddEq5d} data-testid="add-eq5d">
          {t('FORMS.LIBRARY.ADD_EQ5D')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
