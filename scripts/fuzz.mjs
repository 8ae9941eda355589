// `node scripts/fuzz.mjs`: the security suites of issue 17 item 6 at full size. `npm test` runs
// the schema-driven fuzzing (packages/server/src/platform/http/route-fuzz.test.ts) with 2 requests
// per route and the cross-id sweep with one rotating caller per position; this runs the fuzzing
// with many more seeded requests per route and the sweep with every caller, on both engines, and
// prints the figures: requests sent, 5xx answers, partial writes.
//
//   node scripts/fuzz.mjs [--per-route 20] [--seed 17] [--engines pglite,postgres] [--no-sweep]
//
// Exits non-zero when a suite fails (a 5xx, a partial write, an accepted foreign id).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
function option(name, fallback) {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
}
const perRoute = Number(option('per-route', '20'));
const seed = Number(option('seed', '17'));
const engines = option('engines', 'pglite,postgres');
const sweep = !args.includes('--no-sweep');
if (!Number.isInteger(perRoute) || perRoute < 1)
  throw new Error('--per-route must be a positive whole number');
if (!Number.isInteger(seed)) throw new Error('--seed must be a whole number');

const files = ['src/platform/http/route-fuzz.test.ts'];
if (sweep) files.push('src/platform/http/cross-id-sweep.test.ts');

const FIGURES = /^(fuzz|cross-id sweep|cross-site sweep) \(/;
const ESC = String.fromCharCode(27);
/** The line without terminal colour codes. */
const stripColours = (text) =>
  text
    .split(ESC)
    .map((part, i) => (i === 0 ? part : part.replace(/^\[[0-9;]*m/, '')))
    .join('');
const started = Date.now();
const figures = [];
const child = spawn('npx', ['vitest', 'run', ...files], {
  cwd: path.join(root, 'packages/server'),
  env: {
    ...process.env,
    TRIALBASE_TEST_ENGINES: engines,
    TRIALBASE_TEST_FULL_ENGINE: 'both',
    TRIALBASE_FUZZ_PER_ROUTE: String(perRoute),
    TRIALBASE_FUZZ_SEED: String(seed),
    TRIALBASE_CROSS_ID_FULL: '1',
    FORCE_COLOR: '0',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let buffer = '';
const onData = (chunk) => {
  process.stdout.write(chunk);
  buffer += chunk.toString();
  let newline = buffer.indexOf('\n');
  while (newline >= 0) {
    const line = stripColours(buffer.slice(0, newline)).trim();
    if (FIGURES.test(line)) figures.push(line);
    buffer = buffer.slice(newline + 1);
    newline = buffer.indexOf('\n');
  }
};
child.stdout.on('data', onData);
child.stderr.on('data', onData);
child.on('close', (code) => {
  console.log(
    `\nissue 17 item 6 at full size (seed ${seed}, ${perRoute} fuzz requests per route, engines ${engines}):`,
  );
  for (const line of figures) console.log(`  ${line}`);
  if (figures.length === 0) console.log('  no figures printed: the suites did not get to run (see above)');
  console.log(`  ${Math.round((Date.now() - started) / 1000)} s, ${code === 0 ? 'passed' : 'FAILED'}`);
  process.exit(code ?? 1);
});
