/**
 * Minimization (Pocock & Simon 1975; issue 22 method b). For a new subject, each candidate group g is
 * scored by the weighted sum over the subject's factors of the imbalance that level would have if the
 * subject went to g. Counts are scaled by the allocation ratio (n_k / r_k) so that unequal ratios are
 * balanced to their target; imbalance is the range (max − min) or the population variance of the
 * scaled counts. With probability `probability` the subject takes a minimizing group (ties broken at
 * random in proportion to the ratio), otherwise another group (again in proportion to the ratio).
 * With `maxImbalance`, groups that would push one of the subject's marginal ranges beyond the bound
 * are excluded while another group keeps every marginal within it; if none can, the group with the
 * smallest worst range is taken and the allocation says `boundExceeded`.
 *
 * State is the count of every factor level per group plus the number of allocations; the draw of
 * allocation n comes from the stream `minimization/<n>` of the stored seed, so the allocation is
 * reproducible from seed and state (the state itself can be rebuilt from the stored allocations).
 */
import type {
  ImbalanceMeasure,
  MinimizationSettings,
  RandomizationConfig,
  RandomizationGroup,
} from './config';
import { RandomizationError } from './errors';
import type { Allocation } from './list';
import { createRandomStream, type RandomSource } from './random-source';
import { type RandomizationFactor, randomizationFactors } from './strata';

/** Imbalance of one level's per-group counts, scaled by the ratios. */
export function imbalanceOf(
  counts: readonly number[],
  ratios: readonly number[],
  measure: ImbalanceMeasure,
): number {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let sum = 0;
  let sumSq = 0;
  for (let k = 0; k < counts.length; k++) {
    const a = (counts[k] ?? 0) / (ratios[k] ?? 1);
    if (a < min) min = a;
    if (a > max) max = a;
    sum += a;
    sumSq += a * a;
  }
  if (counts.length === 0) return 0;
  if (measure === 'RANGE') return max - min;
  const mean = sum / counts.length;
  return Math.max(0, sumSq / counts.length - mean * mean);
}

/** Range of one level's scaled counts if one subject were added to group g. */
function rangeWith(counts: readonly number[], ratios: readonly number[], g: number): number {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < counts.length; k++) {
    const a = ((counts[k] ?? 0) + (k === g ? 1 : 0)) / (ratios[k] ?? 1);
    if (a < min) min = a;
    if (a > max) max = a;
  }
  return max - min;
}

export type MinimizationChoice = {
  groupIndex: number;
  /** Weighted imbalance score per candidate group. */
  scores: number[];
  /** Groups with the lowest score among the candidates. */
  minimizing: number[];
  /** True when the random draw took a minimizing group (always true when every candidate ties). */
  tookMinimizing: boolean;
  /** True when no group could keep every marginal within `maxImbalance`. */
  boundExceeded: boolean;
};

const EPSILON = 1e-9;

function pickByRatio(candidates: readonly number[], ratios: readonly number[], random: RandomSource): number {
  let total = 0;
  for (const g of candidates) total += ratios[g] ?? 1;
  let draw = random.nextInt(total);
  for (const g of candidates) {
    draw -= ratios[g] ?? 1;
    if (draw < 0) return g;
  }
  return candidates[candidates.length - 1] ?? 0;
}

/**
 * The Pocock–Simon choice for one subject. `levelCounts[f]` holds the per-group counts of the subject's
 * level of factor f; `weights[f]` that factor's weight.
 */
export function chooseMinimizationGroup(
  levelCounts: readonly (readonly number[])[],
  weights: readonly number[],
  ratios: readonly number[],
  settings: Pick<MinimizationSettings, 'imbalance' | 'probability' | 'maxImbalance'>,
  random: RandomSource,
): MinimizationChoice {
  const groups = ratios.length;
  const scores: number[] = [];
  const worstRange: number[] = [];
  const scratch: number[] = new Array(groups).fill(0);
  for (let g = 0; g < groups; g++) {
    let score = 0;
    let worst = 0;
    for (let f = 0; f < levelCounts.length; f++) {
      const counts = levelCounts[f] ?? [];
      for (let k = 0; k < groups; k++) scratch[k] = (counts[k] ?? 0) + (k === g ? 1 : 0);
      score += (weights[f] ?? 1) * imbalanceOf(scratch, ratios, settings.imbalance);
      if (settings.maxImbalance != null) worst = Math.max(worst, rangeWith(counts, ratios, g));
    }
    scores.push(score);
    worstRange.push(worst);
  }
  let candidates = Array.from({ length: groups }, (_, g) => g);
  let boundExceeded = false;
  if (settings.maxImbalance != null) {
    const bound = settings.maxImbalance + EPSILON;
    const within = candidates.filter((g) => (worstRange[g] ?? 0) <= bound);
    if (within.length > 0) candidates = within;
    else {
      const best = Math.min(...worstRange);
      candidates = candidates.filter((g) => (worstRange[g] ?? 0) <= best + EPSILON);
      boundExceeded = true;
    }
  }
  const bestScore = Math.min(...candidates.map((g) => scores[g] ?? 0));
  const minimizing = candidates.filter((g) => (scores[g] ?? 0) <= bestScore + EPSILON);
  const others = candidates.filter((g) => !minimizing.includes(g));
  // always draw the coin, so the stream position does not depend on ties
  const coin = random.nextFloat();
  const tookMinimizing = others.length === 0 || coin < settings.probability;
  const groupIndex = pickByRatio(tookMinimizing ? minimizing : others, ratios, random);
  return { groupIndex, scores, minimizing, tookMinimizing, boundExceeded };
}

/** Minimization state: allocations so far and per factor, per level, the per-group counts. */
export type MinimizationState = {
  allocations: number;
  /** counts[factorId][level] = count per group (group order of the configuration). */
  counts: Record<string, Record<string, number[]>>;
};

export function emptyMinimizationState(): MinimizationState {
  return { allocations: 0, counts: {} };
}

/** The state after one more allocation (pure; the input is not changed). */
export function applyMinimizationAllocation(
  state: MinimizationState,
  factors: readonly RandomizationFactor[],
  levels: readonly string[],
  groupIndex: number,
  groupCount: number,
): MinimizationState {
  const counts: MinimizationState['counts'] = { ...state.counts };
  factors.forEach((f, i) => {
    const level = levels[i] ?? '';
    const byLevel = { ...(counts[f.id] ?? {}) };
    const row = [...(byLevel[level] ?? new Array(groupCount).fill(0))];
    row[groupIndex] = (row[groupIndex] ?? 0) + 1;
    byLevel[level] = row;
    counts[f.id] = byLevel;
  });
  return { allocations: state.allocations + 1, counts };
}

/** Rebuilds the state from stored allocations (in allocation order). */
export function minimizationStateFrom(
  config: Pick<
    RandomizationConfig,
    'trialGroups' | 'stratifyBySite' | 'questionStratifications' | 'minimization'
  >,
  allocations: readonly Pick<Allocation, 'groupId' | 'levels'>[],
): MinimizationState {
  const factors = randomizationFactors(config);
  const index = groupIndexById(config.trialGroups);
  let state = emptyMinimizationState();
  for (const a of allocations) {
    state = applyMinimizationAllocation(
      state,
      factors,
      a.levels,
      index(a.groupId),
      config.trialGroups.length,
    );
  }
  return state;
}

function groupIndexById(groups: readonly Pick<RandomizationGroup, 'id'>[]): (id: string) => number {
  const map = new Map(groups.map((g, i) => [g.id, i]));
  return (id) => {
    const i = map.get(id);
    if (i === undefined) throw new RangeError(`unknown trial group ${id}`);
    return i;
  };
}

export type MinimizationAllocation = MinimizationChoice & {
  groupId: string;
  /** Study-wide allocation number (1-based), also the stream label's number. */
  sequence: number;
  state: MinimizationState;
};

/**
 * Allocates one enrollment by minimization from the stored seed and state. RANDOMIZATION_RECORD_ALREADY_ASSIGNED
 * when `allocatedEnrollmentIds` holds it. Returns the group and the next state to store.
 */
export function allocateByMinimization(
  config: Pick<
    RandomizationConfig,
    'trialGroups' | 'stratifyBySite' | 'questionStratifications' | 'minimization'
  >,
  seed: string,
  state: MinimizationState,
  levels: readonly string[],
  enrollmentId: string,
  allocatedEnrollmentIds: ReadonlySet<string> = new Set(),
  random: RandomSource = createRandomStream(seed, `minimization/${state.allocations + 1}`),
): MinimizationAllocation {
  if (allocatedEnrollmentIds.has(enrollmentId)) {
    throw new RandomizationError('RANDOMIZATION_RECORD_ALREADY_ASSIGNED', { enrollmentId });
  }
  const factors = randomizationFactors(config);
  const groups = config.trialGroups.length;
  const ratios = config.trialGroups.map((g) => g.ratio);
  const levelCounts = factors.map(
    (f, i) => state.counts[f.id]?.[levels[i] ?? ''] ?? new Array(groups).fill(0),
  );
  const choice = chooseMinimizationGroup(
    levelCounts,
    factors.map((f) => f.weight),
    ratios,
    config.minimization,
    random,
  );
  return {
    ...choice,
    groupId: config.trialGroups[choice.groupIndex]?.id ?? '',
    sequence: state.allocations + 1,
    state: applyMinimizationAllocation(state, factors, levels, choice.groupIndex, groups),
  };
}
