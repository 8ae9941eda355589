// Randomization simulator bench (issue 22 item 6): the designer's simulator must answer in the
// browser, so 1,000 trials × 200 subjects per method should take under 2 s. Runs the pure domain
// simulator (the same code the web runs) for simple randomization, stratified permuted blocks and
// minimization over 4 sites × 2 sexes × 3 age bands, prints the time per method and the imbalance
// distribution (mean, p95, max of the final overall, worst marginal and worst stratum imbalance).
//
//   npx tsx bench/randomization-simulator.ts [--trials 1000] [--subjects 200] [--rounds 3]
import { parseArgs } from 'node:util';
import { generateRandomizationSeed } from '../packages/domain/src/randomization/random-source';
import { simulateRandomization } from '../packages/domain/src/randomization/simulator';

const { values: args } = parseArgs({
  options: {
    trials: { type: 'string', default: '1000' },
    subjects: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '3' },
  },
});
const trials = Number(args.trials);
const subjects = Number(args.subjects);
const rounds = Number(args.rounds);
const BUDGET_MS = 2000;

let worst = 0;
for (let round = 1; round <= rounds; round++) {
  const started = performance.now();
  const result = simulateRandomization({
    seed: generateRandomizationSeed(),
    trials,
    subjects,
    ratios: [1, 1],
    factors: [
      { id: 'site', proportions: [0.4, 0.3, 0.2, 0.1] },
      { id: 'sex', proportions: [1, 1] },
      { id: 'age', proportions: [0.2, 0.5, 0.3] },
    ],
    minimization: { imbalance: 'RANGE', probability: 0.8 },
  });
  const total = performance.now() - started;
  console.log(
    `round ${round}: ${trials} trials × ${subjects} subjects, ${result.strata} strata, ${total.toFixed(0)} ms in all`,
  );
  for (const m of result.methods) {
    worst = Math.max(worst, m.elapsedMs);
    const d = (label: string, s: { mean: number; p95: number; max: number }) =>
      `${label} mean ${s.mean.toFixed(2)} p95 ${s.p95} max ${s.max}`;
    console.log(
      `  ${m.method.padEnd(16)} ${String(m.elapsedMs).padStart(5)} ms | ${d('overall', m.overall)} | ${d('worst marginal', m.worstMarginal)} | ${d('worst stratum', m.worstStratum)}`,
    );
  }
}
console.log(
  `slowest method: ${worst} ms (budget ${BUDGET_MS} ms per method): ${worst < BUDGET_MS ? 'PASS' : 'FAIL'}`,
);
process.exitCode = worst < BUDGET_MS ? 0 : 1;
