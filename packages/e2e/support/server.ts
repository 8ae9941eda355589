import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const ADMIN_EMAIL = 'admin@e2e.example';
export const ADMIN_PASSWORD = 'E2e-Admin-Password-1';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export type RunningServer = {
  url: string;
  dataDir: string;
  /** The server process's id (the write bench reads its CPU time). */
  pid: number | undefined;
  /** The server's output so far (stdout and stderr). */
  output(): string;
  /** Resolves once the server's output (stdout and stderr so far or later) matches `pattern`. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** Sends SIGTERM, waits for the process to exit and gives its exit code; removes the data unless kept. */
  stop(options?: { keepData?: boolean }): Promise<number | null>;
};

/**
 * Starts the built production server on a free port with a fresh embedded database,
 * exactly as `npm start` runs it, and waits until it is ready.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<RunningServer> {
  // Overridable so parallel work can test its own builds without touching the shared dist folders.
  const main = process.env.E2E_SERVER_MAIN ?? path.join(repoRoot, 'packages/server/dist/main.js');
  const web = process.env.E2E_WEB_DIST ?? path.join(repoRoot, 'packages/web/dist');
  if (!existsSync(main) || !existsSync(path.join(web, 'index.html'))) {
    throw new Error('Build first: `npm run build` (npm test does this before the end-to-end suite).');
  }
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'tb-e2e-'));
  // Started as `npm start` starts it: with the server's Node flags (scripts/start.mjs).
  const nodeFlags = JSON.parse(
    readFileSync(path.join(repoRoot, 'packages/server/node-flags.json'), 'utf8'),
  ) as string[];
  const child: ChildProcess = spawn(process.execPath, [...nodeFlags, main], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      TRIALBASE_DATA_DIR: dataDir,
      TRIALBASE_WEB_DIST: web,
      TRIALBASE_ADMIN_EMAIL: ADMIN_EMAIL,
      TRIALBASE_ADMIN_PASSWORD: ADMIN_PASSWORD,
      LOGIN_MAX_FAILURES: '3',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The output still goes to the runner's console; a copy is kept for `waitForOutput`.
  let output = '';
  const listeners = new Set<() => void>();
  const keep = (into: NodeJS.WriteStream) => (chunk: Buffer) => {
    into.write(chunk);
    output += chunk.toString('utf8');
    for (const check of listeners) check();
  };
  child.stdout?.on('data', keep(process.stdout));
  child.stderr?.on('data', keep(process.stderr));
  const url = `http://127.0.0.1:${port}`;
  // Start-up takes a few seconds, much longer on a busy machine; a server that is not ready by the
  // deadline is stopped and reported, never handed to a test half started.
  const deadline = Date.now() + Number(process.env.E2E_SERVER_START_TIMEOUT ?? 120_000);
  let ready = false;
  while (!ready) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server on ${url} not ready within the start-up deadline`);
    }
    try {
      ready = (await fetch(`${url}/api/ready`)).ok;
    } catch {
      // not listening yet
    }
    if (!ready) await new Promise((r) => setTimeout(r, 250)); // polling interval, not a wait for an event
  }
  return {
    url,
    dataDir,
    pid: child.pid,
    output: () => output,
    waitForOutput: (pattern, timeoutMs = 30_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`server output did not match ${pattern} within ${timeoutMs} ms`));
        }, timeoutMs);
        function check() {
          if (!pattern.test(output)) return;
          clearTimeout(timer);
          listeners.delete(check);
          resolve();
        }
        listeners.add(check);
        check();
      }),
    stop: async ({ keepData = false } = {}) => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
      return child.exitCode;
    },
  };
}
