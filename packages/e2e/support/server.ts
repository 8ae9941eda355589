import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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
  const child: ChildProcess = spawn(process.execPath, [main], {
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
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
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
