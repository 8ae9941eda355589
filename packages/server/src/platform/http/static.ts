/**
 * HTTP that respects slow phones (issue 16 item 5): compressed answers, the built web app served
 * from its precompressed copies, and caching that never asks twice for a hashed file.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Hashed build output (`assets/name-<hash>.js`): its name changes with its content. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Entry points and unhashed files: kept, but checked with the server (ETag) before each use. */
export const REVALIDATE_CACHE = 'no-cache';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/** Larger answers are compressed as a stream, so the event loop is never held for long. */
const SYNC_COMPRESS_MAX_BYTES = 64 * 1024;

/**
 * Brotli's quality for answers compressed on the fly: 3, not the plugin's 4. On the participant's
 * link answer (5.4 KiB of JSON) quality 4 took 0.064 ms for 1,055 bytes and quality 3 0.035 ms
 * for 1,089 (issue 16: compression was 5-9 % of the server's CPU under the write bench), so each
 * answer costs about half the CPU for about 3 % more bytes. The web build's files are compressed
 * once, at quality 11 (packages/web/vite-precompress.ts).
 */
const DYNAMIC_BROTLI_QUALITY = 3;

/**
 * What is compressed on the fly: JSON, text, JavaScript, CSS, SVG and XML. Everything else
 * (images, PDFs, uploads as application/octet-stream, zip exports) is compressed already or
 * binary, where gzip only burns CPU.
 */
const COMPRESSIBLE_TYPES =
  /^(?:application\/(?:[\w.+-]*\+)?json|text\/(?!event-stream)[\w.+-]+|application\/(?:javascript|xml)|image\/svg\+xml)(?:;|$)/;

/**
 * Paths whose answers are never compressed: the staff session answer carries the CSRF token, and
 * a secret beside anything a request can make the server repeat is what BREACH reads from the
 * compressed length. These answers are a few hundred bytes, so nothing is lost.
 */
const NEVER_COMPRESSED = /^\/api\/auth(?:\/|$)/;

/**
 * Compresses JSON and other text answers above COMPRESS_THRESHOLD_BYTES with brotli or gzip, as
 * the client accepts (`Vary: Accept-Encoding`), brotli at DYNAMIC_BROTLI_QUALITY (quality 11 costs
 * ~20x the CPU for a few per cent). Register before the routes: the plugin hooks each route as it
 * is added.
 * Files already sent with a Content-Encoding (the precompressed web build) pass through untouched.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // The plugin reads a route's `compress: false` in its own onRoute hook, so this one comes first;
  // routes come from defineRoute, so the secret-carrying paths are left out here by URL.
  app.addHook('onRoute', (route) => {
    if (NEVER_COMPRESSED.test(route.url)) route.compress = false;
  });
  await app.register(compress, {
    globalCompression: true,
    // Request bodies stay as sent: a compressed body would only let a small request grow past
    // bodyLimit's intent (a zip bomb) and no client of ours compresses what it sends.
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    // Issue 16: a JSON answer up to 64 KiB (a staff update returns its whole answer set, ~10 KiB) is
    // compressed in one call; the plugin's default on 2 cores (8 KiB) sent it through a zlib stream
    // on the thread pool, whose setup and scheduling cost more CPU than the compression itself.
    syncThreshold: SYNC_COMPRESS_MAX_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: { [zlib.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY },
    },
    customTypes: COMPRESSIBLE_TYPES,
  });
}

/** The participant routes of spec 002 §2 (token links, sign-up, unsubscribe, questionnaire fill). */
const PUBLIC_PAGE = /^\/(public|questionnaire)(\/|$)/;

function cacheControlOf(filePath: string): string {
  return filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE_CACHE : REVALIDATE_CACHE;
}

/**
 * In production the same process serves the built web app; client routes fall back to
 * index.html, participant routes to public.html (their own bundle). Each file goes out as its
 * build-time `.br` or `.gz` copy when the browser accepts one (the web build writes them,
 * packages/web/vite-precompress.ts), else as it is.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | null): Promise<void> {
  const hasWeb = webDist !== null && existsSync(path.join(webDist, 'index.html'));
  const hasPublicPages = webDist !== null && existsSync(path.join(webDist, 'public.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: path.resolve(webDist),
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', cacheControlOf(filePath));
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '';
    if (pathname.startsWith('/api/') || pathname === '/api' || !hasWeb || req.method !== 'GET') {
      return reply.status(404).send({ type: 'NOT_FOUND', message: `No route ${req.method} ${pathname}.` });
    }
    // Participant pages (spec 002) are their own small app, apart from the staff bundle.
    const page = PUBLIC_PAGE.test(pathname) && hasPublicPages ? 'public.html' : 'index.html';
    return reply.sendFile(page);
  });
}
