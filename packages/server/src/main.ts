import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { buildApp, prepareDatabase } from './app';
import { seedDemoIfEmpty } from './cli/demo-study';
import { type Config, loadConfig } from './platform/config';
import { loadServerI18n } from './platform/i18n/i18n';

/** Printed once, to the console only (never to the structured log). */
function printAdmin({ email, generatedPassword }: { email: string; generatedPassword: string | null }) {
  const lines = [`First system administrator created: ${email}`];
  if (generatedPassword) lines.push(`Generated password (shown only now): ${generatedPassword}`);
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

/** Starts Trialbase: reads the environment, migrates, listens, and shuts down gracefully on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = loadConfig();
  // The texts the server sends (issue 18 item 3): read once now, so missing catalogs stop the start.
  loadServerI18n();
  if (config.processes > 1 && cluster.isPrimary) return supervise(config);
  // The demo seed plays its schedule out in the past; the clock is real time otherwise.
  let seedTime: Date | null = null;
  const clock = () => seedTime ?? new Date();
  const app = await buildApp(config, { clock, onAdminCreated: printAdmin });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(
      { signal },
      'shutting down: no new connections, draining requests, stopping jobs, closing database',
    );
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  if (config.env === 'production' && !config.publicUrl && !cluster.isWorker) {
    app.log.warn(
      'PUBLIC_URL is not set: links in emails point to localhost. Set it to the address users reach.',
    );
  }
  // One process seeds (the first of several): two would each find the database without a study.
  if (config.seedDemo && (!cluster.isWorker || cluster.worker?.id === 1)) {
    const setSeedTime = (next: Date) => {
      seedTime = next;
    };
    const seeded = await seedDemoIfEmpty(app, { now: clock, set: setSeedTime });
    seedTime = null;
    if (seeded)
      process.stdout.write(`Demo study created: "${seeded.studyName}" (${seeded.subjects} subjects).\n`);
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Trialbase is serving on http://localhost:${config.port} (${app.database.engine})`);
}

/**
 * TRIALBASE_PROCESSES > 1 (PostgreSQL only): migrates once, then runs that many server processes
 * (the first alone until it listens) sharing the port; node:cluster hands connections out in turn.
 * Sessions, limits, jobs and the audit trail live in the database and each process's caches are
 * checked against it (README "Running on PostgreSQL"); the captcha key, random per process when
 * unset, is drawn here once for all of them.
 * A process that ends on its own is replaced; one that ends before it listened stops them all, so a
 * server that cannot start fails instead of restarting forever. SIGTERM/SIGINT reach every process,
 * each drains and closes, then this one exits.
 */
async function supervise(config: Config): Promise<void> {
  await prepareDatabase(config, { onAdminCreated: printAdmin });
  if (config.env === 'production' && !config.publicUrl) {
    console.warn(
      'PUBLIC_URL is not set: links in emails point to localhost. Set it to the address users reach.',
    );
  }
  const env = { TRIALBASE_CAPTCHA_SECRET: config.captchaSecret ?? randomBytes(32).toString('hex') };
  const listening = new Set<number>();
  let stopping = false;
  let othersStarted = false;
  const live = () => Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
  cluster.on('listening', (worker) => {
    listening.add(worker.id);
    // The others once the first listens: it made what every process makes if missing at start
    // (the job queues), which processes starting side by side on a new database deadlock over.
    if (othersStarted || stopping) return;
    othersStarted = true;
    for (let i = 1; i < config.processes; i += 1) cluster.fork(env);
  });
  cluster.on('exit', (worker, code, signal) => {
    const started = listening.delete(worker.id);
    if (stopping) {
      if (live().length === 0) process.exit();
      return;
    }
    console.error(`Server process ${worker.process.pid} ended (${signal ?? `exit code ${code}`}).`);
    if (started) cluster.fork(env);
    else stop('SIGTERM', 1);
  });
  const stop = (signal: NodeJS.Signals, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(1), 35_000);
    force.unref();
    process.exitCode = exitCode;
    const workers = live();
    if (workers.length === 0) process.exit();
    for (const worker of workers) worker.process.kill(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  cluster.fork(env);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
