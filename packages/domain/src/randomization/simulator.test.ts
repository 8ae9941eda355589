import { describe, expect, it } from 'vitest';
import { simulateRandomization, summarizeDistribution } from './simulator';

const SEED = 'ab'.repeat(32);
/** The domain compiles without DOM or Node types; the test prints its timing through the host console. */
const print = (line: string) => (globalThis as { console?: { log(text: string): void } }).console?.log(line);

describe('issue 22 item 6: simulator of imbalance per method', () => {
  it('summarizes a sample with statistics and histogram bins', () => {
    const s = summarizeDistribution([0, 0, 1, 2, 2, 2, 5], 2);
    expect(s).toMatchObject({ min: 0, max: 5, median: 2 });
    expect(s.mean).toBeCloseTo(12 / 7);
    expect(s.histogram).toEqual([
      { from: 0, to: 2, count: 3 },
      { from: 2, to: 4, count: 3 },
      { from: 4, to: 6, count: 1 },
    ]);
  });

  it('200 trials × 200 subjects per method (the bench runs 1,000), reproducible, and ranks the methods as theory says', () => {
    const input = {
      seed: SEED,
      trials: 200,
      subjects: 200,
      ratios: [1, 1],
      factors: [
        { id: 'site', proportions: [0.4, 0.3, 0.2, 0.1] },
        { id: 'sex', proportions: [1, 1] },
      ],
    };
    // Its speed (the 2 s budget for the browser) is a figure of bench/randomization-simulator.ts,
    // not an assertion: a timed test fails on a loaded machine.
    const result = simulateRandomization(input);
    expect(result.strata).toBe(8);
    const [simple, blocks, min] = result.methods;
    expect(simple?.method).toBe('SIMPLE');
    // simple randomization of 200: |A − B| has sd √200 ≈ 14, so mean ≈ 11
    expect(simple?.overall.mean).toBeGreaterThan(8);
    expect(simple?.overall.mean).toBeLessThan(14);
    // stratified blocks of 2 or 4 in 8 strata: at most one open block per stratum
    expect(blocks?.worstStratum.max).toBeLessThanOrEqual(4);
    expect(blocks?.overall.max).toBeLessThanOrEqual(8 * 2);
    for (const m of result.methods) {
      print(
        `${m.method}: overall mean ${m.overall.mean.toFixed(2)} p95 ${m.overall.p95}; worst marginal mean ${m.worstMarginal.mean.toFixed(2)}; worst stratum mean ${m.worstStratum.mean.toFixed(2)}`,
      );
    }
    // minimization (p 0.8) keeps the overall and marginal balance far tighter than simple randomization
    expect(min?.overall.mean).toBeLessThan((simple?.overall.mean ?? 0) / 3);
    expect(min?.worstMarginal.mean).toBeLessThan((simple?.worstMarginal.mean ?? 0) / 3);
    // and, balancing margins rather than strata, keeps the overall total tighter than stratified blocks
    expect(min?.overall.mean).toBeLessThan(blocks?.overall.mean ?? 0);
    for (const m of result.methods)
      expect(m.overall.histogram.reduce((a, b) => a + b.count, 0)).toBe(input.trials);
    const again = simulateRandomization({ ...input, trials: 20, methods: ['MINIMIZATION'] });
    expect(
      simulateRandomization({ ...input, trials: 20, methods: ['MINIMIZATION'] }).methods[0]?.overall,
    ).toEqual(again.methods[0]?.overall);
  });

  it('refuses fewer than two groups or no subjects', () => {
    expect(() =>
      simulateRandomization({ seed: SEED, trials: 1, subjects: 10, ratios: [1], factors: [] }),
    ).toThrow(RangeError);
    expect(() =>
      simulateRandomization({ seed: SEED, trials: 1, subjects: 0, ratios: [1, 1], factors: [] }),
    ).toThrow(RangeError);
  });
});
