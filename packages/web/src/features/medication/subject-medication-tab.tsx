import { Alert, Badge, Button, Card, Collapse, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconEdit, IconHistory, IconPill } from '@tabler/icons-react';
import type { MedicationView } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStudyAbilities } from '../../app/abilities';
import { type AeDateFormatter, isolated, useAeDates } from '../adverse-events/ae-dates';
import { useSubjectAes } from '../adverse-events/api';
import { useSubjectMedications } from './api';
import { doseLine } from './medication-display';
import { MedicationHistory } from './medication-history';
import { MedicationRecordForm } from './medication-record-form';
import { MedicationVerification } from './medication-verification';

type RecordCardProps = {
  record: MedicationView;
  dates: AeDateFormatter;
  aeName: string | null;
  canUpdate: boolean;
  onEdit: () => void;
};

function RecordCard({ record, dates, aeName, canUpdate, onEdit }: RecordCardProps) {
  const { t } = useTranslation(['common', 'medication']);
  const [isHistoryOpen, setHistoryOpen] = useState(false);
  const line = doseLine(t, record);
  const period = [
    record.startDate ? dates.date(record.startDate) : '…',
    record.ongoing ? t('MEDICATION.SUBJECT.ONGOING') : record.endDate ? dates.date(record.endDate) : '…',
  ].join(' – ');
  return (
    <Card withBorder padding="sm" radius="md" data-testid="med-card" data-name={record.name}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>
              <bdi>{record.name}</bdi>
            </Text>
            <Badge variant="light" color={record.registrationType === 'IMP' ? 'grape' : 'blue'}>
              {t(`MEDICATION.TYPE.${record.registrationType}`)}
            </Badge>
          </Group>
          <Group gap={6}>
            {canUpdate && !record.isRemoved && (
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconEdit size={14} />}
                onClick={onEdit}
                data-testid="med-edit"
              >
                {t('MEDICATION.SUBJECT.EDIT')}
              </Button>
            )}
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconHistory size={14} />}
              onClick={() => setHistoryOpen((v) => !v)}
              aria-expanded={isHistoryOpen}
              data-testid="med-history-toggle"
            >
              {t('MEDICATION.SUBJECT.HISTORY')}
            </Button>
          </Group>
        </Group>
        {record.indication && (
          <Text size="sm">
            {t('MEDICATION.FIELDS.indication')}: <bdi>{record.indication}</bdi>
          </Text>
        )}
        {line && <Text size="sm">{line}</Text>}
        <Text size="sm" c="dimmed">
          <bdi dir="ltr">{period}</bdi>
        </Text>
        {record.schedulePackage && record.scheduleUnitsPerDay !== null && (
          <Text size="sm" c="dimmed">
            {t('MEDICATION.SUBJECT.SCHEDULE', {
              units: record.scheduleUnitsPerDay,
              package: t(`MEDICATION.ENUM.PACKAGE.${record.schedulePackage}`),
            })}
          </Text>
        )}
        {aeName && (
          <Text size="sm" data-testid="med-linked-ae">
            {t('MEDICATION.SUBJECT.LINKED_AE', { ae: isolated(aeName) })}
          </Text>
        )}
        <MedicationVerification record={record} dates={dates} />
        <Collapse expanded={isHistoryOpen}>
          {isHistoryOpen && (
            <MedicationHistory
              studyId={record.studyId}
              subjectId={record.subjectId}
              medicationId={record.id}
              dates={dates}
            />
          )}
        </Collapse>
      </Stack>
    </Card>
  );
}

/**
 * Spec 001 §2 subject view, medication tab (issue 21 item 3): the subject's concomitant medication
 * and investigational product records, recorded and changed (signed) by those who may, verified,
 * each with its history.
 */
export function SubjectMedicationTab({ studyId, subjectId }: { studyId: string; subjectId: string }) {
  const { t } = useTranslation(['common', 'medication']);
  const abilities = useStudyAbilities(studyId);
  const dates = useAeDates(studyId);
  const isPhone = useMediaQuery('(max-width: 36em)') ?? false;
  const records = useSubjectMedications(studyId, subjectId);
  const aes = useSubjectAes(studyId, subjectId, { enabled: abilities.can('AE_VIEW'), secondary: true });
  const [editing, setEditing] = useState<MedicationView | 'new' | null>(null);
  const canCreate = abilities.can('PATIENT_CREATE_MEDICATION');
  const canUpdate = abilities.can('PATIENT_UPDATE_MEDICATION');
  const aeNames = new Map((aes.data ?? []).map((ae) => [ae.id, ae.eventDescription]));
  const close = () => setEditing(null);
  return (
    <Stack gap="md">
      {canCreate && (
        <Group justify="flex-end">
          <Button
            leftSection={<IconPill size={16} />}
            onClick={() => setEditing('new')}
            data-testid="med-add"
          >
            {t('MEDICATION.SUBJECT.ADD')}
          </Button>
        </Group>
      )}
      {records.isPending ? (
        <Loader size="sm" aria-label={t('MEDICATION.TITLE')} />
      ) : records.isError ? (
        <Alert color="red">{t('MEDICATION.SUBJECT.LOAD_FAILED')}</Alert>
      ) : records.data.length === 0 ? (
        <Text c="dimmed" data-testid="med-empty">
          {t('MEDICATION.SUBJECT.NONE')}
        </Text>
      ) : (
        records.data.map((record) => (
          <RecordCard
            key={record.id}
            record={record}
            dates={dates}
            aeName={record.aeId ? (aeNames.get(record.aeId) ?? null) : null}
            canUpdate={canUpdate}
            onEdit={() => setEditing(record)}
          />
        ))
      )}
      <Modal
        opened={editing !== null}
        onClose={close}
        title={editing === 'new' ? t('MEDICATION.SUBJECT.CREATE_TITLE') : t('MEDICATION.SUBJECT.EDIT_TITLE')}
        size="lg"
        fullScreen={isPhone}
      >
        {editing !== null && (
          <MedicationRecordForm
            studyId={studyId}
            subjectId={subjectId}
            record={editing === 'new' ? null : editing}
            onSaved={close}
            onCancel={close}
          />
        )}
      </Modal>
    </Stack>
  );
}
