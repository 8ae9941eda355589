import { Alert, Button, Loader, Table, VisuallyHidden } from '@mantine/core';
import type { StorageItem } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatDateTime } from '../../app/format';
import { PageHeader } from '../../components/page-header';
import { useStudy } from '../studies/api';
import { useStorage } from './api';
import { RestoreModal } from './restore-modal';

const TYPE_KEYS = {
  ae: 'STORAGE.TYPES.ae',
  ae2: 'STORAGE.TYPES.ae2',
  medication: 'STORAGE.TYPES.medication',
  medicationAccounting: 'STORAGE.TYPES.medicationAccounting',
  unscheduledevent: 'STORAGE.TYPES.unscheduledevent',
  discontinueEvent: 'STORAGE.TYPES.discontinueEvent',
} as const;

/** /study/:studyId/storage: spec 001 §7 soft-deleted items with who removed them, when and why; restore. */
export function StoragePage() {
  const { t } = useTranslation();
  const studyId = useParams().studyId ?? '';
  const study = useStudy(studyId);
  const storage = useStorage(studyId);
  const [restoring, setRestoring] = useState<StorageItem | null>(null);
  const crumbs = [
    { label: t('NAV.STUDIES'), to: '/study' },
    ...(study.data ? [{ label: study.data.studyName, to: `/study/${studyId}/overview` }] : []),
    { label: t('STORAGE.TITLE') },
  ];
  const typeLabel = (type: string) =>
    type in TYPE_KEYS ? t(TYPE_KEYS[type as keyof typeof TYPE_KEYS]) : type;
  const items = storage.data?.items ?? [];

  return (
    <>
      <PageHeader
        crumbs={crumbs}
        description={t('STORAGE.INTRO')}
        actions={storage.isFetching ? <Loader size="sm" aria-label={t('COMMON.LOADING')} /> : null}
      />
      {storage.isSuccess && items.length === 0 && (
        <Alert color="gray" variant="light" maw={720}>
          {t('STORAGE.EMPTY')}
        </Alert>
      )}
      {items.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('STORAGE.COLUMNS.TYPE')}</Table.Th>
                <Table.Th>{t('STORAGE.COLUMNS.ITEM')}</Table.Th>
                <Table.Th>{t('STORAGE.COLUMNS.REMOVED_BY')}</Table.Th>
                <Table.Th>{t('STORAGE.COLUMNS.REMOVED_AT')}</Table.Th>
                <Table.Th>{t('STORAGE.COLUMNS.REASON')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('STORAGE.COLUMNS.ACTIONS')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={`${item.type}:${item.id}`}>
                  <Table.Td>{typeLabel(item.type)}</Table.Td>
                  <Table.Td>
                    <bdi>{item.label}</bdi>
                  </Table.Td>
                  <Table.Td>
                    <bdi>{item.removedBy.name}</bdi>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.removedAt)}</Table.Td>
                  <Table.Td>
                    <bdi>{item.reason}</bdi>
                  </Table.Td>
                  <Table.Td>
                    {item.canRestore && (
                      <Button size="xs" variant="light" onClick={() => setRestoring(item)}>
                        {t('STORAGE.RESTORE')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <RestoreModal studyId={studyId} item={restoring} onClose={() => setRestoring(null)} />
    </>
  );
}
