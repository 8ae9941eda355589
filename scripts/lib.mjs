// Shared by start.mjs and test.mjs: run commands, install dependencies when missing.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function run(label, command, args, options = {}) {
  const started = Date.now();
  process.stdout.write(`\n▶ ${label}\n`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...options.env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    process.stdout.write(`✖ ${label} failed after ${seconds}s\n`);
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`✔ ${label} (${seconds}s)\n`);
}

/** Installs dependencies on a fresh clone, or when package-lock.json changed since the last install. */
export function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  run('Installing dependencies (npm install)', 'npm', ['install', '--no-audit', '--no-fund']);
}

/**
 * Starts a command with its output captured; resolves when it ends with
 * `{ label, ok, seconds, output }`. test.mjs runs independent stages side by side this way and
 * prints each one's output as a block when it finishes, so parallel output never interleaves.
 */
export function runCaptured(label, command, args, options = {}) {
  const started = Date.now();
  process.stdout.write(`▶ ${label} (started)\n`);
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: '1', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    let done = false;
    const finish = (ok, extra = '') => {
      if (done) return;
      done = true;
      const seconds = (Date.now() - started) / 1000;
      const output = Buffer.concat(chunks).toString('utf8') + extra;
      const rule = '─'.repeat(8);
      process.stdout.write(`\n${rule} ${label} ${rule}\n${output.trimEnd()}\n`);
      process.stdout.write(`${ok ? '✔' : '✖'} ${label} ${ok ? '' : 'failed '}(${seconds.toFixed(1)}s)\n`);
      resolve({ label, ok, seconds, output });
    };
    child.on('error', (err) => finish(false, `\n${err.message}\n`));
    child.on('close', (code) => finish(code === 0));
  });
}
