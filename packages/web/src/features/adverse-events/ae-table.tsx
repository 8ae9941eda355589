import { Anchor, Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AeSummary } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AeClockBadge } from './ae-clock-badge';
import { type AeDateFormatter, isolated } from './ae-dates';

export function AeStatusBadge({ status }: { status: AeSummary['status'] }) {
  const { t } = useTranslation();
  const color =
    status === 'AE_REPORTED' ? 'gray' : status === 'AE_SPONSOR_FINAL_EVALUATION' ? 'green' : 'blue';
  return (
    <Badge variant="light" color={color} data-testid="ae-status" styles={{ label: { overflow: 'visible' } }}>
      {t(`ADVERSE_EVENTS.ENUM.STATUS.${status}`)}
    </Badge>
  );
}

export function AeSeriousBadge({ ae }: { ae: Pick<AeSummary, 'sae' | 'seriousType'> }) {
  const { t } = useTranslation();
  if (!ae.sae)
    return (
      <Text size="sm" c="dimmed">
        {t('ADVERSE_EVENTS.LIST.NOT_SERIOUS')}
      </Text>
    );
  return (
    <Badge
      color="red"
      variant="light"
      data-testid="ae-serious-badge"
      styles={{ label: { overflow: 'visible' } }}
    >
      {ae.seriousType
        ? t(`ADVERSE_EVENTS.ENUM.SERIOUS_TYPE.${ae.seriousType}`)
        : t('ADVERSE_EVENTS.LIST.SERIOUS')}
    </Badge>
  );
}

type AeTableProps = {
  studyId: string;
  rows: readonly AeSummary[];
  dates: AeDateFormatter;
  /** The subject view's tab leaves out the subject column. */
  isSubjectHidden?: boolean;
};

/** AEs as a table on wide screens and as cards on a phone (spec 000 §2 AE list). */
export function AeTable({ studyId, rows, dates, isSubjectHidden = false }: AeTableProps) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 48em)') === true;
  const link = (ae: AeSummary) => `/study/${studyId}/ae/${ae.id}/edit`;
  if (isPhone) {
    return (
      <Stack gap="sm" data-testid="ae-list">
        {rows.map((ae) => (
          <Card key={ae.id} withBorder radius="md" padding="sm" data-testid="ae-row">
            <Stack gap={6}>
              <Anchor component={Link} to={link(ae)} fw={600} dir="auto" style={{ overflowWrap: 'anywhere' }}>
                {ae.eventDescription}
              </Anchor>
              <Text size="sm" c="dimmed">
                {!isSubjectHidden && (
                  <>
                    <bdi>{ae.subjectLabel}</bdi> ·{' '}
                  </>
                )}
                <bdi>{ae.siteName}</bdi>
              </Text>
              <Group gap={6}>
                <AeSeriousBadge ae={ae} />
                <AeStatusBadge status={ae.status} />
                {ae.clock && <AeClockBadge clock={ae.clock} dates={dates} size="sm" />}
              </Group>
              <Text size="xs" c="dimmed">
                {t('ADVERSE_EVENTS.LIST.REPORTED_ON', {
                  time: isolated(dates.dateTime(ae.createTime)),
                  name: `\u2068${ae.createdByName}\u2069`,
                })}
              </Text>
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="ae-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('ADVERSE_EVENTS.FIELDS.DESCRIPTION')}</Table.Th>
            {!isSubjectHidden && <Table.Th>{t('ADVERSE_EVENTS.LIST.SUBJECT')}</Table.Th>}
            <Table.Th>{t('ADVERSE_EVENTS.LIST.SITE')}</Table.Th>
            <Table.Th>{t('ADVERSE_EVENTS.LIST.SERIOUSNESS')}</Table.Th>
            <Table.Th>{t('ADVERSE_EVENTS.LIST.STATUS')}</Table.Th>
            <Table.Th>{t('ADVERSE_EVENTS.FIELDS.OUTCOME')}</Table.Th>
            <Table.Th>{t('ADVERSE_EVENTS.FIELDS.START_DATE')}</Table.Th>
            <Table.Th>{t('ADVERSE_EVENTS.LIST.CLOCK')}</Table.Th>
            <Table.Th>{t('ADVERSE_EVENTS.LIST.REPORTED')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((ae) => (
            <Table.Tr key={ae.id} data-testid="ae-row">
              <Table.Td maw={280}>
                <Anchor
                  component={Link}
                  to={link(ae)}
                  dir="auto"
                  lineClamp={2}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {ae.eventDescription}
                </Anchor>
              </Table.Td>
              {!isSubjectHidden && (
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <bdi>{ae.subjectLabel}</bdi>
                </Table.Td>
              )}
              <Table.Td>
                <bdi>{ae.siteName}</bdi>
              </Table.Td>
              <Table.Td>
                <AeSeriousBadge ae={ae} />
              </Table.Td>
              <Table.Td>
                <AeStatusBadge status={ae.status} />
              </Table.Td>
              <Table.Td>{ae.outcome ? t(`ADVERSE_EVENTS.ENUM.OUTCOME.${ae.outcome}`) : '—'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <bdi dir="ltr">{dates.date(ae.startDate) || '—'}</bdi>
              </Table.Td>
              <Table.Td>
                {ae.clock ? <AeClockBadge clock={ae.clock} dates={dates} size="sm" /> : '—'}
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  <bdi dir="ltr">{dates.dateTime(ae.createTime)}</bdi>
                </Text>
                <Text size="xs" c="dimmed">
                  <bdi>{ae.createdByName}</bdi>
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
