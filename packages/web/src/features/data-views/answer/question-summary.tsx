import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatStudyDate, formatStudyDateTime, type QuestionSummary } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { BarList } from '../charts/bar-list';
import type { ChartDatum } from '../charts/chart-card';
import { ChartCard } from '../charts/chart-card';
import { ColumnChart } from '../charts/column-chart';
import { useAuthoredText } from '../filters/data-filter-form';
import { type NumberFormat, useNumberFormat, useStudyDates } from '../format';

/** An answer value that is a date or a date-time, in the study's date format (spec 000 §9). */
export function formatDateValue(value: string, format: Parameters<typeof formatStudyDate>[1]): string {
  return value.includes('T') ? formatStudyDateTime(value, format) : formatStudyDate(value, format);
}

function binLabel(from: number, to: number, format: NumberFormat): string {
  const digits = Number.isInteger(from) && Number.isInteger(to) ? 0 : 1;
  return from === to
    ? format.number(from, digits)
    : `${format.number(from, digits)}–${format.number(to, digits)}`;
}

/**
 * Spec 001 §2 answer tab, per question: its counts and its distribution: bars per choice, ticked
 * and not ticked, a histogram with minimum, median and maximum for numbers, and the earliest,
 * median and latest for dates.
 */
export function QuestionSummaryCard({ studyId, question }: { studyId: string; question: QuestionSummary }) {
  const { t } = useTranslation(['common', 'data-views']);
  const text = useAuthoredText();
  const format = useNumberFormat();
  const dates = useStudyDates(studyId);
  const title = `${question.order}. ${text(question.text) || question.questionId}`;
  const counts = (
    <Text size="xs" c="dimmed">
      {t('DATA_VIEWS.ANSWER.COUNTS', {
        answered: format.number(question.answered),
        unavailable: format.number(question.unavailable),
        skipped: format.number(question.skipped),
      })}
    </Text>
  );
  const d = question.distribution;
  const testId = `question-${question.questionId}`;
  const description = t('DATA_VIEWS.ANSWER.CHART_DESC', { question: title });
  switch (d.kind) {
    case 'CHOICE':
    case 'CHECKBOX': {
      const data: ChartDatum[] =
        d.kind === 'CHOICE'
          ? d.choices.map((c) => ({
              key: c.possibilityId,
              label: text(c.text) || c.possibilityId,
              value: c.count,
            }))
          : [
              { key: 'checked', label: t('DATA_VIEWS.ANSWER.CHECKED'), value: d.checked },
              { key: 'unchecked', label: t('DATA_VIEWS.ANSWER.UNCHECKED'), value: d.unchecked },
            ];
      return (
        <ChartCard
          title={title}
          data={data}
          labelHeader={t('DATA_VIEWS.ANSWER.ANSWER')}
          testId={testId}
          footer={counts}
        >
          <BarList title={title} description={description} data={data} testId={`${testId}-bars`} />
        </ChartCard>
      );
    }
    case 'NUMBER': {
      const data: ChartDatum[] = d.bins.map((bin, i) => ({
        key: String(i),
        label: binLabel(bin.from, bin.to, format),
        value: bin.count,
      }));
      const value = (v: number | null) => (v === null ? '–' : format.number(v, 2));
      return (
        <ChartCard
          title={title}
          data={data}
          labelHeader={t('DATA_VIEWS.ANSWER.RANGE')}
          testId={testId}
          footer={
            <Stack gap={2}>
              <MinMedianMax min={value(d.min)} median={value(d.median)} max={value(d.max)} testId={testId} />
              {counts}
            </Stack>
          }
        >
          <ColumnChart
            title={title}
            description={description}
            data={data}
            axisLabel={t('DATA_VIEWS.ANSWER.VALUE')}
            testId={`${testId}-histogram`}
          />
        </ChartCard>
      );
    }
    case 'DATE':
    case 'NONE':
      return (
        <Card withBorder radius="md" padding="md" data-testid={testId} miw={0}>
          <Stack gap="xs">
            <Title order={3} fz="md">
              <bdi>{title}</bdi>
            </Title>
            {d.kind === 'DATE' && (
              <MinMedianMax
                min={d.min ? formatDateValue(d.min, dates.format) : '–'}
                median={d.median ? formatDateValue(d.median, dates.format) : '–'}
                max={d.max ? formatDateValue(d.max, dates.format) : '–'}
                testId={testId}
              />
            )}
            {counts}
          </Stack>
        </Card>
      );
    default: {
      const never: never = d;
      return never;
    }
  }
}

function MinMedianMax({
  min,
  median,
  max,
  testId,
}: {
  min: string;
  median: string;
  max: string;
  testId: string;
}) {
  const { t } = useTranslation(['common', 'data-views']);
  const item = (label: string, value: string, key: string) => (
    <Stack gap={0} data-testid={`${testId}-${key}`}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} dir="ltr" style={{ unicodeBidi: 'isolate' }}>
        {value}
      </Text>
    </Stack>
  );
  return (
    <Group gap="lg" wrap="wrap">
      {item(t('DATA_VIEWS.ANSWER.MIN'), min, 'min')}
      {item(t('DATA_VIEWS.ANSWER.MEDIAN'), median, 'median')}
      {item(t('DATA_VIEWS.ANSWER.MAX'), max, 'max')}
    </Group>
  );
}
