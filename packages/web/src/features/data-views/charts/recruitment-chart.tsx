import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../format';
import { ColumnFrame } from './column-frame';

export type RecruitmentPoint = { key: string; label: string; count: number; cumulative: number };

const HEIGHT = 220;
const PAD = { top: 16, bottom: 30, start: 40, end: 12 };
const BAR_COLOR = 'var(--mantine-color-blue-2)';
const LINE_COLOR = 'var(--mantine-color-blue-7)';

type RecruitmentChartProps = { title: string; description: string; points: readonly RecruitmentPoint[] };

/**
 * 000 §2 site report: recruitment over time in the shared column frame: the subjects registered each
 * month as bars and the running total as a line, on one scale, with a legend.
 */
export function RecruitmentChart({ title, description, points }: RecruitmentChartProps) {
  const { t } = useTranslation(['common', 'data-views']);
  const format = useNumberFormat();
  const max = Math.max(1, ...points.map((p) => p.cumulative));
  const legend = (
    <Group gap="md" mt={4} wrap="wrap">
      <Group gap={6} wrap="nowrap">
        <span aria-hidden style={{ width: 12, height: 12, background: BAR_COLOR, borderRadius: 2 }} />
        <Text size="xs">{t('DATA_VIEWS.SITE_REPORT.PER_MONTH')}</Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        <span aria-hidden style={{ width: 14, height: 3, background: LINE_COLOR }} />
        <Text size="xs">{t('DATA_VIEWS.SITE_REPORT.CUMULATIVE')}</Text>
      </Group>
    </Group>
  );
  return (
    <ColumnFrame
      title={title}
      description={description}
      testId="recruitment-chart"
      height={HEIGHT}
      pad={PAD}
      items={points}
      max={max}
      ticks={[0, Math.round(max / 2), max]}
      labelGap={8}
      footer={legend}
      overlay={(g) => (
        <>
          <path
            d={points.map((p, i) => `${i === 0 ? 'M' : 'L'} ${g.centre(i)} ${g.y(p.cumulative)}`).join(' ')}
            fill="none"
            stroke={LINE_COLOR}
            strokeWidth={2}
          />
          {points.map((p, i) => (
            <circle key={p.key} cx={g.centre(i)} cy={g.y(p.cumulative)} r={3} fill={LINE_COLOR}>
              <title>{`${p.label}: ${format.number(p.cumulative)}`}</title>
            </circle>
          ))}
        </>
      )}
    >
      {(g) => {
        const barW = Math.max(2, Math.min(32, g.slot * 0.6));
        return points.map((p, i) => (
          <g key={p.key} data-month={p.key}>
            <rect
              x={g.centre(i) - barW / 2}
              y={g.y(p.count)}
              width={barW}
              height={Math.max(0, g.floor - g.y(p.count))}
              fill={BAR_COLOR}
            >
              <title>{`${p.label}: ${format.number(p.count)}`}</title>
            </rect>
          </g>
        ));
      }}
    </ColumnFrame>
  );
}
