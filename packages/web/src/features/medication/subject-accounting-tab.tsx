import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPackage } from '@tabler/icons-react';
import type { AccountingEntryView, MedicationPackage, SubjectAccounting } from '@trialbase/domain';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStudyAbilities } from '../../app/abilities';
import { type AeDateFormatter, isolated, useAeDates } from '../adverse-events/ae-dates';
import { AccountingEntryForm } from './accounting-entry-form';
import { useSubjectAccounting } from './api';

type Column = { label: string; value: ReactNode; testId?: string; isStrong?: boolean };
type PackageRow = { package: MedicationPackage; columns: Column[] };

/**
 * Per-package figures: a table from the sm breakpoint up, below it one card per package with its
 * figures as label and value pairs (a five-column table does not fit a phone without scrolling).
 */
function PackageFigures({ rows, testId }: { rows: PackageRow[]; testId: string }) {
  const { t } = useTranslation(['common', 'medication']);
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const first = rows[0];
  if (!first) return null;
  if (isPhone) {
    return (
      <Stack gap="xs" data-testid={testId}>
        {rows.map((row) => (
          <Card
            key={row.package}
            withBorder
            padding="xs"
            radius="sm"
            data-testid={`${testId}-${row.package}`}
          >
            <Text fw={600} size="sm" mb={4}>
              {t(`MEDICATION.ENUM.PACKAGE.${row.package}`)}
            </Text>
            <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
              {row.columns.map((c) => (
                <Group key={c.label} justify="space-between" gap={4} wrap="nowrap">
                  <Text size="xs" c="dimmed">
                    {c.label}
                  </Text>
                  <Text
                    size="sm"
                    fw={c.isStrong ? 700 : undefined}
                    data-testid={c.testId}
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {c.value}
                  </Text>
                </Group>
              ))}
            </SimpleGrid>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table data-testid={testId} striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('MEDICATION.ACCOUNTING.FIELDS.package')}</Table.Th>
          {first.columns.map((c) => (
            <Table.Th key={c.label} ta="end">
              {c.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.package} data-testid={`${testId}-${row.package}`}>
            <Table.Td>{t(`MEDICATION.ENUM.PACKAGE.${row.package}`)}</Table.Td>
            {row.columns.map((c) => (
              <Table.Td key={c.label} ta="end" fw={c.isStrong ? 700 : undefined} data-testid={c.testId}>
                {c.value}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function BalanceTable({ data }: { data: SubjectAccounting }) {
  const { t } = useTranslation(['common', 'medication']);
  if (data.balance.length === 0) return <Text c="dimmed">{t('MEDICATION.ACCOUNTING.BALANCE_NONE')}</Text>;
  const rows = data.balance.map((b) => ({
    package: b.package,
    columns: [
      { label: t('MEDICATION.ACCOUNTING.DELIVERED'), value: b.delivered },
      { label: t('MEDICATION.ACCOUNTING.RETURNED'), value: b.returned },
      { label: t('MEDICATION.ACCOUNTING.LOST'), value: b.lost },
      {
        label: t('MEDICATION.ACCOUNTING.BALANCE'),
        value: b.balance,
        testId: 'acc-balance-value',
        isStrong: true,
      },
    ],
  }));
  return <PackageFigures rows={rows} testId="acc-balance" />;
}

function ComplianceTable({ data }: { data: SubjectAccounting }) {
  const { t } = useTranslation(['common', 'medication']);
  if (data.scheduled.length === 0)
    return <Text c="dimmed">{t('MEDICATION.ACCOUNTING.COMPLIANCE_NONE')}</Text>;
  const rows = data.scheduled.map((c) => ({
    package: c.package,
    columns: [
      { label: t('MEDICATION.ACCOUNTING.DAYS'), value: c.days },
      { label: t('MEDICATION.ACCOUNTING.EXPECTED'), value: c.expected },
      { label: t('MEDICATION.ACCOUNTING.ACTUAL'), value: c.actual },
      {
        label: t('MEDICATION.ACCOUNTING.PERCENT'),
        value: c.percent === null ? '–' : <bdi dir="ltr">{`${c.percent} %`}</bdi>,
        isStrong: true,
      },
    ],
  }));
  return <PackageFigures rows={rows} testId="acc-compliance" />;
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
