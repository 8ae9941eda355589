import {
  ActionIcon,
  Alert,
  Card,
  EmptyState,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconForms, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { serverErrorMessage } from '../../app/form-errors';
import { formatDate } from '../../app/format';
import { showErrorToast, showSuccessToast } from '../../app/notify';
import { type LibraryTemplate, useDeleteUserTemplate, useUserTemplates } from '../forms/api';

/**
 * Profile "forms" tab (spec 001 §2 `/profile/{id}?selectedOption=forms`, §7 userTemplates): the
 * caller's saved form templates with type and date, each deletable after a confirmation.
 */
export function ProfileFormsTab() {
  const { t } = useTranslation(['common', 'forms']);
  const templates = useUserTemplates();
  const remove = useDeleteUserTemplate();

  const handleDelete = (template: LibraryTemplate) =>
    modals.openConfirmModal({
      title: t('FORMS.MY_TEMPLATES.DELETE_TITLE'),
      children: <Text size="sm">{t('FORMS.MY_TEMPLATES.DELETE_TEXT', { name: template.name })}</Text>,
      labels: { confirm: t('FORMS.ACTIONS.DELETE'), cancel: t('FORMS.ACTIONS.CANCEL') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete-template' } as Record<string, string>,
      onConfirm: () =>
        remove.mutate(template.id, {
          onSuccess: () => showSuccessToast(t('FORMS.MY_TEMPLATES.DELETED')),
          onError: (error) =>
            showErrorToast(serverErrorMessage(error, { fallback: 'FORMS.MY_TEMPLATES.DELETE_FAILED' })),
        }),
    });

  if (templates.isPending) return <Loader size="sm" />;
  if (templates.isError) return <Alert color="red">{t('FORMS.MY_TEMPLATES.LOAD_FAILED')}</Alert>;
  if (templates.data.length === 0)
    return (
      <EmptyState
        icon={<IconForms size={32} />}
        withIndicatorBackground
        title={t('ACCOUNTS.FORMS_TAB.EMPTY')}
        description={t('ACCOUNTS.FORMS_TAB.EMPTY_TEXT')}
      />
    );

  const deleteButton = (template: LibraryTemplate) => (
    <Tooltip label={t('FORMS.MY_TEMPLATES.DELETE')} withinPortal>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`${t('FORMS.MY_TEMPLATES.DELETE')}: ${template.name}`}
        onClick={() => handleDelete(template)}
        data-testid="delete-template"
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Tooltip>
  );
  const typeOf = (template: LibraryTemplate) => t(`FORMS.FORM_TYPES.${template.type}`);

  return (
    <Stack gap="sm">
      <Text fw={600}>{t('FORMS.MY_TEMPLATES.TITLE')}</Text>
      <Table.ScrollContainer minWidth={520} visibleFrom="sm">
        <Table striped data-testid="template-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('FORMS.MY_TEMPLATES.NAME')}</Table.Th>
              <Table.Th>{t('FORMS.MY_TEMPLATES.TYPE')}</Table.Th>
              <Table.Th>{t('FORMS.MY_TEMPLATES.QUESTIONS')}</Table.Th>
              <Table.Th>{t('FORMS.MY_TEMPLATES.SAVED')}</Table.Th>
              <Table.Th>
                <span className="tb-visually-hidden">{t('FORMS.MY_TEMPLATES.DELETE')}</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {templates.data.map((template) => (
              <Table.Tr key={template.id} data-testid="template-row">
                <Table.Td fw={500}>{template.name}</Table.Td>
                <Table.Td>{typeOf(template)}</Table.Td>
                <Table.Td>{template.questionCount}</Table.Td>
                <Table.Td>{formatDate(template.createdAt)}</Table.Td>
                <Table.Td>{deleteButton(template)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="xs" hiddenFrom="sm">
        {templates.data.map((template) => (
          <Card key={template.id} withBorder padding="sm" data-testid="template-item">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text fw={600}>{template.name}</Text>
                <Text size="sm" c="dimmed">
                  {typeOf(template)} · {t('FORMS.LIBRARY.QUESTIONS', { count: template.questionCount })}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('FORMS.LIBRARY.SAVED_ON', { date: formatDate(template.createdAt) })}
                </Text>
              </div>
              {deleteButton(template)}
            </Group>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
