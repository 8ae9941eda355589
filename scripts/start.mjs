// `npm start`: install what is missing, build, then serve app and API on one port
// (PGlite in ./data unless DATABASE_URL is set). Migrations and the first admin happen at start.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { ensureInstalled, root, run } from './lib.mjs';

ensureInstalled();
run('Building the web app', 'npm', ['run', 'build', '-w', '@trialbase/web']);
run('Building the server', 'npm', ['run', 'build', '-w', '@trialbase/server']);

const env = {
  NODE_ENV: 'production',
  TRIALBASE_WEB_DIST: path.join(root, 'packages/web/dist'),
  TRIALBASE_DATA_DIR: path.join(root, 'data'),
  ...process.env,
};

// First start on the embedded database: offer the demo study (TRIALBASE_SEED_DEMO=true answers yes).
const isFirstStart = !env.DATABASE_URL && !existsSync(env.TRIALBASE_DATA_DIR);
if (isFirstStart && env.TRIALBASE_SEED_DEMO === undefined && process.stdin.isTTY) {
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await prompt.question(
    'First start: create a demo study with sites, forms and 20 subjects? [y/N] ',
  );
  prompt.close();
  env.TRIALBASE_SEED_DEMO = /^y(es)?$/i.test(answer.trim()) ? 'true' : 'false';
}
// The server's Node flags (packages/server/node-flags.json; ARCHITECTURE.md, issue 16).
const nodeFlags = JSON.parse(readFileSync(path.join(root, 'packages/server/node-flags.json'), 'utf8'));
const server = spawn(process.execPath, [...nodeFlags, path.join(root, 'packages/server/dist/main.js')], {
  cwd: root,
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
