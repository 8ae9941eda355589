import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../format';

const CHAR_WIDTH = 6.6;

/** A centred label's x kept inside the drawing, so the first and last labels are not cut. */
export function clampLabel(centre: number, label: string, width: number): number {
  const half = (label.length * CHAR_WIDTH) / 2 + 2;
  return Math.min(Math.max(centre, half), width - half);
}

/** Where things go in a column frame: `centre(i)` is the middle of the i-th slot, already mirrored. */
export type ColumnGeometry = {
  width: number;
  /** The y of the plot's floor (value 0). */
  floor: number;
  slot: number;
  /** The x of the plot's middle. */
  middle: number;
  centre: (index: number) => number;
  y: (value: number) => number;
};

type ColumnFrameProps = {
  title: string;
  description: string;
  testId: string;
  height: number;
  pad: { top: number; bottom: number; start: number; end: number };
  /** One slot per item, its label under it (thinned out when labels would touch). */
  items: readonly { key: string; label: string }[];
  /** The top of the value axis. */
  max: number;
  ticks: readonly number[];
  /** Extra room between two x labels, in pixels. */
  labelGap: number;
  /** The marks (bars, lines) drawn over the grid. */
  children: (geometry: ColumnGeometry) => ReactNode;
  /** Drawn after the marks, e.g. the axis name. */
  overlay?: (geometry: ColumnGeometry) => ReactNode;
  /** Below the drawing, e.g. a legend. */
  footer?: ReactNode;
};

/**
 * The frame the column charts share (the age distribution and number histograms of spec 001 §2,
 * recruitment over time of 000 §2 site report): an SVG drawn by hand at the width it gets (no scaling,
 * so labels keep their size on a 320 px phone), with a title and description for screen readers,
 * dashed value grid lines with their numbers, one slot per item with its label under it (labels that
 * would touch are thinned out), running with the reading direction.
 */
export function ColumnFrame({
  title,
  description,
  testId,
  height,
  pad,
  items,
  max,
  ticks,
  labelGap,
  children,
  overlay,
  footer,
}: ColumnFrameProps) {
  const { i18n } = useTranslation();
  const format = useNumberFormat();
  const id = useId();
  const { ref, width: measured } = useElementSize();
  const width = Math.max(200, Math.floor(measured) || 480);
  const isRtl = i18n.dir() === 'rtl';
  const top = Math.max(1, max);
  const plotW = width - pad.start - pad.end;
  const plotH = height - pad.top - pad.bottom;
  const slot = plotW / Math.max(1, items.length);
  const x = (v: number) => (isRtl ? width - pad.start - v : pad.start + v);
  const geometry: ColumnGeometry = {
    width,
    floor: pad.top + plotH,
    slot,
    middle: x(plotW / 2),
    centre: (index) => x(index * slot + slot / 2),
    y: (v) => pad.top + plotH - (v / top) * plotH,
  };
  const longest = Math.max(1, ...items.map((item) => item.label.length));
  const labelEvery = Math.max(1, Math.ceil((longest * CHAR_WIDTH + labelGap) / slot));
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
        {[...new Set(ticks)].map((tick) => (
          <g key={tick}>
            <line
              x1={x(0)}
              x2={x(plotW)}
              y1={geometry.y(tick)}
              y2={geometry.y(tick)}
              stroke="var(--mantine-color-default-border)"
              strokeDasharray={tick === 0 ? undefined : '3 3'}
            />
            <text
              x={isRtl ? width - pad.start + 6 : pad.start - 6}
              y={geometry.y(tick) + 4}
              fontSize={11}
              textAnchor={isRtl ? 'start' : 'end'}
              fill="var(--mantine-color-dimmed)"
            >
              {format.number(tick)}
            </text>
          </g>
        ))}
        {children(geometry)}
        {items.map((item, i) =>
          i % labelEvery === 0 ? (
            <text
              key={item.key}
              x={clampLabel(geometry.centre(i), item.label, width)}
              y={height - pad.bottom + 14}
              fontSize={11}
              textAnchor="middle"
              fill="var(--mantine-color-text)"
            >
              {item.label}
            </text>
          ) : null,
        )}
        {overlay?.(geometry)}
      </svg>
      {footer}
    </Box>
  );
}
