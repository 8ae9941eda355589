// Small statistics and formatting shared by the benches.

/** The value at quantile q (0..1) of the samples, nearest rank; NaN for no samples. */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil(q * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] as number;
}

export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

/** Milliseconds for people: "48 ms", "1.2 s". */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return '–';
  if (value >= 1000) return `${(value / 1000).toFixed(value >= 10_000 ? 1 : 2)} s`;
  return `${value >= 100 ? value.toFixed(0) : value.toFixed(1)} ms`;
}

/** A rate with sensible digits: "1,188", "7.7". */
export function rate(value: number): string {
  if (!Number.isFinite(value)) return '–';
  return value >= 100 ? Math.round(value).toLocaleString('en') : value.toFixed(1);
}

export function percent(value: number): string {
  if (!Number.isFinite(value)) return '–';
  return `${value >= 10 ? value.toFixed(0) : value.toFixed(2)} %`;
}

export const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
