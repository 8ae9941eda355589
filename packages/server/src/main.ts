import { buildApp } from './app';
import { seedDemoIfEmpty } from './cli/demo-study';
import { loadConfig } from './platform/config';
import { loadServerI18n } from './platform/i18n/i18n';

/** Starts Trialbase: reads the environment, migrates, listens, and shuts down gracefully on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = loadConfig();
  // The texts the server sends (issue 18 item 3): read once now, so missing catalogs stop the start.
  loadServerI18n();
  // The demo seed plays its schedule out in the past; the clock is real time otherwise.
  let seedTime: Date | null = null;
  const clock = () => seedTime ?? new Date();
  const app = await buildApp(config, {
    clock,
    onAdminCreated: ({ email, generatedPassword }) => {
      // Printed once, to the console only (never to the structured log).
      const lines = [`First system administrator created: ${email}`];
      if (generatedPassword) lines.push(`Generated password (shown only now): ${generatedPassword}`);
      process.stdout.write(`\n${lines.join('\n')}\n\n`);
    },
  });
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
  if (config.env === 'production' && !config.publicUrl) {
    app.log.warn(
      'PUBLIC_URL is not set: links in emails point to localhost. Set it to the address users reach.',
    );
  }
  if (config.seedDemo) {
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

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
