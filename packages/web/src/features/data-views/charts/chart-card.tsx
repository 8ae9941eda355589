import { Button, Card, Collapse, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTable } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../format';

/** One value of a chart: its label, its count, and the colour it is drawn in. */
export type ChartDatum = {
  key: string;
  label: string;
  value: number;
  color?: string;
  /** A goal drawn as a mark across the bar (a site's enrolment target); null when none. */
  target?: number | null;
};

type ChartCardProps = {
  title: string;
  /** The chart's table alternative: one row per datum (label, count, share). */
  data: readonly ChartDatum[];
  /** The header of the label column of the table alternative. */
  labelHeader: string;
  testId: string;
  children: ReactNode;
  /** Shown under the chart (minimum, median, maximum of numbers). */
  footer?: ReactNode;
};

/**
 * Spec 001 §2: a chart with its title, a data-not-available note when there is nothing to draw,
 * and a table alternative (label, count, share) a reader can open instead of reading the drawing.
 */
export function ChartCard({ title, data, labelHeader, testId, children, footer }: ChartCardProps) {
  const { t } = useTranslation(['common', 'data-views']);
  const format = useNumberFormat();
  const [isTableOpen, table] = useDisclosure(false);
  const total = data.reduce((sum, d) => sum + d.value, 0);
  const isEmpty = total === 0;
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId} miw={0}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} fz="md">
            {/* Authored text (a question) keeps its own direction inside a right-to-left page. */}
            <bdi>{title}</bdi>
          </Title>
          {!isEmpty && (
            <Button
              variant="subtle"
              size="compact-xs"
              leftSection={<IconTable size={14} aria-hidden />}
              onClick={table.toggle}
              aria-expanded={isTableOpen}
              data-testid={`${testId}-table-toggle`}
            >
              {t(isTableOpen ? 'DATA_VIEWS.CHART.HIDE_TABLE' : 'DATA_VIEWS.CHART.SHOW_TABLE')}
            </Button>
          )}
        </Group>
        {isEmpty ? (
          <Text c="dimmed" size="sm" data-testid={`${testId}-no-data`}>
            {t('DATA_VIEWS.CHART.NO_DATA')}
          </Text>
        ) : (
          children
        )}
        {footer}
        {!isEmpty && (
          <Collapse expanded={isTableOpen}>
            <Table.ScrollContainer minWidth={240}>
              <Table striped withTableBorder fz="sm" data-testid={`${testId}-table`}>
                <Table.Caption>{title}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{labelHeader}</Table.Th>
                    <Table.Th scope="col" ta="end">
                      {t('DATA_VIEWS.CHART.COUNT')}
                    </Table.Th>
                    <Table.Th scope="col" ta="end">
                      {t('DATA_VIEWS.CHART.SHARE')}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.map((d) => (
                    <Table.Tr key={d.key}>
                      <Table.Th scope="row" fw={400}>
                        {d.label}
                      </Table.Th>
                      <Table.Td ta="end">{format.number(d.value)}</Table.Td>
                      <Table.Td ta="end">{format.percent(total ? d.value / total : 0)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Collapse>
        )}
      </Stack>
    </Card>
  );
}

/** The chart's colours, in order; each is readable on light and dark backgrounds. */
export const CHART_COLORS = [
  'var(--mantine-color-blue-6)',
  'var(--mantine-color-pink-6)',
  'var(--mantine-color-gray-6)',
  'var(--mantine-color-teal-6)',
  'var(--mantine-color-orange-6)',
  'var(--mantine-color-violet-6)',
  'var(--mantine-color-lime-7)',
  'var(--mantine-color-cyan-7)',
] as const;

export function colorOf(datum: ChartDatum, index: number): string {
  return datum.color ?? CHART_COLORS[index % CHART_COLORS.length] ?? 'var(--mantine-color-blue-6)';
}
