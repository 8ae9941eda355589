// `npm run bench`: runs every benchmark, or the ones named (`npm run bench -- server-write slow-phone`),
// each in its own process one after the other, then prints the issue 16 table: each row beside the
// anchor measured in the same run and the goal. `--quick` (BENCH_QUICK=1) runs every bench at a
// size that only checks it works. Options after the names go to every bench chosen
// (`npm run bench -- slow-phone --rounds 5`). Exits non-zero when a bench failed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatTable, ISSUE_ROWS, ROW_IDS, type Row, type RowId } from './lib/report';

type Bench = { name: string; file: string; rows: RowId[]; about: string };

/** Every bench, in the order of the issue's table; the ones that fill no row of it at the end. */
const BENCHES: Bench[] = [
  {
    name: 'server-write',
    file: 'server-write.ts',
    rows: ['submit-pg', 'update-pg', 'pglite-50'],
    about: 'writes at 16 clients against pgbench, 50 participants on PGlite',
  },
  {
    name: 'subject-list',
    file: 'subject-list.ts',
    rows: ['subject-list', 'subject-import'],
    about: 'subject search and paging at 100,000 subjects, CSV import',
  },
  {
    name: 'forms',
    file: 'form-render.ts',
    rows: ['form-keystroke', 'form-render'],
    about: 'form engine; 300-question fill page against SurveyJS',
  },
  {
    name: 'slow-phone',
    file: 'slow-phone.ts',
    rows: ['slow-phone'],
    about: 'link to first question on a slow phone against SurveyJS',
  },
  {
    name: 'public-bundle',
    file: 'public-bundle.ts',
    rows: ['public-bundle'],
    about: 'gzip size of the participant pages',
  },
  { name: 'form-builder', file: 'form-builder.ts', rows: [], about: 'form builder and preview in Chromium' },
  {
    name: 'audit-concurrent-writes',
    file: 'audit-concurrent-writes.ts',
    rows: [],
    about: 'concurrent writes of one study (audit chain)',
  },
  {
    name: 'server-basics',
    file: 'server-basics.ts',
    rows: [],
    about: 'API latency, audit append and verify',
  },
  {
    name: 'query-list',
    file: 'query-list.ts',
    rows: [],
    about: 'query list at 50,000 queries: site + status filter, page of 25 (issue 19)',
  },
  {
    name: 'data-views',
    file: 'data-views.ts',
    rows: [],
    about: 'data views and reports at 10,000 subjects and 1,000,000 answers: p95 of each (issue 25)',
  },
];

// A bench is named by its name or its file (`forms` or `form-render`).
const named = (bench: Bench, name: string) => bench.name === name || bench.file === `${name}.ts`;
// Bench names first, then options for the benches: `--rounds 3` keeps its value with it.
const args = process.argv.slice(2);
const firstOption = args.findIndex((a) => a.startsWith('--'));
const names = firstOption === -1 ? args : args.slice(0, firstOption);
const benchOptions = firstOption === -1 ? [] : args.slice(firstOption);
const unknown = names.filter((n) => !BENCHES.some((b) => named(b, n)));
if (unknown.length > 0) {
  console.error(`unknown bench: ${unknown.join(', ')}; benches: ${BENCHES.map((b) => b.name).join(', ')}`);
  process.exit(2);
}
const chosen = names.length > 0 ? BENCHES.filter((b) => names.some((n) => named(b, n))) : BENCHES;
const quick = benchOptions.includes('--quick') || process.env.BENCH_QUICK === '1';
const tsx = createRequire(import.meta.url).resolve('tsx/cli');

function git(args: string[]): string {
  return spawnSync('git', args, { cwd: import.meta.dirname, encoding: 'utf8' }).stdout.trim();
}
const commit = git(['rev-parse', '--short', 'HEAD']);
const dirty = git(['status', '--porcelain', '--untracked-files=no']).length > 0;

function runBench(bench: Bench, rowsFile: string): Promise<{ code: number | null; seconds: number }> {
  const started = performance.now();
  console.log(`\n=== ${bench.name} (${bench.file}): ${bench.about}`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsx, bench.file, ...benchOptions], {
      cwd: import.meta.dirname,
      stdio: 'inherit',
      env: { ...process.env, BENCH_ROWS: rowsFile, ...(quick ? { BENCH_QUICK: '1' } : {}) },
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, seconds: (performance.now() - started) / 1000 }));
  });
}

const folder = mkdtempSync(path.join(tmpdir(), 'tb-bench-rows-'));
const outcomes: { bench: Bench; status: string; failed: boolean }[] = [];
const rows = new Map<string, Row>();
try {
  for (const bench of chosen) {
    if (!existsSync(path.join(import.meta.dirname, bench.file))) {
      // A bench named on the command line must be there; in a run of all, one not written yet is noted.
      outcomes.push({ bench, status: 'not present', failed: names.some((n) => named(bench, n)) });
      continue;
    }
    const rowsFile = path.join(folder, `${bench.name}.jsonl`);
    const { code, seconds } = await runBench(bench, rowsFile);
    outcomes.push({ bench, status: `exit ${code} after ${seconds.toFixed(0)} s`, failed: code !== 0 });
    if (existsSync(rowsFile)) {
      for (const line of readFileSync(rowsFile, 'utf8').split('\n').filter(Boolean)) {
        const row = JSON.parse(line) as Row;
        rows.set(row.id, row);
      }
    }
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}

const expected = chosen.flatMap((b) => b.rows.map((id) => ({ id, bench: b })));
const table: Row[] = [
  ...ROW_IDS.flatMap((id) => {
    const reported = rows.get(id);
    if (reported) return [reported];
    const owner = expected.find((e) => e.id === id);
    if (!owner) return [];
    const outcome = outcomes.find((o) => o.bench === owner.bench);
    return [
      {
        id,
        ...ISSUE_ROWS[id],
        trialbase: `not reported by ${owner.bench.file} (${outcome?.status ?? 'not run'})`,
        anchor: '—',
        ratio: '—',
        met: null,
      },
    ];
  }),
  ...[...rows.values()].filter((r) => !(ROW_IDS as readonly string[]).includes(r.id)),
];

console.log(`\n=== issue 16 table: commit ${commit}${dirty ? ' with uncommitted changes' : ''}`);
console.log(
  `server build: ${process.env.E2E_SERVER_MAIN ?? 'packages/server/dist/main.js'}, web: ${process.env.E2E_WEB_DIST ?? 'packages/web/dist'}${quick ? '; quick sizes: figures only show the benches work' : ''}`,
);
console.log(formatTable(table));
for (const o of outcomes) console.log(`${o.failed ? '✖' : '✔'} ${o.bench.name}: ${o.status}`);
if (outcomes.some((o) => o.failed)) process.exit(1);
