// `npm test`: everything CI runs — lint and format, typecheck, domain and web unit tests,
// the API suite on PGlite and on PostgreSQL, and the end-to-end suite in Chromium.
import net from 'node:net';
import { ensureInstalled, run } from './lib.mjs';

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

ensureInstalled();
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const hasPostgres = await reachable(pgUrl);
if (!hasPostgres && process.env.CI) {
  console.error(`✖ CI requires PostgreSQL for the API suite, but ${new URL(pgUrl).host} is not reachable.`);
  process.exit(1);
}
const engines = hasPostgres ? 'pglite,postgres' : 'pglite';

run('Lint and format (Biome)', 'npx', ['biome', 'ci', '.']);
run('Typecheck', 'npm', ['run', 'typecheck', '--workspaces', '--if-present']);
run('Minimum browsers (spec 000 §1): API compat check and its own test', 'node', [
  '--test',
  'scripts/check-compat.test.mjs',
]);
run('Domain rules', 'npm', ['test', '-w', '@trialbase/domain']);
run('Web unit tests', 'npm', ['test', '-w', '@trialbase/web']);
run(`API suite on ${engines.replace(',', ' and ')}`, 'npm', ['test', '-w', '@trialbase/server'], {
  env: { TRIALBASE_TEST_ENGINES: engines, TEST_DATABASE_URL: pgUrl },
});
run('Build', 'npm', ['run', 'build']);
run('End-to-end in Chromium', 'npm', ['test', '-w', '@trialbase/e2e']);

console.log(`\nAll checks passed. API suite ran on: ${engines.replace(',', ', ')}.`);
if (!hasPostgres) {
  console.log(
    'Note: PostgreSQL was not reachable, so the API suite ran on PGlite only. Set TEST_DATABASE_URL to include it.',
  );
}
