// Shared by start.mjs and test.mjs: run commands, install dependencies when missing.
import { spawnSync } from 'node:child_process';
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
