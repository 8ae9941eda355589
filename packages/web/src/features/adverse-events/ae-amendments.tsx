import { Card, Code, Stack, Table, Text, Title } from '@mantine/core';
import type { AeAmendmentView } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import type { AeDateFormatter } from './ae-dates';

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  const text = JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

/** Spec 000 §7 amend: each amendment with who, when, its reason and every changed field before and after. */
export function AeAmendments({
  amendments,
  dates,
}: {
  amendments: readonly AeAmendmentView[];
  dates: AeDateFormatter;
}) {
  const { t } = useTranslation();
  if (amendments.length === 0) return null;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby="ae-amendments-title"
      data-testid="ae-amendments"
    >
      <Title order={2} fz="h5" id="ae-amendments-title" mb="sm">
        {t('ADVERSE_EVENTS.AMEND.LIST_TITLE', { count: amendments.length })}
      </Title>
      <Stack gap="md">
        {amendments.map((a) => (
          <Stack gap={4} key={a.amendedTime} data-testid="ae-amendment">
            <Text size="sm" fw={600}>
              <bdi>{a.amendedByName}</bdi> · <bdi dir="ltr">{dates.dateTime(a.amendedTime)}</bdi>
            </Text>
            <Text size="sm">
              {t('ADVERSE_EVENTS.AMEND.REASON')}: <bdi>{a.reason}</bdi>
            </Text>
            <Table.ScrollContainer minWidth={420}>
              <Table withTableBorder verticalSpacing={4} fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('ADVERSE_EVENTS.AMEND.FIELD')}</Table.Th>
                    <Table.Th>{t('ADVERSE_EVENTS.AMEND.BEFORE')}</Table.Th>
                    <Table.Th>{t('ADVERSE_EVENTS.AMEND.AFTER')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {Object.entries(a.changes).map(([field, change]) => (
                    <Table.Tr key={field}>
                      <Table.Td>
                        <Code>{field}</Code>
                      </Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        <bdi>{shown(change.before)}</bdi>
                      </Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        <bdi>{shown(change.after)}</bdi>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
