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
  // Two server start-ups and a drain: more than the 30 s of a plain test on a busy machine.
  test.setTimeout(150_000);
  const first = await startServer();
  const inFlight = slowLogin(first.url);
  await new Promise((r) => setTimeout(r, 300));
  const stopped = first.stop({ keepData: true });
  await new Promise((r) => setTimeout(r, 300));
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
