// Issue 17 suite 6(d) at a larger size than npm test runs (src/platform/db/crash.test.ts): the real
// server as its own process on PostgreSQL and on a PGlite data directory, concurrent participant
// submits (30 answers) and staff updates with a reason, SIGKILL once --kill-after writes were
// acknowledged, a restart on the same database, then the check of packages/server/test/crash.ts.
// Prints, per engine: writes sent and acknowledged, acknowledged present after the restart, partial
// writes, the audit chains' verification. Exits 1 when any acknowledged write is missing or partial.
//
//   npx tsx bench/crash.ts [--engines pglite,postgres] [--participants 400] [--staff 40]
//                          [--clients 16] [--kill-after 250] [--quick]
//
// PostgreSQL: a throwaway database on BENCH_DATABASE_URL (default the local server), dropped after.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatCrashFigures, runCrash } from '../packages/server/test/crash';
import { listOption, numberOption } from './lib/args';
import { withCleanup } from './lib/cleanup';
import { createThrowawayDatabase } from './lib/postgres';

const engines = listOption('engines', ['pglite', 'postgres']);
const participants = numberOption('participants', 400, 24);
const staffForms = numberOption('staff', 40, 6);
const clients = numberOption('clients', 16, 8);
const killAfterAcks = numberOption('kill-after', 250, 20);

let failed = false;
for (const engine of engines) {
  const database =
    engine === 'postgres'
      ? await createThrowawayDatabase('tb_crash').then((db) => ({
          config: { databaseUrl: db.url, dataDir: 'unused' },
          drop: db.drop,
        }))
      : (() => {
          const dir = mkdtempSync(path.join(tmpdir(), 'tb-crash-'));
          return {
            config: { databaseUrl: null, dataDir: dir },
            drop: async () => rmSync(dir, { recursive: true, force: true }),
          };
        })();
  const figures = await withCleanup(database.drop, () =>
    runCrash({
      database: database.config,
      participants,
      staffForms,
      clients,
      killAfterAcks,
      log: (line) => console.log(`[${engine}] ${line}`),
    }),
  );
  console.log(formatCrashFigures(engine, figures));
  for (const problem of figures.problems.slice(0, 20)) console.log(`  problem: ${problem}`);
  if (
    figures.problems.length > 0 ||
    figures.partial > 0 ||
    figures.acknowledgedMissing > 0 ||
    !figures.auditIntact
  )
    failed = true;
}
process.exitCode = failed ? 1 : 0;
