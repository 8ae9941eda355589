import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../format';
import type { ChartDatum } from './chart-card';

const HEIGHT = 200;
const PAD = { top: 14, bottom: 30, start: 40, end: 8 };
const CHAR_WIDTH = 6.6;

/** A centred label's x kept inside the drawing, so the first and last labels are not cut. */
export function clampLabel(centre: number, label: string, width: number): number {
  const half = (label.length * CHAR_WIDTH) / 2 + 2;
  return Math.min(Math.max(centre, half), width - half);
}

type ColumnChartProps = {
  title: string;
  description: string;
  data: readonly ChartDatum[];
  testId: string;
  /** The x axis' name (age in years, the answer's value). */
  axisLabel: string;
  color?: string;
};

/**
 * Vertical bars drawn by hand in SVG: the age distribution (spec 001 §2) and the histogram of a
 * number question. It is drawn at the width it gets (no scaling), so its labels keep their size on a
 * 320 px phone; labels that would touch are thinned out. The axis runs with the reading direction.
 */
export function ColumnChart({ title, description, data, testId, axisLabel, color }: ColumnChartProps) {
  const { i18n } = useTranslation();
  const format = useNumberFormat();
  const id = useId();
  const { ref, width: measured } = useElementSize();
  const width = Math.max(200, Math.floor(measured) || 480);
  const isRtl = i18n.dir() === 'rtl';
  const max = Math.max(1, ...data.map((d) => d.value));
  const plotW = width - PAD.start - PAD.end;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, data.length);
  const barW = Math.max(2, Math.min(48, slot * 0.72));
  const x = (v: number) => (isRtl ? width - PAD.start - v : PAD.start + v);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const longest = Math.max(1, ...data.map((d) => d.label.length));
  const labelEvery = Math.max(1, Math.ceil((longest * CHAR_WIDTH + 6) / slot));
  const ticks = max <= 1 ? [0, 1] : [0, Math.round(max / 2), max];
  const fill = color ?? 'var(--mantine-color-blue-6)';
  return (
    <Box ref={ref} w="100%" miw={0} data-testid={testId}>
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
        {[...new Set(ticks)].map((tick) => (
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
        {data.map((d, i) => {
          const centre = i * slot + slot / 2;
          const top = y(d.value);
          return (
            <g key={d.key} data-bar={d.key}>
              <rect
                x={x(centre) - barW / 2}
                y={top}
                width={barW}
                height={Math.max(0, PAD.top + plotH - top)}
                rx={2}
                fill={d.color ?? fill}
              >
                <title>{`${d.label}: ${format.number(d.value)}`}</title>
              </rect>
              {d.value > 0 && barW >= 14 && (
                <text
                  x={x(centre)}
                  y={top - 3}
                  fontSize={10}
                  textAnchor="middle"
                  fill="var(--mantine-color-text)"
                >
                  {format.number(d.value)}
                </text>
              )}
              {i % labelEvery === 0 && (
                <text
                  x={clampLabel(x(centre), d.label, width)}
                  y={HEIGHT - PAD.bottom + 14}
                  fontSize={11}
                  textAnchor="middle"
                  fill="var(--mantine-color-text)"
                >
                  {d.label}
                </text>
              )}
            </g>
          );
        })}
        <text
          x={x(plotW / 2)}
          y={HEIGHT - 2}
          fontSize={11}
          textAnchor="middle"
          fill="var(--mantine-color-dimmed)"
        >
          {axisLabel}
        </text>
      </svg>
    </Box>
  );
}
