// `npm test`: everything CI runs — lint and format, typecheck, the minimum-browser check, domain
// and web unit tests, the API suite (full on one database engine, the parity suite on the other),
// a production build and the end-to-end suite in Chromium. Independent stages run side by side
// (issue 15 item 3); the end prints seconds per stage and the ten slowest test files (item 5).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiSuitePlan } from '../packages/server/test/engines.mjs';
import { ensureInstalled, runCaptured } from './lib.mjs';

function reachable(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 5432) });
    socket.setTimeout(2000);
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const started = Date.now();
ensureInstalled();
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const hasPostgres = await reachable(pgUrl);
if (!hasPostgres && process.env.CI) {
  console.error(`✖ CI requires PostgreSQL for the API suite, but ${new URL(pgUrl).host} is not reachable.`);
  process.exit(1);
}
const apiEnv = {
  TRIALBASE_TEST_ENGINES: hasPostgres ? 'pglite,postgres' : 'pglite',
  TEST_DATABASE_URL: pgUrl,
  TRIALBASE_TEST_FULL_ENGINE: process.env.TRIALBASE_TEST_FULL_ENGINE ?? '',
};
const plan = apiSuitePlan({ ...process.env, ...apiEnv });
const NAMES = { pglite: 'PGlite', postgres: 'PostgreSQL' };
const planText = [
  `full suite on ${plan.full.map((e) => NAMES[e]).join(' and ')}`,
  ...(plan.parity.length ? [`parity suite on ${plan.parity.map((e) => NAMES[e]).join(' and ')}`] : []),
].join(', ');

// Test reports (JSON) land here, for the slowest-files table at the end.
const reports = mkdtempSync(path.join(tmpdir(), 'tb-test-reports-'));
const vitestJson = (name) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(reports, name)}`,
];

const results = [];
async function stages(group) {
  const done = await Promise.all(
    group.map(([label, command, args, options]) => runCaptured(label, command, args, options)),
  );
  results.push(...done);
  if (done.every((r) => r.ok)) return;
  summary();
  console.log(
    `\n✖ Failed: ${done
      .filter((r) => !r.ok)
      .map((r) => r.label)
      .join('; ')}`,
  );
  process.exit(1);
}

/** Seconds per stage, then the ten slowest test files over every suite that wrote a JSON report. */
function summary() {
  console.log('\nSeconds per stage (stages in one group ran side by side):');
  for (const r of results)
    console.log(`  ${r.ok ? '✔' : '✖'} ${r.seconds.toFixed(1).padStart(7)}s  ${r.label}`);
  console.log(`  total ${((Date.now() - started) / 1000).toFixed(1)}s wall clock`);
  const files = [...slowVitestFiles(), ...slowPlaywrightFiles()]
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10);
  if (files.length) {
    console.log('\nTen slowest test files:');
    for (const f of files)
      console.log(`  ${f.seconds.toFixed(1).padStart(7)}s  ${f.suite.padEnd(12)} ${f.file}`);
  }
  rmSync(reports, { recursive: true, force: true });
}

function readJson(name) {
  try {
    return JSON.parse(readFileSync(path.join(reports, name), 'utf8'));
  } catch {
    return null;
  }
}

/** The API suite runs a file on each engine; its test titles name the engine (`… on postgres`). */
function engineOf(file) {
  const title = file.assertionResults?.[0]?.fullName ?? '';
  return /pglite/.test(title) ? 'pglite' : /postgres/.test(title) ? 'postgres' : '';
}

function slowVitestFiles() {
  return ['domain.json', 'web.json', 'api.json'].flatMap((name) => {
    const report = readJson(name);
    return (report?.testResults ?? []).map((file) => ({
      suite: name === 'api.json' ? `api ${engineOf(file)}`.trim() : name.replace('.json', ''),
      file: path.relative(process.cwd(), file.name),
      seconds: (file.endTime - file.startTime) / 1000,
    }));
  });
}

function slowPlaywrightFiles() {
  const report = readJson('e2e.json');
  if (!report) return [];
  const perFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? [])
          perFile.set(spec.file, (perFile.get(spec.file) ?? 0) + (result.duration ?? 0) / 1000);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return [...perFile].map(([file, seconds]) => ({
    suite: 'e2e',
    file: path.join('packages/e2e', file),
    seconds,
  }));
}

console.log(`npm test on ${new Date().toISOString()}; API suite: ${planText}.`);

// 1. Static checks and the unit suites: independent of each other and of any database.
await stages([
  ['Lint and format (Biome)', 'npx', ['biome', 'ci', '.']],
  ['Typecheck (TypeScript 7, every workspace)', 'npm', ['run', 'typecheck']],
  [
    'Minimum browsers (spec 000 §1): API compat check and its own test',
    'node',
    ['--test', 'scripts/check-compat.test.mjs'],
  ],
  ['Module boundaries (issue 14 item 8)', 'npm', ['run', 'lint:boundaries']],
  [
    'Translations (issue 18): catalogs checked against English, and the check’s own test',
    'npm',
    ['run', 'i18n:check'],
  ],
  ['Domain rules', 'npm', ['test', '-w', '@trialbase/domain', '--', ...vitestJson('domain.json')]],
  ['Web unit tests', 'npm', ['test', '-w', '@trialbase/web', '--', ...vitestJson('web.json')]],
]);
// 2. The API suite, and meanwhile the production build the end-to-end suite needs.
await stages([
  [
    `API suite: ${planText}`,
    'npm',
    ['test', '-w', '@trialbase/server', '--', ...vitestJson('api.json')],
    { env: apiEnv },
  ],
  ['Build', 'npm', ['run', 'build']],
]);
// 3. End-to-end in Chromium against the built server.
await stages([
  [
    'End-to-end in Chromium',
    'npm',
    ['test', '-w', '@trialbase/e2e'],
    { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'e2e.json') } },
  ],
]);

summary();
console.log(`\nAll checks passed. API suite: ${planText}.`);
if (plan.parity.length)
  console.log(
    'The engine running the full suite alternates by UTC day; TRIALBASE_TEST_FULL_ENGINE=pglite|postgres|both chooses.',
  );
if (!hasPostgres) {
  console.log(
    'Note: PostgreSQL was not reachable, so the API suite ran on PGlite only. Set TEST_DATABASE_URL to include it.',
  );
}
