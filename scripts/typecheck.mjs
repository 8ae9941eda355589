// `npm run typecheck`: type-checks every workspace with TypeScript 7, the native compiler (issue 15:
// 23 s instead of 57 s for every workspace, 37 s of CPU instead of 84). TypeScript 6 stays
// installed as `typescript` for the tools that use its JavaScript API (typescript-eslint in the
// compat check, scripts/check-boundaries.mjs); the compiler is installed as `typescript7`.
// With no argument it checks every workspace (or, run inside one, that workspace); with
// arguments, the folders named. Exits non-zero on the first project with errors.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(
  path.dirname(createRequire(path.join(root, 'package.json')).resolve('typescript7/package.json')),
  'bin/tsc',
);
const workspaces = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces;

const cwd = process.cwd();
const projects =
  process.argv.length > 2
    ? process.argv.slice(2).map((dir) => path.resolve(dir))
    : cwd !== root && existsSync(path.join(cwd, 'tsconfig.json'))
      ? [cwd]
      : workspaces
          .map((dir) => path.join(root, dir))
          .filter((dir) => existsSync(path.join(dir, 'tsconfig.json')));

for (const dir of projects) {
  const started = Date.now();
  const result = spawnSync(process.execPath, [tsc, '-p', path.join(dir, 'tsconfig.json')], {
    stdio: 'inherit',
  });
  const label = path.relative(root, dir) || '.';
  if (result.status !== 0) {
    console.error(`✖ ${label}: type errors`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${label} (${((Date.now() - started) / 1000).toFixed(1)}s)`);
}
