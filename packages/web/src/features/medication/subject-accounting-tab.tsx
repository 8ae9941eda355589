import { Alert, Badge, Button, Card, Group, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPackage } from '@tabler/icons-react';
import type { AccountingEntryView, SubjectAccounting } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStudyAbilities } from '../../app/abilities';
import { type AeDateFormatter, isolated, useAeDates } from '../adverse-events/ae-dates';
import { AccountingEntryForm } from './accounting-entry-form';
import { useSubjectAccounting } from './api';

function BalanceTable({ data }: { data: SubjectAccounting }) {
  const { t } = useTranslation(['common', 'medication']);
  if (data.balance.length === 0) return <Text c="dimmed">{t('MEDICATION.ACCOUNTING.BALANCE_NONE')}</Text>;
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table data-testid="acc-balance" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('MEDICATION.ACCOUNTING.FIELDS.package')}</Table.Th>
            <Table.Th ta="end">{t('MEDICATION.ACCOUNTING.DELIVERED')}</Table.Th>
            <Table.Th ta="end">{t('MEDICATION.ACCOUNTING.RETURNED')}</Table.Th>
            <Table.Th ta="end">{t('MEDICATION.ACCOUNTING.LOST')}</Table.Th>
            <Table.Th ta="end">{t('MEDICATION.ACCOUNTING.BALANCE')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.balance.map((b) => (
            <Table.Tr key={b.package} data-testid={`acc-balance-${b.package}`}>
              <Table.Td>{t(`MEDICATION.ENUM.PACKAGE.${b.package}`)}</Table.Td>
              <Table.Td ta="end">{b.delivered}</Table.Td>
              <Table.Td ta="end">{b.returned}</Table.Td>
              <Table.Td ta="end">{b.lost}</Table.Td>
              <Table.Td ta="end" fw={700} data-testid="acc-balance-value">
                {b.balance}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ComplianceTable({ data }: { data: SubjectAccounting }) {
  const { t } = useTranslation(['common', 'medication']);
  if (data.scheduled.length === 0)
    return <Text c="dimmed">{t('MEDICATION.ACCOUNTING.COMPLIANCE_NONE')}</Text>;
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table data-testid="acc-compliance">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('MEDICATION.ACCOUNTING.FIELDS.package')}</Table.Th>
            <Table.Th ta="end">{t('MEDICATION.ACCOUNTING.DAYS')}</Table.Th>
            <Table.Th ta="end">{t('MEDICATION.ACCOUNTING.EXPECTED')}</Table.Th>
            <Table.Th ta="end">{t('MEDICATION.ACCOUNTING.ACTUAL')}</Table.Th>
            <Table.Th ta="end">{t('MEDICATION.ACCOUNTING.PERCENT')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.scheduled.map((c) => (
            <Table.Tr key={c.package}>
              <Table.Td>{t(`MEDICATION.ENUM.PACKAGE.${c.package}`)}</Table.Td>
              <Table.Td ta="end">{c.days}</Table.Td>
              <Table.Td ta="end">{c.expected}</Table.Td>
              <Table.Td ta="end">{c.actual}</Table.Td>
              <Table.Td ta="end" fw={700}>
                {c.percent === null ? '–' : <bdi dir="ltr">{`${c.percent} %`}</bdi>}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

type EntriesProps = {
  entries: AccountingEntryView[];
  dates: AeDateFormatter;
  canCorrect: boolean;
  onCorrect: (entry: AccountingEntryView) => void;
};

function EntryList({ entries, dates, canCorrect, onCorrect }: EntriesProps) {
  const { t } = useTranslation(['common', 'medication']);
  if (entries.length === 0) return <Text c="dimmed">{t('MEDICATION.ACCOUNTING.NONE')}</Text>;
  return (
    <Stack gap="xs" data-testid="acc-entries">
      {entries.map((e) => {
        const isVoid = e.correctedById !== null || e.isRemoved;
        return (
          <Card
            key={e.id}
            withBorder
            padding="xs"
            radius="sm"
            data-testid="acc-entry"
            opacity={isVoid ? 0.65 : 1}
          >
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Group gap="xs" wrap="wrap">
                <Badge
                  variant="light"
                  color={
                    e.accountingType === 'DELIVERED'
                      ? 'teal'
                      : e.accountingType === 'RETURNED'
                        ? 'blue'
                        : 'red'
                  }
                >
                  {t(`MEDICATION.ENUM.ACCOUNTING_TYPE.${e.accountingType}`)}
                </Badge>
                <Text size="sm" fw={600} td={isVoid ? 'line-through' : undefined}>
                  {e.quantity} × {t(`MEDICATION.ENUM.PACKAGE.${e.package}`)}
                </Text>
                <Text size="sm">
                  <bdi dir="ltr">{dates.date(e.date)}</bdi>
                </Text>
                {e.batchNumber && (
                  <Text size="sm" c="dimmed">
                    {t('MEDICATION.ACCOUNTING.FIELDS.batchNumber')}: <bdi>{e.batchNumber}</bdi>
                  </Text>
                )}
                {e.correctedById !== null && (
                  <Badge color="gray" variant="outline">
                    {t('MEDICATION.ACCOUNTING.CORRECTED')}
                  </Badge>
                )}
              </Group>
              {canCorrect && !isVoid && (
                <Button
                  size="compact-sm"
                  variant="default"
                  onClick={() => onCorrect(e)}
                  data-testid="acc-correct"
                >
                  {t('MEDICATION.ACCOUNTING.CORRECT')}
                </Button>
              )}
            </Group>
            {e.correctionReason && (
              <Text size="xs" c="dimmed" mt={4}>
                {t('MEDICATION.ACCOUNTING.CORRECTION_OF', { reason: isolated(e.correctionReason) })}
              </Text>
            )}
            <Text size="xs" c="dimmed" mt={2}>
              {t('MEDICATION.ACCOUNTING.RECORDED_BY')} <bdi>{e.createdByName}</bdi> ·{' '}
              <bdi dir="ltr">{dates.dateTime(e.createdTime)}</bdi>
            </Text>
          </Card>
        );
      })}
    </Stack>
  );
}

/**
 * Spec 001 §2 subject view, medication accounting tab (issue 21 item 2): deliveries, returns and
 * losses with the balance per package, expected versus actual use from the IMP dose schedule, and
 * signed corrections that keep the original entry in the log.
 */
export function SubjectAccountingTab({ studyId, subjectId }: { studyId: string; subjectId: string }) {
  const { t } = useTranslation(['common', 'medication']);
  const abilities = useStudyAbilities(studyId);
  const dates = useAeDates(studyId);
  const isPhone = useMediaQuery('(max-width: 36em)') ?? false;
  const accounting = useSubjectAccounting(studyId, subjectId);
  const [dialog, setDialog] = useState<AccountingEntryView | 'new' | null>(null);
  const close = () => setDialog(null);
  return (
    <Stack gap="md">
      {abilities.can('MEDICATION_ACCOUNTING_CREATE') && (
        <Group justify="flex-end">
          <Button
            leftSection={<IconPackage size={16} />}
            onClick={() => setDialog('new')}
            data-testid="acc-add"
          >
            {t('MEDICATION.ACCOUNTING.ADD')}
          </Button>
        </Group>
      )}
      {accounting.isPending ? (
        <Loader size="sm" aria-label={t('MEDICATION.ACCOUNTING.TAB')} />
      ) : accounting.isError ? (
        <Alert color="red">{t('MEDICATION.ACCOUNTING.LOAD_FAILED')}</Alert>
      ) : (
        <>
          <Card withBorder padding="md" radius="md" component="section">
            <Title order={2} fz="h5" mb="sm">
              {t('MEDICATION.ACCOUNTING.BALANCE_TITLE')}
            </Title>
            <BalanceTable data={accounting.data} />
          </Card>
          <Card withBorder padding="md" radius="md" component="section">
            <Title order={2} fz="h5" mb="sm">
              {t('MEDICATION.ACCOUNTING.COMPLIANCE_TITLE')}
            </Title>
            <ComplianceTable data={accounting.data} />
          </Card>
          <section>
            <Title order={2} fz="h5" mb="sm">
              {t('MEDICATION.ACCOUNTING.ENTRIES_TITLE')}
            </Title>
            <EntryList
              entries={accounting.data.entries}
              dates={dates}
              canCorrect={abilities.can('MEDICATION_ACCOUNTING_UPDATE')}
              onCorrect={setDialog}
            />
          </section>
        </>
      )}
      <Modal
        opened={dialog !== null}
        onClose={close}
        title={
          dialog === 'new'
            ? t('MEDICATION.ACCOUNTING.CREATE_TITLE')
            : t('MEDICATION.ACCOUNTING.CORRECT_TITLE')
        }
        size="lg"
        fullScreen={isPhone}
      >
        {dialog !== null && (
          <AccountingEntryForm
            studyId={studyId}
            subjectId={subjectId}
            correcting={dialog === 'new' ? null : dialog}
            onSaved={close}
            onCancel={close}
          />
        )}
      </Modal>
    </Stack>
  );
}
