import { useNumberFormat } from '../format';
import type { ChartDatum } from './chart-card';
import { ColumnFrame } from './column-frame';

const HEIGHT = 200;
const PAD = { top: 14, bottom: 30, start: 40, end: 8 };

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
 * Vertical bars: the age distribution (spec 001 §2) and the histogram of a number question, each bar
 * with its count on top, in the shared column frame.
 */
export function ColumnChart({ title, description, data, testId, axisLabel, color }: ColumnChartProps) {
  const format = useNumberFormat();
  const max = Math.max(1, ...data.map((d) => d.value));
  const ticks = max <= 1 ? [0, 1] : [0, Math.round(max / 2), max];
  const fill = color ?? 'var(--mantine-color-blue-6)';
  return (
    <ColumnFrame
      title={title}
      description={description}
      testId={testId}
      height={HEIGHT}
      pad={PAD}
      items={data}
      max={max}
      ticks={ticks}
      labelGap={6}
      overlay={(g) => (
        <text
          x={g.middle}
          y={HEIGHT - 2}
          fontSize={11}
          textAnchor="middle"
          fill="var(--mantine-color-dimmed)"
        >
          {axisLabel}
        </text>
      )}
    >
      {(g) => {
        const barW = Math.max(2, Math.min(48, g.slot * 0.72));
        return data.map((d, i) => {
          const top = g.y(d.value);
          return (
            <g key={d.key} data-bar={d.key}>
              <rect
                x={g.centre(i) - barW / 2}
                y={top}
                width={barW}
                height={Math.max(0, g.floor - top)}
                rx={2}
                fill={d.color ?? fill}
              >
                <title>{`${d.label}: ${format.number(d.value)}`}</title>
              </rect>
              {d.value > 0 && barW >= 14 && (
                <text
                  x={g.centre(i)}
                  y={top - 3}
                  fontSize={10}
                  textAnchor="middle"
                  fill="var(--mantine-color-text)"
                >
                  {format.number(d.value)}
                </text>
              )}
            </g>
          );
        });
      }}
    </ColumnFrame>
  );
}
