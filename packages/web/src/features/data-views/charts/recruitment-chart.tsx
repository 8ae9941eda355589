import { Box, Group, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../format';
import { clampLabel } from './column-chart';

export type RecruitmentPoint = { key: string; label: string; count: number; cumulative: number };

const HEIGHT = 220;
const PAD = { top: 16, bottom: 30, start: 40, end: 12 };
const CHAR_WIDTH = 6.6;
const BAR_COLOR = 'var(--mantine-color-blue-2)';
const LINE_COLOR = 'var(--mantine-color-blue-7)';

type RecruitmentChartProps = { title: string; description: string; points: readonly RecruitmentPoint[] };

/**
 * 000 §2 site report: recruitment over time, drawn by hand in SVG at the width it gets: the
 * subjects registered each month as bars and the running total as a line, on one scale; the time
 * axis runs with the reading direction.
 */
export function RecruitmentChart({ title, description, points }: RecruitmentChartProps) {
  const { t, i18n } = useTranslation(['common', 'data-views']);
  const format = useNumberFormat();
  const id = useId();
  const { ref, width: measured } = useElementSize();
  const width = Math.max(200, Math.floor(measured) || 480);
  const isRtl = i18n.dir() === 'rtl';
  const max = Math.max(1, ...points.map((p) => p.cumulative));
  const plotW = width - PAD.start - PAD.end;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, points.length);
  const barW = Math.max(2, Math.min(32, slot * 0.6));
  const x = (v: number) => (isRtl ? width - PAD.start - v : PAD.start + v);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const longest = Math.max(1, ...points.map((p) => p.label.length));
  const labelEvery = Math.max(1, Math.ceil((longest * CHAR_WIDTH + 8) / slot));
  const ticks = [...new Set([0, Math.round(max / 2), max])];
  const line = points
    .map((p, i) => `${i === 0 ? 'M' : 'L'} ${x(i * slot + slot / 2)} ${y(p.cumulative)}`)
    .join(' ');
  return (
    <Box ref={ref} w="100%" miw={0} data-testid="recruitment-chart">
      <svg
        width={width}
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        style={{ display: 'block', maxWidth: '100%', direction: 'ltr' }}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={x(0)}
              x2={x(plotW)}
              y1={y(tick)}
              y2={y(tick)}
              stroke="var(--mantine-color-default-border)"
              strokeDasharray={tick === 0 ? undefined : '3 3'}
            />
            <text
              x={isRtl ? width - PAD.start + 6 : PAD.start - 6}
              y={y(tick) + 4}
              fontSize={11}
              textAnchor={isRtl ? 'start' : 'end'}
              fill="var(--mantine-color-dimmed)"
            >
              {format.number(tick)}
            </text>
          </g>
        ))}
        {points.map((p, i) => {
          const centre = x(i * slot + slot / 2);
          return (
            <g key={p.key} data-month={p.key}>
              <rect
                x={centre - barW / 2}
                y={y(p.count)}
                width={barW}
                height={Math.max(0, PAD.top + plotH - y(p.count))}
                fill={BAR_COLOR}
              >
                <title>{`${p.label}: ${format.number(p.count)}`}</title>
              </rect>
              {i % labelEvery === 0 && (
                <text
                  x={clampLabel(centre, p.label, width)}
                  y={HEIGHT - PAD.bottom + 14}
                  fontSize={11}
                  textAnchor="middle"
                  fill="var(--mantine-color-text)"
                >
                  {p.label}
                </text>
              )}
            </g>
          );
        })}
        <path d={line} fill="none" stroke={LINE_COLOR} strokeWidth={2} />
        {points.map((p, i) => (
          <circle key={p.key} cx={x(i * slot + slot / 2)} cy={y(p.cumulative)} r={3} fill={LINE_COLOR}>
            <title>{`${p.label}: ${format.number(p.cumulative)}`}</title>
          </circle>
        ))}
      </svg>
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
    </Box>
  );
}
