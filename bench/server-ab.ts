// Two builds of the server against each other on the participant flow of the write bench (issue 16):
// is a change faster? On this 2-core machine a build's CPU per flow moves by 15-30 % between runs of
// the write bench, more than most changes save, so runs one after the other cannot tell. Here both
// builds run at once, each as a deployment runs it (one process per core), on one throwaway
// PostgreSQL database with one participant study, and their windows alternate A B B A A B ... so
// drift of the machine and of the data weighs on both alike. Prints each window, then the medians of
// flows/s and of the server's, PostgreSQL's and the load generator's CPU per flow, and B against A.
//
//   npm run bench:server-ab -w @trialbase/bench -- --b <other>/packages/server/dist/main.js [--a <main.js>]
//                              [--rounds 4] [--seconds 8] [--clients 16] [--rate 100]
//
// --a defaults to this checkout's build; an older commit builds in a worktree of its own (`git
// worktree add`, node_modules linked, `node build.mjs` in packages/server). --rate is the flows per
// second the first window's links are enrolled for, then the fastest window's (a window that runs
// out of links says so and is not counted). No table row: the write bench measures the goals.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { type RunningServer, startServer } from '../packages/e2e/support/server';
import { numberOption, textOption } from './lib/args';
import { withCleanup } from './lib/cleanup';
import { cpuPer, sampleCpu } from './lib/cpu';
import { LinkPool, SERVER_ENV, submitRun } from './lib/participant-load';
import { checkpoint, createThrowawayDatabase, settle, vacuum } from './lib/postgres';
import { median, quantile, rate } from './lib/stats';
import { setUpParticipantStudy } from './lib/write-study';

const CLIENTS = numberOption('clients', 16, 2);
const SECONDS = numberOption('seconds', 8, 5);
const ROUNDS = numberOption('rounds', 4, 1);
const RATE = numberOption('rate', 100, 20);
const WARM_UP_SECONDS = 5;
/** Server processes of each build: BENCH_PROCESSES, else one per core, as the write bench runs them. */
const PROCESSES = process.env.BENCH_PROCESSES ?? String(Math.min(64, availableParallelism()));

const own = path.join(import.meta.dirname, '../packages/server/dist/main.js');
// Relative to where npm was run (npm runs the bench in bench/).
const resolved = (file: string | undefined) =>
  file === undefined ? undefined : path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
const builds = { A: resolved(textOption('a', own)), B: resolved(textOption('b', undefined)) };
if (!builds.B) throw new Error('--b <packages/server/dist/main.js of the other build> is needed');
for (const main of Object.values(builds))
  if (!main || !existsSync(main)) throw new Error(`no build at ${main} (npm run build first)`);

type Side = 'A' | 'B';
type Figures = { flows: number[]; p99: number[]; server: number[]; database: number[]; client: number[] };

async function main() {
  const database = await createThrowawayDatabase('tb_bench_ab');
  const servers: Partial<Record<Side, RunningServer>> = {};
  const stop = async () => {
    for (const server of Object.values(servers)) await server?.stop();
    await database.drop();
  };
  await withCleanup(stop, async () => {
    for (const side of ['A', 'B'] as const) {
      // startServer starts the build E2E_SERVER_MAIN names (the web build is this checkout's).
      process.env.E2E_SERVER_MAIN = builds[side];
      servers[side] = await startServer({
        ...SERVER_ENV,
        DATABASE_URL: database.url,
        TRIALBASE_PROCESSES: PROCESSES,
      });
      console.log(`${side}: ${builds[side]}`);
    }
    const urls = { A: (servers.A as RunningServer).url, B: (servers.B as RunningServer).url };
    const study = await setUpParticipantStudy(urls.A, 'A/B bench');
    const pool = new LinkPool(study);
    let expectedRate = RATE;
    const figures: Record<Side, Figures> = {
      A: { flows: [], p99: [], server: [], database: [], client: [] },
      B: { flows: [], p99: [], server: [], database: [], client: [] },
    };
    let errors = 0;
    const window = async (side: Side, seconds: number, counted: boolean) => {
      // Enrolled through A before either side's window; then the database is vacuumed and settles,
      // as before the write bench's windows.
      await pool.fill(expectedRate, CLIENTS, seconds);
      await vacuum(database.url);
      await settle(database.url);
      await checkpoint();
      const before = sampleCpu(servers[side]?.pid);
      const run = await submitRun(urls[side], study, pool, CLIENTS, seconds);
      const cpu = cpuPer(before, sampleCpu(servers[side]?.pid), run.flows);
      errors += run.errors;
      const figure = (v: number | null) => (v === null ? 'n/a' : `${v.toFixed(2)} ms`);
      console.log(
        `  ${counted ? side : `${side} warm-up`} ${rate(run.flowsPerSecond)} flows/s, submit p99 ` +
          `${quantile(run.timings.of('submit'), 0.99).toFixed(0)} ms; CPU per flow: server ${figure(cpu.server)}, ` +
          `PostgreSQL ${figure(cpu.database)}, load generator ${figure(cpu.client)}` +
          `${run.errors ? `, ${run.errors} errors` : ''}${run.stoppedEarly ? ` (${run.stoppedEarly})` : ''}`,
      );
      for (const sample of run.errorSamples) console.log(`    error: ${sample}`);
      expectedRate = Math.max(expectedRate, run.flowsPerSecond);
      // A window that ran out of links measured less than its length: not counted.
      if (!counted || run.stoppedEarly) return;
      const into = figures[side];
      into.flows.push(run.flowsPerSecond);
      into.p99.push(quantile(run.timings.of('submit'), 0.99));
      if (cpu.server !== null) into.server.push(cpu.server);
      if (cpu.database !== null) into.database.push(cpu.database);
      if (cpu.client !== null) into.client.push(cpu.client);
    };
    await window('A', WARM_UP_SECONDS, false);
    await window('B', WARM_UP_SECONDS, false);
    for (let round = 0; round < ROUNDS; round++)
      for (const side of round % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const))
        await window(side, SECONDS, true);
    const med = (list: number[]) => (list.length > 0 ? median(list) : Number.NaN);
    for (const side of ['A', 'B'] as const) {
      const f = figures[side];
      console.log(
        `${side}: ${rate(med(f.flows))} flows/s, submit p99 ${med(f.p99).toFixed(0)} ms; CPU per flow: server ` +
          `${med(f.server).toFixed(2)} ms, PostgreSQL ${med(f.database).toFixed(2)} ms, load generator ` +
          `${med(f.client).toFixed(2)} ms (medians of ${f.flows.length} windows)`,
      );
    }
    const change = (b: number, a: number) => `${b >= a ? '+' : ''}${(((b - a) / a) * 100).toFixed(1)} %`;
    console.log(
      `B against A: flows/s ${change(med(figures.B.flows), med(figures.A.flows))}, server CPU per flow ` +
        `${change(med(figures.B.server), med(figures.A.server))}, PostgreSQL CPU per flow ` +
        `${change(med(figures.B.database), med(figures.A.database))}`,
    );
    await study.api.dispose();
    if (errors > 0) throw new Error(`${errors} failed requests (see above)`);
  });
}

await main();
