import { ActionIcon, Alert, Badge, Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { IconLink, IconPill, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { enrollmentEndpoints, type MedicationView, studyDateFormatOf } from '@trialbase/domain';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useStudyAbilities } from '../../../app/abilities';
import { call } from '../../../app/http';
import type { QuestionInputProps } from '../../forms/renderer/question-props';
import { useStudy } from '../../studies/api';
import { useSubjectMedications } from '../api';
import { MedicationRefDialog } from './medication-ref-dialog';
import {
  type MedicationLineTexts,
  medicationDoseText,
  medicationLine,
  medicationPeriodText,
} from './medication-ref-format';

/**
 * True inside a read-only question (the review screen shows answers in a disabled fieldset, spec
 * 001 §4): the links then show without the controls that change them.
 */
function useIsInReadOnlyFieldset() {
  const ref = useRef<HTMLDivElement>(null);
  const [isReadOnly, setReadOnly] = useState(false);
  useLayoutEffect(() => {
    const next = ref.current?.closest('fieldset')?.disabled === true;
    if (next !== isReadOnly) setReadOnly(next);
  });
  return { ref, isReadOnly };
}

/**
 * Medication reference question (MEDICATION_REF, spec 000 §6, 001 §4; issue 21 item 4) on the
 * staff fill and review screens: the answer holds the ids of the subject's medication records it
 * refers to. A user who lists medication links existing records; one who records medication creates
 * a new record in a dialog (signed with the password), which is then linked.
 */
export function MedicationReferenceQuestion({
  answer,
  onChange,
  onBlur,
  labelId,
  describedBy,
}: QuestionInputProps) {
  const { t } = useTranslation(['common', 'medication']);
  const { studyId = '', pathwayRecordId = '' } = useParams();
  const abilities = useStudyAbilities(studyId);
  const { ref, isReadOnly } = useIsInReadOnlyFieldset();
  const [isCreating, setCreating] = useState(false);
  const canList = abilities.can('PATIENT_LIST_MEDICATION');
  const canCreate = abilities.can('PATIENT_CREATE_MEDICATION');
  const enrollment = useQuery({
    queryKey: ['enrollments', studyId, 'detail', pathwayRecordId],
    queryFn: ({ signal }) =>
      call(enrollmentEndpoints.get, { params: { studyId, enrollmentId: pathwayRecordId }, signal }),
    enabled: studyId !== '' && pathwayRecordId !== '',
    meta: { secondary: true },
  });
  const subjectId = enrollment.data?.subject.id;
  const records = useSubjectMedications(studyId, subjectId ?? '', { enabled: canList, secondary: true });
  const study = useStudy(studyId, { secondary: true });
  const format = studyDateFormatOf(study.data?.dateFormat);
  const refs = answer.medicationRefs;
  const byId = useMemo(() => new Map((records.data ?? []).map((m) => [m.id, m])), [records.data]);
  const texts: MedicationLineTexts = {
    unit: (code) => t(`REF.UNITS.${code}`),
    ongoing: t('REF.ONGOING'),
  };

  if (pathwayRecordId === '') {
    // The form preview: no subject whose medication could be linked.
    return (
      <Alert variant="light" color="gray" icon={<IconLink size={18} />} role="note" aria-labelledby={labelId}>
        {t('REF.PREVIEW')}
      </Alert>
    );
  }

  const setRefs = (next: string[]) => {
    onChange({ ...answer, medicationRefs: next });
    onBlur();
  };
  const handleCreated = (record: MedicationView) => {
    if (!refs.includes(record.id)) setRefs([...refs, record.id]);
  };
  const options = (records.data ?? [])
    .filter((m) => !refs.includes(m.id) && !m.isRemoved)
    .map((m) => ({ value: m.id, label: medicationLine(m, format, texts) }));

  return (
    <Stack
      ref={ref}
      gap="xs"
      role="group"
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      data-testid="medication-reference"
    >
      {refs.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="medication-reference-none">
          {t(isReadOnly ? 'REF.NONE_LINKED_READ_ONLY' : 'REF.NONE_LINKED')}
        </Text>
      ) : (
        refs.map((id) => (
          <LinkedMedication
            key={id}
            record={byId.get(id)}
            canUnlink={!isReadOnly}
            texts={texts}
            format={format}
            onUnlink={() => setRefs(refs.filter((r) => r !== id))}
          />
        ))
      )}
      {!isReadOnly && (canList || canCreate) && (
        <Group gap="sm" align="flex-end" wrap="wrap">
          {canList && options.length > 0 && (
            <Select
              aria-label={t('REF.LINK_EXISTING')}
              placeholder={t('REF.LINK_EXISTING')}
              data={options}
              value={null}
              searchable
              onChange={(id) => id && setRefs([...refs, id])}
              style={{ flex: '1 1 16rem' }}
              data-testid="medication-reference-select"
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {canCreate && subjectId && (
            <Button
              variant="light"
              leftSection={<IconPill size={16} />}
              onClick={() => setCreating(true)}
              data-testid="medication-reference-create"
            >
              {t('REF.CREATE')}
            </Button>
          )}
        </Group>
      )}
      {canCreate && subjectId && (
        <MedicationRefDialog
          opened={isCreating}
          studyId={studyId}
          subjectId={subjectId}
          onClose={() => setCreating(false)}
          onCreated={handleCreated}
        />
      )}
    </Stack>
  );
}

type LinkedMedicationProps = {
  record: MedicationView | undefined;
  canUnlink: boolean;
  texts: MedicationLineTexts;
  format: ReturnType<typeof studyDateFormatOf>;
  onUnlink: () => void;
};

/** One linked record: name, dose, period; a record the caller may not list shows as such. */
function LinkedMedication({ record, canUnlink, texts, format, onUnlink }: LinkedMedicationProps) {
  const { t } = useTranslation(['common', 'medication']);
  const dose = record ? medicationDoseText(record, texts) : '';
  const period = record ? medicationPeriodText(record, format, texts) : '';
  return (
    <Card withBorder radius="sm" padding="xs" data-testid="medication-reference-linked">
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text size="sm" fw={600} dir="auto" style={{ overflowWrap: 'anywhere' }}>
              {record ? record.name : t('REF.UNKNOWN')}
            </Text>
            {record && (
              <Badge size="sm" variant="light" color={record.registrationType === 'IMP' ? 'grape' : 'blue'}>
                {t(`REF.TYPES.${record.registrationType}`)}
              </Badge>
            )}
            {record?.isRemoved && (
              <Badge size="sm" variant="light" color="red">
                {t('REF.REMOVED')}
              </Badge>
            )}
          </Group>
          {(dose || period) && (
            <Text size="xs" c="dimmed" data-testid="medication-reference-details">
              {[dose, period].filter(Boolean).join(' · ')}
            </Text>
          )}
        </Stack>
        {canUnlink && (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('REF.UNLINK', { name: record?.name ?? '' })}
            onClick={onUnlink}
          >
            <IconX size={16} />
          </ActionIcon>
        )}
      </Group>
    </Card>
  );
}
