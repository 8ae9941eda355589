import { rmSync } from 'node:fs';
import http from 'node:http';
import { expect, test } from '@playwright/test';
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
