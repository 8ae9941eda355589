#!/usr/bin/env node
// Runs the end-to-end suite N times against one build and reports every test that ever failed,
// with how often and the first line of its first error (issue 15 item 4). No retries: a flaky
// test shows up here instead of being hidden.
//
//   node scripts/e2e-flake.mjs 5                       # the whole suite five times
//   node scripts/e2e-flake.mjs 3 tests/forms           # extra arguments go to `playwright test`
//   E2E_WORKERS=1 node scripts/e2e-flake.mjs 2         # the suite's own settings apply
//
// The build is the one in packages/*/dist (built once here when missing) or the one named by
// E2E_SERVER_MAIN and E2E_WEB_DIST. Each run's list output goes to <out>/run-<i>.log and its JSON
// report to <out>/run-<i>.json (out: E2E_FLAKE_DIR, default a fresh folder under the temp dir).
// Exit code 0 only when every run passed every test.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const e2eDir = path.join(root, 'packages/e2e');
const [countArg, ...playwrightArgs] = process.argv.slice(2);
const runs = Number(countArg ?? 5);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('usage: node scripts/e2e-flake.mjs N [playwright test arguments]');
  process.exit(2);
}

const serverMain = process.env.E2E_SERVER_MAIN ?? path.join(root, 'packages/server/dist/main.js');
const webDist = process.env.E2E_WEB_DIST ?? path.join(root, 'packages/web/dist');
if (!existsSync(serverMain) || !existsSync(path.join(webDist, 'index.html'))) {
  if (process.env.E2E_SERVER_MAIN || process.env.E2E_WEB_DIST) {
    console.error(`No build at ${serverMain} / ${webDist}.`);
    process.exit(2);
  }
  console.log('No build yet: npm run build (once, for every run).');
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const outDir = process.env.E2E_FLAKE_DIR ?? mkdtempSync(path.join(tmpdir(), 'tb-e2e-flake-'));
mkdirSync(outDir, { recursive: true });

const ESC = String.fromCharCode(27);
const stripAnsi = (text) => text.replaceAll(new RegExp(`${ESC}\\[[0-9;]*m`, 'g'), '');
const firstLine = (text) =>
  stripAnsi(text ?? '')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.length > 0) ?? '(no message)';

/** Every test of a JSON report: id (file:line title), its outcome and the first error line. */
function testsOf(report) {
  const found = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const results = test.results ?? [];
        const failed = results.find((r) => !['passed', 'skipped'].includes(r.status));
        const error = failed ? (failed.errors?.[0]?.message ?? failed.error?.message) : undefined;
        found.push({
          id: `${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`,
          ok: test.status === 'expected' || test.status === 'skipped',
          skipped: test.status === 'skipped',
          status: failed?.status ?? test.status,
          error: failed ? firstLine(error) : null,
          duration: results.reduce((sum, r) => sum + (r.duration ?? 0), 0),
        });
      }
    }
    // Top-level suites are the files (walked with no title); nested ones are describe blocks.
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return found;
}

function runOnce(i) {
  const log = path.join(outDir, `run-${i}.log`);
  const json = path.join(outDir, `run-${i}.json`);
  const started = Date.now();
  return new Promise((resolve) => {
    const out = createWriteStream(log);
    const child = spawn('npx', ['playwright', 'test', ...playwrightArgs], {
      cwd: e2eDir,
      env: {
        ...process.env,
        E2E_SERVER_MAIN: serverMain,
        E2E_WEB_DIST: webDist,
        PLAYWRIGHT_JSON_OUTPUT_NAME: json,
        FORCE_COLOR: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('close', (code) => {
      out.end();
      const seconds = (Date.now() - started) / 1000;
      let tests = [];
      let crash = null;
      try {
        const report = JSON.parse(readFileSync(json, 'utf8'));
        tests = testsOf(report);
        const errors = report.errors ?? [];
        if (errors.length > 0) crash = firstLine(errors[0].message);
      } catch {
        crash = `no JSON report (exit code ${code}); see ${log}`;
      }
      resolve({ i, code, seconds, tests, crash, log });
    });
  });
}

const failures = new Map(); // id -> { count, error, runs: [] }
const summaries = [];
for (let i = 1; i <= runs; i++) {
  process.stdout.write(`run ${i}/${runs} … `);
  const run = await runOnce(i);
  const failed = run.tests.filter((t) => !t.ok);
  for (const t of failed) {
    const entry = failures.get(t.id) ?? { count: 0, error: t.error, status: t.status, runs: [] };
    entry.count++;
    entry.runs.push(i);
    failures.set(t.id, entry);
  }
  if (run.crash) {
    const entry = failures.get('(run)') ?? { count: 0, error: run.crash, status: 'error', runs: [] };
    entry.count++;
    entry.runs.push(i);
    failures.set('(run)', entry);
  }
  const skipped = run.tests.filter((t) => t.skipped).length;
  const passed = run.tests.length - failed.length - skipped;
  const line = `${run.tests.length} tests, ${passed} passed, ${failed.length} failed, ${skipped} skipped, ${run.seconds.toFixed(0)} s${run.crash ? ` (error: ${run.crash})` : ''}`;
  summaries.push(`run ${i}: ${line}`);
  console.log(line);
}

console.log(`\nE2E flake check: ${runs} run(s), reports and logs in ${outDir}`);
for (const s of summaries) console.log(`  ${s}`);
if (failures.size === 0) {
  console.log('No test failed in any run.');
} else {
  console.log(`${failures.size} test(s) failed at least once:`);
  const sorted = [...failures.entries()].sort((a, b) => b[1].count - a[1].count);
  for (const [id, f] of sorted) {
    console.log(`  ${f.count}/${runs}  ${id}  [${f.status}; runs ${f.runs.join(', ')}]`);
    console.log(`         ${f.error}`);
  }
}
process.exit(failures.size === 0 ? 0 : 1);
