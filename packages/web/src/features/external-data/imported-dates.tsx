import { Button, Group, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isExtendedValidationCancelled, withExtendedValidation } from '../../app/extended-validation';
import { serverErrorMessage } from '../../app/form-errors';
import { showErrorToast, showSuccessToast } from '../../app/notify';
import { useDeleteExternalImport, useImportedDates, useSiteSubjects } from './api';

type Props = { studyId: string; siteId: string; canDelete: boolean };

/**
 * Spec 001 §7 getImportedDates: the external results already recorded for the site's subjects,
 * grouped by import; an import can be deleted in production with a reason and the password (§4).
 */
export function ImportedDates({ studyId, siteId, canDelete }: Props) {
  const { t, i18n } = useTranslation(['external-data']);
  const dates = useImportedDates(studyId, siteId);
  const subjects = useSiteSubjects(studyId, siteId);
  const remove = useDeleteExternalImport(studyId);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const patientOf = (id: string) => subjects.data?.find((s) => s.id === id)?.patientId ?? '…';
  const items = (dates.data ?? []).filter((d) => d.importId !== null);
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  const groups = [...new Set(items.map((d) => d.importId ?? ''))];

  async function handleDelete() {
    const importId = deleting;
    if (!importId || reason.trim() === '') return;
    try {
      await withExtendedValidation(true, t('EXTERNAL_DATA.DELETE.MEANING'), (password) =>
        remove.mutateAsync({ importId, reason: reason.trim(), password }),
      );
      showSuccessToast(t('EXTERNAL_DATA.DELETE.DONE'));
      setDeleting(null);
      setReason('');
    } catch (error) {
      if (!isExtendedValidationCancelled(error)) showErrorToast(serverErrorMessage(error));
    }
  }

  if (dates.isPending) return null;
  if (items.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('EXTERNAL_DATA.DATES.NONE')}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      {groups.map((importId) => {
        const rows = items.filter((d) => d.importId === importId);
        return (
          <Stack key={importId} gap={4} data-testid="external-data-import">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm" fw={600}>
                {t('EXTERNAL_DATA.DATES.IMPORT', { count: rows.length })}
              </Text>
              {canDelete && (
                <Button
                  size="xs"
                  color="red"
                  variant="subtle"
                  leftSection={<IconTrash size={14} />}
                  onClick={() => setDeleting(importId)}
                >
                  {t('EXTERNAL_DATA.DELETE.ACTION')}
                </Button>
              )}
            </Group>
            <Table withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('EXTERNAL_DATA.DATES.SUBJECT')}</Table.Th>
                  <Table.Th>{t('EXTERNAL_DATA.DATES.DATE')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.tokenId}>
                    <Table.Td>
                      <bdi>{patientOf(row.subjectId)}</bdi>
                    </Table.Td>
                    <Table.Td>{format.format(new Date(row.date))}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        );
      })}
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('EXTERNAL_DATA.DELETE.TITLE')}
      >
        <Stack>
          <Text size="sm">{t('EXTERNAL_DATA.DELETE.TEXT')}</Text>
          <Textarea
            label={t('EXTERNAL_DATA.DELETE.REASON')}
            required
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={2048}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('EXTERNAL_DATA.CANCEL')}
            </Button>
            <Button
              color="red"
              onClick={handleDelete}
              disabled={reason.trim() === ''}
              loading={remove.isPending}
            >
              {t('EXTERNAL_DATA.DELETE.CONFIRM')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
