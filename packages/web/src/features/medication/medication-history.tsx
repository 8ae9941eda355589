import { Alert, Loader, Stack, Table, Text } from '@mantine/core';
import type { MedicationAuditEntry } from '@trialbase/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type AeDateFormatter, isolated } from '../adverse-events/ae-dates';
import { useMedication } from './api';

const SHOWN_FIELDS = new Set([
  'registrationType',
  'name',
  'indication',
  'dose',
  'doseUnit',
  'doseUnitOther',
  'route',
  'routeOther',
  'frequency',
  'frequencyOther',
  'startDate',
  'endDate',
  'ongoing',
  'aeId',
  'comment',
  'schedulePackage',
  'scheduleUnitsPerDay',
]);

function valueText(t: TFunction, value: unknown): string {
  if (value === null || value === undefined || value === '') return t('MEDICATION.AUDIT.NOTHING');
  if (typeof value === 'boolean') return value ? t('MEDICATION.LIST.YES') : t('MEDICATION.LIST.NO');
  return String(value);
}

/** The changed fields of an audit entry, "field: before → after". */
function changesOf(t: TFunction, entry: MedicationAuditEntry): string[] {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  if (entry.action !== 'MEDICATION_UPDATED') return [];
  return Object.keys(before)
    .filter((k) => SHOWN_FIELDS.has(k))
    .map(
      (k) =>
        `${t(`MEDICATION.FIELDS.${k}` as 'MEDICATION.TITLE')}: ${valueText(t, before[k])} → ${valueText(t, after[k])}`,
    );
}

/** Issue 21 item 1: a record's audit history (who, when, what changed before and after). */
export function MedicationHistory({
  studyId,
  subjectId,
  medicationId,
  dates,
}: {
  studyId: string;
  subjectId: string;
  medicationId: string;
  dates: AeDateFormatter;
}) {
  const { t } = useTranslation(['common', 'medication']);
  const record = useMedication(studyId, subjectId, medicationId, true);
  if (record.isPending) return <Loader size="sm" aria-label={t('MEDICATION.AUDIT.TITLE')} />;
  if (record.isError) return <Alert color="red">{t('MEDICATION.AUDIT.LOAD_FAILED')}</Alert>;
  const audit = record.data.audit ?? [];
  if (audit.length === 0) return <Text c="dimmed">{t('MEDICATION.AUDIT.EMPTY')}</Text>;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing="xs" data-testid="med-history">
        <Table.Tbody>
          {audit.map((entry) => {
            const after = (entry.after ?? {}) as Record<string, unknown>;
            return (
              <Table.Tr key={`${entry.time}-${entry.action}-${entry.actorId ?? ''}`}>
                <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                  <bdi dir="ltr">{dates.dateTime(entry.time)}</bdi>
                </Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Text size="sm" fw={600}>
                      {t(`MEDICATION.AUDIT.ACTION.${entry.action}` as 'MEDICATION.TITLE', {
                        defaultValue: entry.action,
                      })}
                      {entry.actorName ? <> · {isolated(entry.actorName)}</> : null}
                    </Text>
                    {changesOf(t, entry).map((line) => (
                      <Text size="xs" key={line}>
                        {line}
                      </Text>
                    ))}
                    {after.verificationCleared === true && (
                      <Text size="xs" c="orange.8">
                        {t('MEDICATION.AUDIT.CLEARED')}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
