import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, type TestApp } from '../../../test/harness';
import { COMPRESS_THRESHOLD_BYTES, IMMUTABLE_CACHE, REVALIDATE_CACHE } from './static';

// A web build as packages/web builds it: hashed files under assets/ with their .br and .gz copies
// beside them (vite-precompress.ts), the two HTML entry points, an unhashed favicon and an image.
const SCRIPT = `export const questions = [${Array.from({ length: 200 }, (_, i) => `"Question ${i}"`).join(',')}];\n`;
const STYLE = `.tb-question{margin-block:8px}\n`.repeat(100);
const INDEX_HTML = `<!doctype html><title>Trialbase</title><div id="root"></div>${'<!-- staff -->'.repeat(60)}`;
const PUBLIC_HTML = `<!doctype html><title>Trialbase</title><div id="root" data-app="public"></div>${'<!-- participant -->'.repeat(60)}`;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

function writeWithCopies(file: string, text: string): void {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

function decoded(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describe(`HTTP compression and caching on ${engine}`, () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'tb-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeWithCopies(path.join(dist, 'assets', 'fill-page-Ab12Cd34.js'), SCRIPT);
    writeWithCopies(path.join(dist, 'assets', 'public-Ef56Gh78.css'), STYLE);
    writeWithCopies(path.join(dist, 'index.html'), INDEX_HTML);
    writeWithCopies(path.join(dist, 'public.html'), PUBLIC_HTML);
    writeFileSync(path.join(dist, 'assets', 'logo-Ij90Kl12.png'), PNG);
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  describe('GET a hashed asset', () => {
    for (const [acceptEncoding, expected] of [
      ['br, gzip, deflate', 'br'],
      ['gzip, deflate', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ] as const) {
      it(`sends the ${expected ?? 'plain'} copy for Accept-Encoding ${acceptEncoding ?? '(none)'}`, async () => {
        const res = await t.app.inject({
          method: 'GET',
          url: '/assets/fill-page-Ab12Cd34.js',
          headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(expected);
        expect(res.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE);
        expect(decoded(res.rawPayload, expected)).toBe(SCRIPT);
        if (expected) expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 3);
      });
    }

    it('sends a stylesheet as CSS, compressed and immutable', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/assets/public-Ef56Gh78.css',
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(res.headers['content-type']).toMatch(/^text\/css/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE);
      expect(decoded(res.rawPayload, 'br')).toBe(STYLE);
    });

    it('never compresses an image again', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/assets/logo-Ij90Kl12.png',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE);
      expect(res.rawPayload.equals(PNG)).toBe(true);
    });
  });

  describe('GET an entry point', () => {
    it('sends the participant page for a link, compressed and revalidated each time', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/public/s1/abcdefabcdefabcdefabcdefabcdefab',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe(REVALIDATE_CACHE);
      expect(decoded(res.rawPayload, 'br')).toBe(PUBLIC_HTML);
    });

    it('sends the staff page uncompressed to a client that accepts no encoding', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/study/abc/overview' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['cache-control']).toBe(REVALIDATE_CACHE);
      expect(res.body).toBe(INDEX_HTML);
    });

    it('asks the browser to revalidate unhashed files', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(REVALIDATE_CACHE);
    });
  });

  describe('JSON answers', () => {
    it('compresses a large JSON answer with the encoding the client prefers', async () => {
      const plain = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
      for (const encoding of ['br', 'gzip'] as const) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/openapi.json',
          headers: { 'accept-encoding': encoding === 'br' ? 'gzip, deflate, br' : 'gzip' },
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
        expect(JSON.parse(decoded(res.rawPayload, encoding))).toEqual(plain.json());
      }
    });

    it('does not inflate a compressed request body', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        payload: gzipSync(JSON.stringify({ email: 'admin@example.org', password: 'Wrong-Horse-Battery-9' })),
      });
      // Read as the JSON it is not: refused, never a login attempt with the inflated body.
      expect(res.statusCode).toBe(400);
    });

    it('sends a small JSON answer as it is', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json()).toEqual({ status: 'ok' });
    });
  });
});
