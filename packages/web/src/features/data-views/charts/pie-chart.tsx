import { Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useNumberFormat } from '../format';
import { type ChartDatum, colorOf } from './chart-card';

const SIZE = 180;
const R = 84;
const C = SIZE / 2;

function point(angle: number): string {
  return `${C + R * Math.sin(angle)} ${C - R * Math.cos(angle)}`;
}

/** The SVG path of one slice from angle a to b (radians, clockwise from the top). */
function slicePath(a: number, b: number): string {
  const large = b - a > Math.PI ? 1 : 0;
  return `M ${C} ${C} L ${point(a)} A ${R} ${R} 0 ${large} 1 ${point(b)} Z`;
}

type PieChartProps = { title: string; description: string; data: readonly ChartDatum[]; testId: string };

/**
 * Spec 001 §2 population tab: the gender pie chart, drawn by hand in SVG (title and description for
 * screen readers), with a legend of counts and shares beside it that wraps under it on a phone.
 */
export function PieChart({ title, description, data, testId }: PieChartProps) {
  const format = useNumberFormat();
  const id = useId();
  const total = data.reduce((sum, d) => sum + d.value, 0) || 1;
  let angle = 0;
  const slices = data.map((d, i) => {
    const start = angle;
    angle += (d.value / total) * Math.PI * 2;
    return { datum: d, start, end: angle, color: colorOf(d, i) };
  });
  return (
    <Group gap="lg" wrap="wrap" align="center" data-testid={testId}>
      <svg
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        width={SIZE}
        height={SIZE}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        style={{ maxWidth: '100%', height: 'auto', flexShrink: 0 }}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {slices.map(({ datum, start, end, color }) =>
          datum.value === 0 ? null : end - start >= Math.PI * 2 - 1e-9 ? (
            <circle key={datum.key} cx={C} cy={C} r={R} fill={color} data-slice={datum.key}>
              <title>{`${datum.label}: ${format.number(datum.value)}`}</title>
            </circle>
          ) : (
            <path
              key={datum.key}
              d={slicePath(start, end)}
              fill={color}
              stroke="var(--mantine-color-body)"
              strokeWidth={1.5}
              data-slice={datum.key}
            >
              <title>{`${datum.label}: ${format.number(datum.value)}`}</title>
            </path>
          ),
        )}
      </svg>
      <Stack gap={6} miw={0}>
        {slices.map(({ datum, color }) => (
          <Group key={datum.key} gap={8} wrap="nowrap">
            <span
              aria-hidden
              style={{ width: 12, height: 12, borderRadius: 2, background: color, flexShrink: 0 }}
            />
            <Text size="sm">
              {datum.label}: <b>{format.number(datum.value)}</b> ({format.percent(datum.value / total)})
            </Text>
          </Group>
        ))}
      </Stack>
    </Group>
  );
}
