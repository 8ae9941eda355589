import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../format';
import { type ChartDatum, colorOf } from './chart-card';

const ROW = 38;
const BAR = 14;
const CHAR_WIDTH = 6.8;
const VALUE_SPACE = 72;

type BarListProps = { title: string; description: string; data: readonly ChartDatum[]; testId: string };

/** A label cut to what fits in `width` pixels at 12 px, with an ellipsis. */
function fit(label: string, width: number): string {
  const chars = Math.max(4, Math.floor(width / CHAR_WIDTH));
  return label.length <= chars ? label : `${label.slice(0, chars - 1)}…`;
}

/**
 * Horizontal bars drawn by hand in SVG, one per choice (the answers of a choice question): the label
 * on its own line above its bar, so long possibility texts stay readable on a 320 px phone; the bar
 * grows from the start side (right in right-to-left), its count and share at its end.
 */
export function BarList({ title, description, data, testId }: BarListProps) {
  const { i18n } = useTranslation();
  const format = useNumberFormat();
  const id = useId();
  const { ref, width: measured } = useElementSize();
  const width = Math.max(200, Math.floor(measured) || 480);
  const isRtl = i18n.dir() === 'rtl';
  const max = Math.max(1, ...data.map((d) => Math.max(d.value, d.target ?? 0)));
  const total = data.reduce((sum, d) => sum + d.value, 0) || 1;
  const plotW = width - VALUE_SPACE;
  const height = data.length * ROW + 4;
  const x = (v: number) => (isRtl ? width - v : v);
  // The drawing is laid out left to right and mirrored by hand, so anchors are physical.
  const anchor = isRtl ? 'end' : 'start';
  return (
    <Box ref={ref} w="100%" miw={0} data-testid={testId}>
      <svg
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        style={{ display: 'block', maxWidth: '100%', direction: 'ltr' }}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {data.map((d, i) => {
          const top = i * ROW;
          const length = (d.value / max) * plotW;
          return (
            <g key={d.key} data-bar={d.key}>
              <text x={x(0)} y={top + 13} fontSize={12} textAnchor={anchor} fill="var(--mantine-color-text)">
                {fit(d.label, width)}
                <title>{d.label}</title>
              </text>
              <rect
                x={isRtl ? x(0) - plotW : 0}
                y={top + 18}
                width={plotW}
                height={BAR}
                rx={2}
                fill="var(--mantine-color-default-hover)"
              />
              <rect
                x={isRtl ? x(length) : 0}
                y={top + 18}
                width={Math.max(d.value > 0 ? 2 : 0, length)}
                height={BAR}
                rx={2}
                fill={colorOf(d, i)}
              >
                <title>{`${d.label}: ${format.number(d.value)}`}</title>
              </rect>
              {d.target != null && d.target > 0 && (
                <line
                  x1={x((d.target / max) * plotW)}
                  x2={x((d.target / max) * plotW)}
                  y1={top + 15}
                  y2={top + 18 + BAR + 3}
                  stroke="var(--mantine-color-text)"
                  strokeWidth={2}
                  data-target={d.target}
                >
                  <title>{`${d.label}: ${format.number(d.target)}`}</title>
                </line>
              )}
              <text
                x={x(plotW + 6)}
                y={top + 29}
                fontSize={11}
                textAnchor={anchor}
                fill="var(--mantine-color-text)"
              >
                {d.target != null
                  ? `${format.number(d.value)} / ${format.number(d.target)}`
                  : `${format.number(d.value)} · ${format.percent(d.value / total)}`}
              </text>
            </g>
          );
        })}
      </svg>
    </Box>
  );
}
