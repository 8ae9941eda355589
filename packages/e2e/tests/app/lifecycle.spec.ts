import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { expect, test } from '@playwright/test';
import { createThrowawayDatabase } from '../../support/postgres';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer } from '../../support/server';

/** Starts a login whose body is sent only when `finish` is called: a request in flight. */
function slowLogin(url: string) {
  const body = JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  const req = http.request(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const status = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, 10));
  return { status, finish: () => req.end(body.slice(10)) };
}

test('SIGTERM drains requests and exits cleanly; the embedded database survives a restart', async ({
  request,
}) => {
  // Two server start-ups (each up to startServer's deadline on a busy machine) and a drain.
  test.setTimeout(300_000);
  // Request logging (info) shows when the server has read the login's headers: it is in flight.
  const first = await startServer({ LOG_LEVEL: 'info' });
  const inFlight = slowLogin(first.url);
  await first.waitForOutput(/"url":"\/api\/auth\/login"[^\n]*"msg":"incoming request"/);
  const stopped = first.stop({ keepData: true });
  // Draining: the server says so and stops serving new requests, while the login is still open.
  await first.waitForOutput(/shutting down/);
  await expect
    .poll(async () => {
      try {
        return (await fetch(`${first.url}/api/ready`)).ok ? 'serving' : 'closing';
      } catch {
        return 'closing';
      }
    })
    .toBe('closing');
  inFlight.finish();
  expect(await inFlight.status).toBe(200);
  expect(await stopped).toBe(0);

  const second = await startServer({}, { dataDir: first.dataDir });
  try {
    const again = await request.post(`${second.url}/api/auth/login`, {
      data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(again.status()).toBe(200);
    const ready = await request.get(`${second.url}/api/ready`);
    expect(await ready.json()).toEqual({ status: 'ready', database: 'pglite' });
  } finally {
    await second.stop();
    rmSync(first.dataDir, { recursive: true, force: true });
  }
});

/** The processes whose parent is `pid` (Linux /proc): the server processes a supervisor runs. */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      return ppid === pid ? [Number(entry)] : [];
    } catch {
      return []; // ended while listed
    }
  });
}

/** A GET on a connection of its own, so the supervisor hands each to the next process in turn. */
function freshGet(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', reject);
  });
}

test('TRIALBASE_PROCESSES on PostgreSQL: one migration and one first admin, every process serving, SIGTERM stops them all', async ({
  request,
}) => {
  test.skip(process.platform !== 'linux', 'reads the process tree from /proc');
  test.setTimeout(300_000);
  const database = await createThrowawayDatabase(
    process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    'tb_e2e_processes',
  );
  try {
    const server = await startServer({
      DATABASE_URL: database.url,
      TRIALBASE_PROCESSES: '2',
      LOG_LEVEL: 'info',
    });
    let exitCode: number | null = null;
    let workers: number[] = [];
    try {
      await server.waitForOutput(/Trialbase is serving[\s\S]*Trialbase is serving/, 120_000);
      workers = childrenOf(server.pid as number);
      expect(workers).toHaveLength(2);
      expect(server.output().match(/First system administrator created/g)).toHaveLength(1);
      // Connections go to the processes in turn: both answer, each logs its requests under its pid.
      for (let i = 0; i < 8; i += 1) expect(await freshGet(`${server.url}/api/health`)).toBe(200);
      for (const pid of workers) {
        await server.waitForOutput(new RegExp(`"pid":${pid}[^\\n]*"url":"/api/health"`));
      }
      const login = await request.post(`${server.url}/api/auth/login`, {
        data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      });
      expect(login.status()).toBe(200);
      const ready = await request.get(`${server.url}/api/ready`);
      expect(await ready.json()).toEqual({ status: 'ready', database: 'postgres' });
    } finally {
      exitCode = await server.stop();
    }
    expect(exitCode).toBe(0);
    for (const pid of workers) expect(existsSync(`/proc/${pid}`)).toBe(false);
  } finally {
    await database.drop();
  }
});
