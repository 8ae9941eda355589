import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, type TestApp } from '../../../test/harness';

describe(`platform on ${engine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('GET /api/health says the process is up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/ready checks the database and migrations', { tags: ['engine'] }, async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: engine });
  });

  it('GET /api/ready is 503 when a migration is missing', { tags: ['engine'] }, async () => {
    await t.app.database.query(
      'create table if not exists drizzle.__saved as select * from drizzle.__drizzle_migrations',
    );
    await t.app.database.query('delete from drizzle.__drizzle_migrations');
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ type: 'DATABASE' });
    } finally {
      await t.app.database.query('insert into drizzle.__drizzle_migrations select * from drizzle.__saved');
      await t.app.database.query('drop table drizzle.__saved');
    }
  });

  it('serves an OpenAPI 3.1 description of every route and a reference page', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(spec.statusCode).toBe(200);
    const doc = spec.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/health', '/api/admin/outbox']),
    );
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });

  it('sends security headers, a CSP and a request id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['x-request-id']).toBe('abc-123');
  });

  it('answers unknown /api routes with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ type: 'NOT_FOUND' });
  });
});

describe('production mode serves the web app on the same port', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'tb-web-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Trialbase</title><div id="root"></div>',
    );
    t = await createTestApp({ webDist: dist });
  });
  afterAll(async () => t?.close());

  it('returns index.html for client routes so a reload works', async () => {
    for (const url of ['/', '/authentication/login', '/study/abc/overview?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('still answers unknown API paths with JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ type: 'NOT_FOUND' });
  });
});

describe('maintenance mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ maintenanceMode: true });
  });
  afterAll(async () => t?.close());

  it('tells the web app and refuses other API calls with 503', async () => {
    const info = await t.app.inject({ method: 'GET', url: '/api/system/info' });
    expect(info.json()).toMatchObject({ maintenanceMode: true });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.co', password: 'x' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ type: 'PRECONDITION' });
  });
});
