/**
 * Balance report (issue 22 item 5): allocations per group overall, per stratum and per factor level
 * (marginal), with the count the ratio expects and the imbalance (range of ratio-scaled counts, in
 * subjects for a 1:1 design).
 */

import type { RandomizationGroup } from './config';
import type { Allocation } from './list';
import { imbalanceOf } from './minimization';
import type { RandomizationFactor } from './strata';

export type GroupCount = { groupId: string; count: number; expected: number; share: number };

export type BalanceCell = { total: number; groups: GroupCount[]; imbalance: number };

export type BalanceReport = {
  overall: BalanceCell;
  strata: (BalanceCell & { stratum: string })[];
  marginals: (BalanceCell & { factor: string; level: string })[];
};

function cell(
  groups: readonly Pick<RandomizationGroup, 'id' | 'ratio'>[],
  counts: readonly number[],
): BalanceCell {
  const total = counts.reduce((a, b) => a + b, 0);
  const ratioTotal = groups.reduce((a, g) => a + g.ratio, 0);
  const ratios = groups.map((g) => g.ratio);
  return {
    total,
    groups: groups.map((g, i) => ({
      groupId: g.id,
      count: counts[i] ?? 0,
      expected: ratioTotal === 0 ? 0 : (total * g.ratio) / ratioTotal,
      share: total === 0 ? 0 : (counts[i] ?? 0) / total,
    })),
    imbalance: imbalanceOf(counts, ratios, 'RANGE'),
  };
}

/** The balance of the allocations made so far; strata and levels sorted by key. */
export function balanceReport(
  groups: readonly Pick<RandomizationGroup, 'id' | 'ratio'>[],
  factors: readonly RandomizationFactor[],
  allocations: readonly Pick<Allocation, 'groupId' | 'stratum' | 'levels'>[],
): BalanceReport {
  const index = new Map(groups.map((g, i) => [g.id, i]));
  const zero = () => new Array<number>(groups.length).fill(0);
  const overall = zero();
  const strata = new Map<string, number[]>();
  const marginals = new Map<string, { factor: string; level: string; counts: number[] }>();
  for (const a of allocations) {
    const g = index.get(a.groupId);
    if (g === undefined) continue;
    overall[g] = (overall[g] ?? 0) + 1;
    const s = strata.get(a.stratum) ?? zero();
    s[g] = (s[g] ?? 0) + 1;
    strata.set(a.stratum, s);
    factors.forEach((f, i) => {
      const level = a.levels[i] ?? '';
      const key = `${f.id}\u0000${level}`;
      const m = marginals.get(key) ?? { factor: f.id, level, counts: zero() };
      m.counts[g] = (m.counts[g] ?? 0) + 1;
      marginals.set(key, m);
    });
  }
  const byKey = <T>(a: [string, T], b: [string, T]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  return {
    overall: cell(groups, overall),
    strata: [...strata].sort(byKey).map(([stratum, counts]) => ({ stratum, ...cell(groups, counts) })),
    marginals: [...marginals]
      .sort(byKey)
      .map(([, m]) => ({ factor: m.factor, level: m.level, ...cell(groups, m.counts) })),
  };
}
