import { Group, Stack, Text } from '@mantine/core';
import type { DistributionSummary, SimulatedMethod } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';

export const METHOD_COLORS: Record<SimulatedMethod, string> = {
  SIMPLE: 'var(--mantine-color-gray-6)',
  PERMUTED_BLOCKS: 'var(--mantine-color-blue-6)',
  MINIMIZATION: 'var(--mantine-color-teal-6)',
};

type Series = { method: SimulatedMethod; distribution: DistributionSummary };

const WIDTH = 560;
const HEIGHT = 220;
const PAD = { top: 12, bottom: 34, start: 40, end: 8 };

/**
 * Issue 22 item 6: the imbalance distribution of each simulated method as grouped bars (share of the
 * trials per imbalance value), in plain SVG. The x axis runs with the reading direction (mirrored in
 * right-to-left), so the smallest imbalance comes first for every reader.
 */
export function ImbalanceChart({ series, title }: { series: readonly Series[]; title: string }) {
  const { t, i18n } = useTranslation(['common', 'randomization']);
  const isRtl = i18n.dir() === 'rtl';
  const bins = Math.max(1, ...series.map((s) => s.distribution.histogram.length));
  const shares = series.map((s) => {
    const total = s.distribution.histogram.reduce((a, b) => a + b.count, 0) || 1;
    return Array.from({ length: bins }, (_, i) => (s.distribution.histogram[i]?.count ?? 0) / total);
  });
  const maxShare = Math.max(0.01, ...shares.flat());
  const plotW = WIDTH - PAD.start - PAD.end;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / bins;
  const barW = Math.max(1, (slot * 0.8) / Math.max(1, series.length));
  const x = (v: number) => (isRtl ? WIDTH - PAD.start - v : PAD.start + v);
  const y = (share: number) => PAD.top + plotH - (share / maxShare) * plotH;
  const labelEvery = Math.ceil(bins / 12);
  const ticks = [0, 0.5, 1].map((f) => f * maxShare);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-label={title}
        style={{ maxWidth: WIDTH, display: 'block' }}
        data-testid="imbalance-chart"
      >
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
              x={isRtl ? WIDTH - PAD.start + 4 : PAD.start - 4}
              y={y(tick) + 4}
              fontSize={11}
              textAnchor={isRtl ? 'start' : 'end'}
              fill="var(--mantine-color-dimmed)"
            >
              {Math.round(tick * 100)}%
            </text>
          </g>
        ))}
        {shares.map((row, s) =>
          row.map((share, b) => {
            const start = b * slot + slot * 0.1 + s * barW;
            const method = series[s]?.method ?? 'SIMPLE';
            return (
              <rect
                // biome-ignore lint/suspicious/noArrayIndexKey: bins are positions
                key={`${method}-${b}`}
                x={isRtl ? x(start) - barW : x(start)}
                y={y(share)}
                width={barW}
                height={Math.max(0, PAD.top + plotH - y(share))}
                fill={METHOD_COLORS[method]}
              >
                <title>
                  {`${t(`RANDOMIZATION.METHODS.${method}`)}: ${b} → ${Math.round(share * 1000) / 10}%`}
                </title>
              </rect>
            );
          }),
        )}
        {Array.from({ length: bins }, (_, b) =>
          b % labelEvery === 0 ? (
            <text
              // biome-ignore lint/suspicious/noArrayIndexKey: bins are positions
              key={b}
              x={x(b * slot + slot / 2)}
              y={HEIGHT - PAD.bottom + 14}
              fontSize={11}
              textAnchor="middle"
              fill="var(--mantine-color-text)"
            >
              {b}
            </text>
          ) : null,
        )}
        <text
          x={x(plotW / 2)}
          y={HEIGHT - 4}
          fontSize={11}
          textAnchor="middle"
          fill="var(--mantine-color-dimmed)"
        >
          {t('RANDOMIZATION.SIMULATOR.AXIS')}
        </text>
      </svg>
      <Group gap="md" wrap="wrap">
        {series.map((s) => (
          <Group key={s.method} gap={6} wrap="nowrap">
            <span
              aria-hidden
              style={{ width: 12, height: 12, borderRadius: 2, background: METHOD_COLORS[s.method] }}
            />
            <Text size="xs">{t(`RANDOMIZATION.METHODS.${s.method}`)}</Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}
