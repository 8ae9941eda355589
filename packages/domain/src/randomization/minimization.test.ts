import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RandomizationConfigSchema } from './config';
import {
  allocateByMinimization,
  chooseMinimizationGroup,
  emptyMinimizationState,
  imbalanceOf,
  type MinimizationState,
  minimizationStateFrom,
} from './minimization';
import { createRandomStream, generateRandomizationSeed } from './random-source';
import { randomizationFactors } from './strata';

const seedArb = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((b) => generateRandomizationSeed((x) => x.set(b)));

const makeConfig = (opts: {
  ratios: number[];
  questions: number;
  probability?: number;
  maxImbalance?: number | null;
  imbalance?: 'RANGE' | 'VARIANCE';
}) =>
  RandomizationConfigSchema.parse({
    randomization: true,
    method: 'MINIMIZATION',
    targetInclusion: '200',
    stratifyBySite: true,
    trialGroups: opts.ratios.map((ratio, i) => ({ id: `G${i}`, title: { en: `G${i}` }, ratio })),
    questionStratifications: Array.from({ length: opts.questions }, (_, i) => ({
      dataEvent: 'e1',
      question: `q${i}`,
    })),
    minimization: {
      probability: opts.probability ?? 0.8,
      maxImbalance: opts.maxImbalance ?? null,
      imbalance: opts.imbalance ?? 'RANGE',
    },
  });

/** All marginal ranges of a state (ratio-scaled counts). */
function marginalRanges(state: MinimizationState, ratios: number[]): number[] {
  return Object.values(state.counts).flatMap((byLevel) =>
    Object.values(byLevel).map((c) => imbalanceOf(c, ratios, 'RANGE')),
  );
}

describe('issue 22 method b: minimization (Pocock–Simon)', () => {
  it('scores by range or variance of ratio-scaled counts', () => {
    expect(imbalanceOf([3, 1], [1, 1], 'RANGE')).toBe(2);
    expect(imbalanceOf([4, 2], [2, 1], 'RANGE')).toBe(0);
    expect(imbalanceOf([3, 1], [1, 1], 'VARIANCE')).toBe(1);
    const random = createRandomStream('0'.repeat(64), 't');
    // factor 1 favours B strongly, factor 2 (weight 3) favours A: the weighted sum decides
    const choice = chooseMinimizationGroup(
      [
        [2, 0],
        [0, 1],
      ],
      [1, 3],
      [1, 1],
      { imbalance: 'RANGE', probability: 1, maxImbalance: null },
      random,
    );
    expect(choice.scores).toEqual([3 + 3 * 0, 1 + 3 * 2]);
    expect(choice.groupIndex).toBe(0);
    expect(choice.tookMinimizing).toBe(true);
  });

  it('takes the minimizing group with the configured probability', () => {
    const random = createRandomStream('1'.repeat(64), 'p');
    let took = 0;
    for (let i = 0; i < 4000; i++) {
      const c = chooseMinimizationGroup(
        [[5, 0]],
        [1],
        [1, 1],
        { imbalance: 'RANGE', probability: 0.7, maxImbalance: null },
        random,
      );
      if (c.groupIndex === 1) took++;
    }
    expect(Math.abs(took / 4000 - 0.7)).toBeLessThan(0.03);
  });

  it('PROPERTY: with one factor and p = 1 every marginal range stays within 1 (any ratios)', () => {
    fc.assert(
      fc.property(
        seedArb,
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 2, maxLength: 4 }),
        fc.array(fc.constantFrom('S1', 'S2', 'S3'), { minLength: 1, maxLength: 200 }),
        (seed, ratios, sites) => {
          const config = makeConfig({ ratios, questions: 0, probability: 1 });
          let state = emptyMinimizationState();
          sites.forEach((site, n) => {
            state = allocateByMinimization(config, seed, state, [site], `e${n}`).state;
            for (const r of marginalRanges(state, ratios)) expect(r).toBeLessThanOrEqual(1 + 1e-9);
          });
        },
      ),
      { numRuns: 100 },
    );
  });

  it('PROPERTY: with maxImbalance B, every marginal range stays within B unless an allocation reports the bound infeasible; with one factor it never is', () => {
    fc.assert(
      fc.property(
        seedArb,
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 2 }),
        fc.double({ min: 0.5, max: 1, noNaN: true }),
        fc.constantFrom('RANGE' as const, 'VARIANCE' as const),
        fc.array(
          fc.tuple(
            fc.integer({ min: 0, max: 2 }),
            fc.integer({ min: 0, max: 1 }),
            fc.integer({ min: 0, max: 2 }),
          ),
          {
            minLength: 1,
            maxLength: 150,
          },
        ),
        (seed, bound, questions, probability, imbalance, subjects) => {
          const ratios = [1, 1];
          const config = makeConfig({ ratios, questions, probability, maxImbalance: bound, imbalance });
          let state = emptyMinimizationState();
          let exceeded = false;
          subjects.forEach(([site, q0, q1], n) => {
            const levels = [`S${site}`, `a${q0}`, `b${q1}`].slice(0, 1 + questions);
            const result = allocateByMinimization(config, seed, state, levels, `e${n}`);
            state = result.state;
            exceeded ||= result.boundExceeded;
            if (questions === 0) expect(result.boundExceeded).toBe(false);
            if (!exceeded)
              for (const r of marginalRanges(state, ratios)) expect(r).toBeLessThanOrEqual(bound);
          });
        },
      ),
      { numRuns: 150 },
    );
  });

  it('PROPERTY: allocations are reproducible from the stored seed and the state rebuilt from stored allocations', () => {
    fc.assert(
      fc.property(
        seedArb,
        fc.array(
          fc.tuple(fc.constantFrom('S1', 'S2'), fc.constantFrom('yes', 'no'), fc.constantFrom('1', '2', '3')),
          {
            minLength: 1,
            maxLength: 60,
          },
        ),
        (seed, subjects) => {
          const config = makeConfig({ ratios: [2, 1, 1], questions: 2 });
          const stored: { groupId: string; levels: string[] }[] = [];
          let state = emptyMinimizationState();
          for (const [n, levels] of subjects.entries()) {
            const a = allocateByMinimization(config, seed, state, levels, `e${n}`);
            // replay: a fresh process with only the seed and the stored allocations gets the same group
            const rebuilt = minimizationStateFrom(config, stored);
            expect(rebuilt).toEqual(state);
            const replay = allocateByMinimization(config, seed, rebuilt, levels, `e${n}`);
            expect(replay.groupId).toBe(a.groupId);
            expect(replay.state).toEqual(a.state);
            stored.push({ groupId: a.groupId, levels });
            state = a.state;
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('balances better than chance over many subjects and refuses a second allocation', () => {
    const config = makeConfig({ ratios: [1, 1], questions: 1 });
    expect(randomizationFactors(config).map((f) => f.id)).toEqual(['site', 'q0']);
    // Fixed seeds: the same subjects allocated by minimization and by a fair coin. A random seed made
    // this test fail now and then (a worst marginal range of 7 to 9 in about 1 run in 100).
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const minimized: number[] = [];
    const coin: number[] = [];
    let seed = '';
    let state = emptyMinimizationState();
    for (let s = 1; s <= 21; s++) {
      seed = s.toString(16).padStart(64, '0');
      state = emptyMinimizationState();
      const chance: { groupId: string; levels: string[] }[] = [];
      const random = createRandomStream(seed, 'subjects');
      const flips = createRandomStream(seed, 'coin');
      for (let n = 0; n < 400; n++) {
        const levels = [`S${random.nextInt(5)}`, `v${random.nextInt(3)}`];
        state = allocateByMinimization(config, seed, state, levels, `e${n}`).state;
        chance.push({ groupId: `G${flips.nextInt(2)}`, levels });
      }
      minimized.push(Math.max(...marginalRanges(state, [1, 1])));
      coin.push(Math.max(...marginalRanges(minimizationStateFrom(config, chance), [1, 1])));
    }
    expect(median(minimized)).toBeLessThanOrEqual(4);
    expect(Math.max(...minimized)).toBeLessThanOrEqual(6);
    expect(median(coin)).toBeGreaterThanOrEqual(3 * median(minimized));
    expect(() => allocateByMinimization(config, seed, state, ['S1', 'v1'], 'e1', new Set(['e1']))).toThrow(
      expect.objectContaining({ id: 'RANDOMIZATION_RECORD_ALREADY_ASSIGNED' }),
    );
  });
});
