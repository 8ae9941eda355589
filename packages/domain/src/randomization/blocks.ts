/**
 * Stratified permuted blocks with randomly chosen block sizes (issue 22 method a). Each block holds
 * every group `ratio × m` times for a multiplier m drawn uniformly from the configured multipliers, in
 * a uniformly random order (Fisher–Yates). A stratum's list is generated up front from the stream
 * `blocks/<stratum key>` of the stored seed, so the sealed list is reproducible from seed and stratum.
 */
import type { PermutedBlocksSettings, RandomizationConfig, RandomizationGroup } from './config';
import { ratioSum, targetInclusionCount } from './config';
import { createRandomStream, type RandomSource, shuffleInPlace } from './random-source';

/** One record of an allocation list (generated or uploaded). */
export type AllocationListEntry = {
  /** 1-based position within the stratum. */
  sequence: number;
  stratum: string;
  groupId: string;
  /** 1-based block number and size for generated lists; null for uploaded ones. */
  block: number | null;
  blockSize: number | null;
};

/** One permuted block of group indexes: each group `ratio × multiplier` times, shuffled. */
export function drawBlock(
  ratios: readonly number[],
  multipliers: readonly number[],
  random: RandomSource,
): number[] {
  const m = multipliers[random.nextInt(multipliers.length)] ?? 1;
  const block: number[] = [];
  ratios.forEach((r, g) => {
    for (let i = 0; i < r * m; i++) block.push(g);
  });
  return shuffleInPlace(block, random);
}

/** At least `length` records for one stratum, whole blocks only, drawn from `random`. */
export function generateBlockList(
  groups: readonly Pick<RandomizationGroup, 'id' | 'ratio'>[],
  settings: PermutedBlocksSettings,
  stratum: string,
  length: number,
  random: RandomSource,
): AllocationListEntry[] {
  if (groups.length < 2) throw new RangeError('permuted blocks need at least two groups');
  const ratios = groups.map((g) => g.ratio);
  const entries: AllocationListEntry[] = [];
  let blockNumber = 0;
  while (entries.length < length) {
    blockNumber++;
    const block = drawBlock(ratios, settings.blockMultipliers, random);
    for (const g of block) {
      entries.push({
        sequence: entries.length + 1,
        stratum,
        groupId: groups[g]?.id ?? '',
        block: blockNumber,
        blockSize: block.length,
      });
    }
  }
  return entries;
}

/**
 * The sealed list of one stratum: from the seed's stream `blocks/<stratum>`, long enough for the whole
 * target inclusion in that stratum (every subject could fall into it), completed to a whole block.
 */
export function generateSealedBlockList(
  config: Pick<RandomizationConfig, 'trialGroups' | 'blocks' | 'targetInclusion'>,
  seed: string,
  stratum: string,
  length = targetInclusionCount(config),
): AllocationListEntry[] {
  const random = createRandomStream(seed, `blocks/${stratum}`);
  return generateBlockList(
    config.trialGroups,
    config.blocks,
    stratum,
    Math.max(length, ratioSum(config.trialGroups)),
    random,
  );
}
